#pragma once
// Private to src/parallel: the MPI state behind Communicator. Plain MPI, no Boost.MPI, so the same
// code builds against any MPI implementation (Open MPI here; SimGrid's SMPI for simulated clusters,
// whose headers no prebuilt Boost.MPI matches).
#include <mpi.h>

#include <vector>

#include "parallel/communicator.hpp"

namespace adm::dist {

// Where the ranks live, learned once when the world is made (farm_nodes.cpp): every rank's node
// leader as MPI sees it (its node's lowest world rank) and rank 0's ADM_FARM_NODE_RANKS (-1
// unset), the same on every rank; `bad_rank` is the lowest rank whose variable was malformed (-1:
// none), so that every stage can report it without another collective.
struct WorldLayout {
  std::vector<int> mpi_leaders;
  long node_ranks = -1;
  int bad_rank = -1;
};
// Collective over `world` (a gather and a broadcast); `node` is this rank's node.
WorldLayout learn_world_layout(MPI_Comm world, MPI_Comm node, int rank, int size);

struct Communicator::Impl {
  MPI_Comm world = MPI_COMM_WORLD;
  bool finalize = false;          // this process initialised MPI, so it finalises it
  MPI_Comm node = MPI_COMM_NULL;  // the ranks sharing this rank's memory, in world rank order
  // The frontier searches' channel, a duplicate of `world` made once at start-up: a search's
  // messages can never be taken for another protocol's. Searches use it one after another: each
  // ends only in a round where every rank is quiet and every message sent has been received, and
  // its closing all-reduces on the channel complete only once every rank has left its loop, so no
  // message of one search is left for, or reaches a rank still in, the previous one. (A duplicate
  // a search cost 5-70 ms at 64 simulated ranks, where ranks left MPI_Comm_dup that far apart.)
  MPI_Comm search = MPI_COMM_NULL;
  WorldLayout layout;
  // Shared windows whose last user went away while an error unwound the stack: freeing one is
  // collective, so it waits for the end of the run (see node_block.cpp).
  std::vector<MPI_Win> windows_to_free;
};

}  // namespace adm::dist
