#pragma once
// Private to src/parallel: the MPI state behind Communicator. Plain MPI, no Boost.MPI, so the same
// code builds against any MPI implementation (Open MPI here; SimGrid's SMPI for simulated clusters,
// whose headers no prebuilt Boost.MPI matches).
#include <mpi.h>

#include <vector>

#include "parallel/communicator.hpp"

namespace adm::dist {

struct Communicator::Impl {
  MPI_Comm world = MPI_COMM_WORLD;
  bool finalize = false;          // this process initialised MPI, so it finalises it
  MPI_Comm node = MPI_COMM_NULL;  // the ranks sharing this rank's memory, in world rank order
  // Shared windows whose last user went away while an error unwound the stack: freeing one is
  // collective, so it waits for the end of the run (see node_block.cpp).
  std::vector<MPI_Win> windows_to_free;
};

}  // namespace adm::dist
