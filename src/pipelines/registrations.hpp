#pragma once
// Each built-in pipeline's registration: name, config sections, stages, runner, report sections.
// Defined in the pipeline's own registration file.
#include "pipelines/registry.hpp"

namespace adm::pipelines {

Pipeline audit_registration();
Pipeline infogram_registration();
Pipeline all_registration();  // audit, then infogram
Pipeline models_registration();
Pipeline shapley_registration();
Pipeline rulelist_registration();
Pipeline patterns_registration();
Pipeline fairforest_registration();

}  // namespace adm::pipelines
