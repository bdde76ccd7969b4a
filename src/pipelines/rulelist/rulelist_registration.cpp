#include "pipelines/registrations.hpp"
#include "pipelines/rulelist/rulelist_pipeline.hpp"
#include "report/sections.hpp"

namespace adm::pipelines {

Pipeline rulelist_registration() {
  Pipeline p;
  p.name = "rulelist";
  p.summary = "fair rule lists";
  p.sections = {member_section("rulelist", "Fair rule lists (pipeline = rulelist).",
                               &ExperimentConfig::rulelist)};
  p.stages = {"rulelist_rules", "rulelist_search", "rulelist_pareto"};
  p.check_inputs = check_rulelist_inputs;
  p.run = run_rulelist;
  p.extra_inputs = [](const ExperimentConfig& config) {
    const auto& r = config.rulelist;  // rules and labels in CORELS' own files
    return std::vector<std::string>{r.corels_out, r.corels_label, r.corels_minor, r.corels_groups};
  };
  p.report_sections = {{"/rulelist", "Rule lists (FairCORELS)", report::rulelist_figures}};
  return p;
}

}  // namespace adm::pipelines
