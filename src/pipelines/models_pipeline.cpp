#include "pipelines/models_pipeline.hpp"

#include "core/error.hpp"

namespace adm::pipelines {

void check_models_inputs(const ExperimentConfig& config, const data::Dataset&) {
  throw InputError(config.file + ": config key 'run.pipeline': pipeline 'models' is not built yet");
}

void run_models(StageContext&, Timings&) {}

}  // namespace adm::pipelines
