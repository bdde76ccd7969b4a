// parallel/clock.hpp under SimGrid SMPI: the simulated time. Linked into the SMPI build instead of
// src/parallel/clock.cpp. MPI_Wtime is an MPI call, so SMPI first charges the CPU time the rank
// used since its last MPI call (simulate-computation) and then reads the simulated clock;
// smpi_usleep lets simulated time pass for this rank only.
//
// ADM_SIM_UNIT_SECONDS=c (run.sh's MODEL_WORK=yes): a search's steps are charged c simulated
// seconds a unit (node) instead of the CPU they measure; everything else stays measured.
#include <mpi.h>
#include <smpi/smpi.h>

#include <cmath>
#include <cstdlib>

#include "parallel/clock.hpp"

namespace adm::dist {

ProtocolClock::time_point ProtocolClock::now() noexcept {
  return time_point(duration(static_cast<rep>(std::llround(MPI_Wtime() * 1e9))));
}

void pause_for(double seconds) {
  smpi_usleep(static_cast<useconds_t>(std::llround(seconds * 1e6)));
}

bool simulated_time() { return true; }

namespace {
double unit_seconds() {
  static const double c = [] {
    const char* text = std::getenv("ADM_SIM_UNIT_SECONDS");
    return text ? std::atof(text) : 0.0;
  }();
  return c;
}
}  // namespace

void work_begins() {
  if (unit_seconds() > 0) smpi_bench_end();  // charges the protocol's CPU so far, stops measuring
}

void work_ends(std::uint64_t units) {
  if (unit_seconds() <= 0) return;
  smpi_execute(static_cast<double>(units) * unit_seconds());
  smpi_bench_begin();
}

}  // namespace adm::dist
