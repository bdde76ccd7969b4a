#pragma once
// The pipelines that come with the program, in the order `config-keys` documents them and the
// report draws their sections. Each is declared once, by its own registration function.
#include <vector>

#include "pipelines/registry.hpp"

namespace adm::pipelines {

std::vector<Pipeline> builtin_pipelines();

}  // namespace adm::pipelines
