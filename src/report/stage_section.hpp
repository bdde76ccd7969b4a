#pragma once
// How the report draws one top-level group of a result: its title and the function drawing its
// figures. Pipelines declare theirs in the pipeline registry (src/pipelines/registry.hpp), which
// hands the list to render_report through ReportOptions::stages.
#include <string>

#include "report/result_data.hpp"

namespace adm::report {

struct StageSection {
  const char* group;  // top-level group of the result, e.g. "/rulelist"
  const char* title;
  std::string (*figures)(const ResultData&);  // figures and stage-specific tables, may be null
};

}  // namespace adm::report
