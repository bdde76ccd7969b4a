#pragma once
// How a command's exception becomes the program's exit: one line on stderr (rank 0's, or this
// rank's with its number when only it failed) and exit code 2 (bad input) or 1 (internal).
#include <exception>

#include "parallel/communicator.hpp"

namespace adm::driver {

// An error only this rank saw ends the whole job (MPI_Abort), as the other ranks may be waiting
// on it; a collective one returns its code on every rank.
int error_exit(const std::exception& e, dist::Communicator& comm);

}  // namespace adm::driver
