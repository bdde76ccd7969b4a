#pragma once
// Pipeline "rulelist". Fair rule lists (pipeline = rulelist): CORELS branch-and-bound under
// fairness constraints, Pareto fronts.
#include "pipelines/stage.hpp"

namespace adm::pipelines {

void check_rulelist_inputs(const ExperimentConfig& config, const data::Dataset& data);
void run_rulelist(StageContext& context, Timings& timings);

}  // namespace adm::pipelines
