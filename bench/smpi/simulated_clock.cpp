// parallel/clock.hpp under SimGrid SMPI: the simulated time. Linked into the SMPI build instead of
// src/parallel/clock.cpp. MPI_Wtime is an MPI call, so SMPI first charges the CPU time the rank
// used since its last MPI call (simulate-computation) and then reads the simulated clock;
// smpi_usleep lets simulated time pass for this rank only.
#include <mpi.h>
#include <smpi/smpi.h>

#include <cmath>

#include "parallel/clock.hpp"

namespace adm::dist {

ProtocolClock::time_point ProtocolClock::now() noexcept {
  return time_point(duration(static_cast<rep>(std::llround(MPI_Wtime() * 1e9))));
}

void pause_for(double seconds) {
  smpi_usleep(static_cast<useconds_t>(std::llround(seconds * 1e6)));
}

bool simulated_time() { return true; }

}  // namespace adm::dist
