#pragma once
// The HTML report of result files, written whole or not at all: what `admissible report` runs,
// and what a reproduction calls with its checker's verdicts (options.verdicts).
#include <string>
#include <vector>

#include "report/report.hpp"

namespace adm::pipelines {

// InputError for a missing or non-HDF5 result, a file admissible did not write, or an HTML path
// that cannot be written (a folder, or one of the results).
void write_report(const std::vector<std::string>& results, const std::string& html,
                  const report::ReportOptions& options);

// InputError unless `html` names a file (not a folder) that is none of `inputs` (compared by
// device and inode, so another spelling of an input or a link to it is refused too).
void check_page_path(const std::string& html, const std::vector<std::string>& inputs);

}  // namespace adm::pipelines
