#include "pipelines/audit/audit.hpp"
#include "pipelines/infogram/infogram_config.hpp"
#include "pipelines/infogram/infogram_pipeline.hpp"
#include "pipelines/registrations.hpp"
#include "report/sections.hpp"

namespace adm::pipelines {

Pipeline infogram_registration() {
  Pipeline p;
  p.name = "infogram";
  p.summary = "ML-powered core/fair InfoGram, admissible set, ALFA test";
  p.sections = {member_section("infogram", "Core or fair InfoGram (pipeline = infogram).",
                               &ExperimentConfig::infogram),
                member_section("alfa", "ALFA test and adverse impact (pipeline = infogram).",
                               &ExperimentConfig::alfa)};
  p.stages = {"data", "infogram", "alfa"};
  p.check_inputs = check_infogram_inputs;
  p.run = [](StageContext& context, Timings& timings) { run_infogram(context, timings); };
  p.report_sections = {{"/infogram", "InfoGram", report::infogram_figures},
                       {"/alfa", "ALFA: admissible learning for fairness", report::alfa_figures}};
  return p;
}

Pipeline all_registration() {
  Pipeline p;
  p.name = "all";
  p.summary = "audit + infogram";
  p.stages = {"data", "info", "fairness", "infogram", "alfa"};
  p.check_inputs = [](const ExperimentConfig& config, const data::Dataset& data) {
    check_audit_inputs(config, data);
    check_infogram_inputs(config, data);
  };
  p.run = [](StageContext& context, Timings& timings) {
    run_audit(context, timings);
    run_infogram(context, timings, /*describe_data=*/false);  // the audit described it
  };
  return p;
}

}  // namespace adm::pipelines
