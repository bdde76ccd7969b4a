#pragma once
// Pipeline "patterns". Fair naive Bayes (pipeline = patterns): discrimination-pattern mining and
// delta-fair learning.
#include "pipelines/stage.hpp"

namespace adm::pipelines {

void check_patterns_inputs(const ExperimentConfig& config, const data::Dataset& data);
void run_patterns(StageContext& context, Timings& timings);

}  // namespace adm::pipelines
