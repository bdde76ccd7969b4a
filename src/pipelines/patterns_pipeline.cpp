#include "pipelines/patterns_pipeline.hpp"

#include "core/error.hpp"

namespace adm::pipelines {

void check_patterns_inputs(const ExperimentConfig& config, const data::Dataset&) {
  throw InputError(config.file +
                   ": config key 'run.pipeline': pipeline 'patterns' is not built yet");
}

void run_patterns(StageContext&, Timings&) {}

}  // namespace adm::pipelines
