#pragma once
// `admissible report`: one self-contained HTML page (inline CSS and SVG, no scripts, nothing
// fetched) for one result or many (a whole reproduction), with a verdict table when given one.
#include <string>
#include <vector>

#include "core/result_document.hpp"
#include "core/verdict.hpp"

namespace adm::report {

struct ReportOptions {
  std::string title = "admissible report";
  const VerdictTable* verdicts = nullptr;  // optional: rendered first
};

// The page: title, verdicts (if any), a contents list, then per result its provenance, one
// section per stage present (figures and tables) and a listing of anything else.
std::string render_report(const std::vector<ResultDocument>& results, const ReportOptions& options);

}  // namespace adm::report
