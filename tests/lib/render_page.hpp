#pragma once
// The report page as `admissible report` draws it: every registered pipeline's stage sections
// (the registry supplies them; report::render_report alone draws only the sections it is given).
#include <string>
#include <vector>

#include "core/result_document.hpp"
#include "pipelines/registry.hpp"
#include "report/report.hpp"

namespace adm::test {

inline std::string render_page(const std::vector<ResultDocument>& results,
                               report::ReportOptions options = {}) {
  if (options.stages.empty()) options.stages = pipelines::report_sections();
  return report::render_report(results, options);
}

}  // namespace adm::test
