#pragma once
// Pipeline "models". Admissible models (pipeline = models): InfoGram -> admissible set ->
// tree/GLM/lasso/forest -> accuracy, AUC and ALFA of predictions.
#include "pipelines/stage.hpp"

namespace adm::pipelines {

void check_models_inputs(const ExperimentConfig& config, const data::Dataset& data);
void run_models(StageContext& context, Timings& timings);

}  // namespace adm::pipelines
