#pragma once
// The data columns that config sections other than [data] name. The readers load only the
// columns a run uses (data/used_columns.hpp), so a pipeline that reads a column must name it
// here: a key added to a section that names a column belongs in this list too.
#include <string>
#include <vector>

#include "pipelines/experiment_config.hpp"

namespace adm::pipelines {

// Every such column, whatever the pipeline (a column named by a section the run does not use is
// read for nothing, but never missed).
std::vector<std::string> pipeline_columns(const ExperimentConfig& config);

}  // namespace adm::pipelines
