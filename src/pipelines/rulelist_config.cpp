#include "pipelines/rulelist_config.hpp"

namespace adm::pipelines {

void describe(config::Fields&, RulelistSection&) {}

}  // namespace adm::pipelines
