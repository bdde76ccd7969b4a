#include "pipelines/rulelist_pipeline.hpp"

#include "core/error.hpp"

namespace adm::pipelines {

void check_rulelist_inputs(const ExperimentConfig& config, const data::Dataset&) {
  throw InputError(config.file +
                   ": config key 'run.pipeline': pipeline 'rulelist' is not built yet");
}

void run_rulelist(StageContext&, Timings&) {}

}  // namespace adm::pipelines
