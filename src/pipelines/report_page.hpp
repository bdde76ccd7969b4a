#pragma once
// The HTML report of result files, written whole or not at all: what `admissible report` runs,
// and what a reproduction calls with its checker's verdicts (options.verdicts).
#include <string>
#include <vector>

#include "report/report.hpp"

namespace adm::pipelines {

// InputError for a missing or non-HDF5 result, or an HTML path that cannot be written.
void write_report(const std::vector<std::string>& results, const std::string& html,
                  const report::ReportOptions& options);

}  // namespace adm::pipelines
