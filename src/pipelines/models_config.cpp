#include "pipelines/models_config.hpp"

namespace adm::pipelines {

void describe(config::Fields&, ModelsSection&) {}

}  // namespace adm::pipelines
