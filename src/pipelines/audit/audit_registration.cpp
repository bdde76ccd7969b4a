#include "pipelines/audit/audit.hpp"
#include "pipelines/registrations.hpp"
#include "report/sections.hpp"

namespace adm::pipelines {

Pipeline audit_registration() {
  Pipeline p;
  p.name = "audit";
  p.summary = "data, plug-in information, group fairness";
  p.stages = {"data", "info", "fairness"};
  p.check_inputs = check_audit_inputs;
  p.run = run_audit;
  p.report_sections = {
      {"/fairness", "Fairness audit: group rates and metrics", report::fairness_figures},
      {"/info", "Information measures", report::info_figures}};
  return p;
}

}  // namespace adm::pipelines
