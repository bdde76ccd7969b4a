#include "pipelines/fairforest/fairforest_pipeline.hpp"
#include "pipelines/registrations.hpp"
#include "report/sections.hpp"

namespace adm::pipelines {

Pipeline fairforest_registration() {
  Pipeline p;
  p.name = "fairforest";
  p.summary = "Fair Forests";
  p.sections = {member_section("fairforest", "Fair Forests (pipeline = fairforest).",
                               &ExperimentConfig::fairforest)};
  p.stages = {"fairforest.metrics", "fairforest.sweep"};
  p.check_inputs = check_fairforest_inputs;
  p.run = run_fairforest;
  p.extra_inputs = [](const ExperimentConfig& config) {
    return std::vector<std::string>{config.fairforest.test_source};  // scored on it when set
  };
  p.report_sections = {{"/fairforest", "Fair Forests", report::fairforest_figures}};
  return p;
}

}  // namespace adm::pipelines
