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
  // The channel of the task farms' and frontier searches' messages, a duplicate of `world` made
  // once at start-up, so that they are never taken for another protocol's (the world's gathers,
  // Boost.MPI's collectives). Stages use it one after another: a farm ends when rank 0 holds every
  // result and every member has its stop, a search in a round where every rank is quiet and every
  // message sent has been received; and the next stage's first message follows a collective that
  // every rank enters only after leaving the last stage (a farm's gather of figures, a search's
  // closing all-reduces), or a stop from the same sender (MPI keeps a pair's messages in order).
  // A duplicate a stage cost at most tens of microseconds on a real MPI, but under SimGrid SMPI
  // the ranks left each MPI_Comm_dup 5-70 ms apart at 64 simulated ranks and 0.4 s at 1,024.
  MPI_Comm channel = MPI_COMM_NULL;
  WorldLayout layout;
  // Shared windows whose last user went away while an error unwound the stack: freeing one is
  // collective, so it waits for the end of the run (see node_block.cpp).
  std::vector<MPI_Win> windows_to_free;
};

}  // namespace adm::dist
