#pragma once
// Private to src/parallel: what a search's ranks report in FrontierStats, gathered at its end: the
// per-rank figures to rank 0 only (to every rank they would cost O(P) each), the totals that every
// rank may print to every rank.
#include <mpi.h>

#include <cstdint>

#include "parallel/frontier_search.hpp"
#include "parallel/traffic.hpp"

namespace adm::dist {

struct RankFigures {
  std::uint64_t nodes = 0, batches = 0, steals = 0, leases = 0;
  double busy = 0, idle = 0, take = 0;
};

// Collective over `comm`.
void gather_rank_figures(MPI_Comm comm, int rank, int ranks, const RankFigures& mine,
                         FrontierStats& stats);
// Collective over `comm`'s ranks: each rank's traffic since `start` and its peak RSS, on rank 0.
void add_traffic(Communicator& comm, const TrafficCounts& start, FrontierStats& stats);

}  // namespace adm::dist
