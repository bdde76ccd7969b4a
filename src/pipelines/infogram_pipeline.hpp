#pragma once
// The InfoGram pipeline (paper sections 2-3): relevance and net (core) or safety (fair) information
// of every feature from ML-powered CMI, each model fit a task of the farm; the L-region and the
// admissible set; the ALFA test of the outcome and of model decisions given the admissible set,
// with model-based bootstrap p-values; AIR and CAIR; an SVG infogram next to the result.
#include <string>
#include <utility>
#include <vector>

#include "pipelines/stage.hpp"

namespace adm::pipelines {

void check_infogram_inputs(const ExperimentConfig& config, const data::Dataset& data);
// `describe_data` = false when another pipeline of the same run already described the data.
void run_infogram(StageContext& context, Timings& timings, bool describe_data = true);

// Stages (one file each).
struct InfogramOutcome {
  std::vector<std::string> admissible;
};
InfogramOutcome infogram_stage(StageContext& context);
void alfa_stage(StageContext& context, const std::vector<std::string>& admissible);

}  // namespace adm::pipelines
