#include "pipelines/registrations.hpp"
#include "pipelines/shapley/shapley_pipeline.hpp"
#include "report/sections.hpp"

namespace adm::pipelines {

Pipeline shapley_registration() {
  Pipeline p;
  p.name = "shapley";
  p.summary = "fairness-aware feature selection";
  p.sections = {member_section("shapley", "Fairness-aware feature selection (pipeline = shapley).",
                               &ExperimentConfig::shapley)};
  p.stages = {"data", "shapley"};
  p.check_inputs = check_shapley_inputs;
  p.run = run_shapley;
  p.report_sections = {{"/shapley", "Shapley values", report::shapley_figures}};
  return p;
}

}  // namespace adm::pipelines
