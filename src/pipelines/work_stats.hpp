#pragma once
// Writes what the distributed layer did (a search's dist::FrontierStats, the task farm's per-stage
// dist::FarmStats) under /timing/: these counts depend on which rank did what, so they stay out of
// the compared results.
#include <string>

#include "core/result_set.hpp"
#include "parallel/frontier_search.hpp"
#include "parallel/task_farm.hpp"

namespace adm::pipelines {

// Per-rank MPI traffic and peak RSS of one stage, under group `g` (ending in "/").
void write_rank_traffic(ResultSet& out, const std::string& g, const dist::RankTraffic& t);

void write_frontier_stats(ResultSet& out, const std::string& name, const dist::FrontierStats& fs,
                          double seconds);

// Every farm stage under /timing/farm/<stage>/ (a repeated stage name gets "#2", "#3", ...).
void write_farm_stats(ResultSet& out,
                      const std::vector<std::pair<std::string, dist::FarmStats>>& history);

}  // namespace adm::pipelines
