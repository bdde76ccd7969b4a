#include "pipelines/shapley_pipeline.hpp"

#include "core/error.hpp"

namespace adm::pipelines {

void check_shapley_inputs(const ExperimentConfig& config, const data::Dataset&) {
  throw InputError(config.file +
                   ": config key 'run.pipeline': pipeline 'shapley' is not built yet");
}

void run_shapley(StageContext&, Timings&) {}

}  // namespace adm::pipelines
