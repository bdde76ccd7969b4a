#pragma once
// `admissible report`: one self-contained HTML page (inline CSS and SVG, no scripts, nothing
// fetched) for one result or many (a whole reproduction), with a verdict table when given one.
#include <string>
#include <vector>

#include "core/result_document.hpp"
#include "core/verdict.hpp"
#include "report/stage_section.hpp"

namespace adm::report {

struct ReportOptions {
  std::string title = "admissible report";
  const VerdictTable* verdicts = nullptr;  // optional: rendered first
  std::vector<PaperCitation> papers;       // the papers the verdicts reproduce, cited per paper
  // The page's top line: which run (a reproduction folder, or the results' run names), when the
  // page was written and by which program version; empty parts are left out.
  std::string run_name, written, version;
  std::string base_dir;  // result files in the verdict table are shown relative to it
  // The groups drawn as stage sections, in order (pipelines::report_sections() gives every
  // registered pipeline's); other groups are listed generically.
  std::vector<StageSection> stages;
};

// The page: title, run line, verdicts (if any), a contents list, then per result its provenance,
// one section per stage present (figures and tables) and a listing of anything else.
std::string render_report(const std::vector<ResultDocument>& results, const ReportOptions& options);

}  // namespace adm::report
