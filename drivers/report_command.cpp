#include "report_command.hpp"

#include <iostream>

#include "core/input_file.hpp"
#include "pipelines/report_page.hpp"
#include "report/verdict_tsv.hpp"

namespace adm::driver {

CLI::App* add_report_command(CLI::App& app, ReportArgs& args) {
  auto* report = app.add_subcommand(
      "report", "Write one self-contained HTML page (tables, plots, provenance) for result files");
  report->add_option("RESULT", args.results, "Result files (HDF5)")->required();
  report->add_option("--html", args.html, "The HTML file to write")->required();
  report->add_option("--verdicts", args.verdicts,
                     "A verdict table to show first (tab-separated: paper, figure, result, path, "
                     "ours, published, comparison, holds, explanation)");
  report->add_option("--title", args.title, "Page title");
  return report;
}

void run_report_command(const ReportArgs& args) {
  VerdictTable verdicts;
  report::ReportOptions options;
  options.title = args.title;
  if (!args.verdicts.empty()) {
    pipelines::check_page_path(args.html, {args.verdicts});  // never overwrite the verdict table
    verdicts = report::parse_verdicts_tsv(read_regular_file(args.verdicts, "verdict table"),
                                          args.verdicts);
    options.verdicts = &verdicts;
  }
  pipelines::write_report(args.results, args.html, options);
  std::cout << "report: " << args.html << std::endl;  // where to open it
}

}  // namespace adm::driver
