#pragma once
// Private to src/parallel: frontier_search on one rank, a plain serial loop (no MPI).
#include <string>
#include <vector>

#include "parallel/frontier_search.hpp"

namespace adm::dist {

std::vector<std::string> serial_search(LocalSearch& search, const FrontierOptions& options,
                                       FrontierStats& stats);

}  // namespace adm::dist
