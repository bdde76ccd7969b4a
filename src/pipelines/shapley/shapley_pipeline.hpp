#pragma once
// Pipeline "shapley". Fairness-aware feature selection (pipeline = shapley): accuracy and
// discrimination coefficients, Shapley values.
#include "pipelines/stage.hpp"

namespace adm::pipelines {

void check_shapley_inputs(const ExperimentConfig& config, const data::Dataset& data);
void run_shapley(StageContext& context, Timings& timings);

}  // namespace adm::pipelines
