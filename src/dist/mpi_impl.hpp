#pragma once
// Private to src/dist: the MPI state behind Communicator. Plain MPI, no Boost.MPI, so the same code
// builds against any MPI implementation (Open MPI here; SimGrid's SMPI for simulated clusters,
// whose headers no prebuilt Boost.MPI matches).
#include <mpi.h>

#include "dist/communicator.hpp"

namespace adm::dist {

struct Communicator::Impl {
  MPI_Comm world = MPI_COMM_WORLD;
  bool finalize = false;  // this process initialised MPI, so it finalises it
};

}  // namespace adm::dist
