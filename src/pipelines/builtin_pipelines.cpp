#include "pipelines/builtin_pipelines.hpp"

#include "pipelines/registrations.hpp"

namespace adm::pipelines {

std::vector<Pipeline> builtin_pipelines() {
  // One line per pipeline; the order is the documentation's and the report's.
  return {audit_registration(),    infogram_registration(),  all_registration(),
          models_registration(),   shapley_registration(),   rulelist_registration(),
          patterns_registration(), fairforest_registration()};
}

}  // namespace adm::pipelines
