#include "pipelines/shapley_config.hpp"

namespace adm::pipelines {

void describe(config::Fields&, ShapleySection&) {}

}  // namespace adm::pipelines
