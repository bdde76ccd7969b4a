#include "pipelines/models/models_pipeline.hpp"
#include "pipelines/registrations.hpp"
#include "report/sections.hpp"

namespace adm::pipelines {

Pipeline models_registration() {
  Pipeline p;
  p.name = "models";
  p.summary = "admissible models ranked by ALFA";
  p.sections = {member_section("models", "Admissible models (pipeline = models).",
                               &ExperimentConfig::models)};
  p.stages = {"data", "infogram", "models.score"};
  p.check_inputs = check_models_inputs;
  p.run = run_models;
  p.report_sections = {{"/models", "Models and their scores", report::models_figures}};
  return p;
}

}  // namespace adm::pipelines
