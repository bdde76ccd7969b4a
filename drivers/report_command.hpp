#pragma once
// `admissible report RESULT.h5... --html FILE [--verdicts FILE.tsv] [--title TEXT]`: reads the
// results (src/io), renders one HTML page (src/report) and writes it whole or not at all.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace adm::driver {

struct ReportArgs {
  std::vector<std::string> results;
  std::string html;
  std::string verdicts;  // optional TSV verdict table (report/verdict_tsv.hpp)
  std::string title = "admissible report";
};

CLI::App* add_report_command(CLI::App& app, ReportArgs& args);
// Writes the page; InputError for a missing or unreadable result or verdict file.
void run_report_command(const ReportArgs& args);

}  // namespace adm::driver
