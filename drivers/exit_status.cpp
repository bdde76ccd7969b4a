#include "exit_status.hpp"

#include <iostream>

#include "core/error.hpp"
#include "core/termination.hpp"

namespace adm::driver {

int error_exit(const std::exception& e, dist::Communicator& comm) {
  // This rank now ends with an error; a SIGTERM from here on is mpirun stopping the job for it.
  remove_termination_handlers();
  const int code = dynamic_cast<const InputError*>(&e) ? kExitBadInput : kExitInternal;
  const bool collective = dynamic_cast<const CollectiveFailure*>(&e) != nullptr;
  if (comm.is_root() || !collective) {
    std::cerr << "admissible: error: ";
    if (!comm.is_root()) std::cerr << "[rank " << comm.rank() << "/" << comm.size() << "] ";
    std::cerr << e.what() << std::endl;
  }
  // An error only this rank saw: the others may be waiting on it, so end the whole job.
  if (!collective && comm.size() > 1) comm.abort(code);
  return code;
}

}  // namespace adm::driver
