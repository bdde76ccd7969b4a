#pragma once
// Private to src/dist: the Boost.MPI objects behind Communicator.
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <memory>
#include <vector>

#include "dist/communicator.hpp"

namespace adm::dist {

struct Communicator::Impl {
  std::unique_ptr<boost::mpi::environment> env;
  boost::mpi::communicator world;
  MPI_Comm node = MPI_COMM_NULL;  // the ranks sharing this rank's memory, in world rank order
  // Shared windows whose last user went away while an error unwound the stack: freeing one is
  // collective, so it waits for the end of the run (see node_block.cpp).
  std::vector<MPI_Win> windows_to_free;
};

}  // namespace adm::dist
