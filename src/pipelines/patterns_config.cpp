#include "pipelines/patterns_config.hpp"

namespace adm::pipelines {

void describe(config::Fields&, PatternsSection&) {}

}  // namespace adm::pipelines
