#include "pipelines/patterns/patterns_pipeline.hpp"
#include "pipelines/registrations.hpp"
#include "report/sections.hpp"

namespace adm::pipelines {

Pipeline patterns_registration() {
  Pipeline p;
  p.name = "patterns";
  p.summary = "fair naive Bayes";
  p.sections = {member_section("patterns", "Fair naive Bayes (pipeline = patterns).",
                               &ExperimentConfig::patterns)};
  p.stages = {"patterns_mine", "patterns_baselines", "patterns_fair", "patterns_cv"};
  p.check_inputs = check_patterns_inputs;
  p.run = run_patterns;
  p.report_sections = {{"/patterns", "Discrimination patterns", report::patterns_figures}};
  return p;
}

}  // namespace adm::pipelines
