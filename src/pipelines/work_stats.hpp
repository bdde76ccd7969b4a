#pragma once
// Writes what a distributed search did (dist::FrontierStats) under /timing/<name>/: every count in
// it depends on which rank expanded what, so it stays out of the compared results.
#include <string>

#include "core/result_set.hpp"
#include "dist/frontier_search.hpp"

namespace adm::pipelines {

void write_frontier_stats(ResultSet& out, const std::string& name, const dist::FrontierStats& fs,
                          double seconds);

}  // namespace adm::pipelines
