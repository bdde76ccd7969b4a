#include "dist/termination_waves.hpp"

#include "core/error.hpp"

namespace adm::dist {

void TerminationWaves::post(const WaveEntry& mine) {
  if (posted_) throw InternalError("termination waves: a wave is already in flight");
  mine_ = mine;  // MPI reads it until the wave completes
  MPI_Iallgather(&mine_, 8, MPI_DOUBLE, wave_.data(), 8, MPI_DOUBLE, comm_, &request_);
  posted_ = true;
}

bool TerminationWaves::complete() {
  if (!posted_) return false;
  int done = 0;
  MPI_Test(&request_, &done, MPI_STATUS_IGNORE);
  if (!done) return false;
  posted_ = false;
  ++count_;
  last_ = wave_;
  bool all_idle = true;
  double sent = 0, received = 0;
  for (const auto& e : last_) {
    all_idle = all_idle && e.idle != 0;
    sent += e.sent;
    received += e.received;
  }
  over_ = all_idle && sent == received && previous_all_idle_ && previous_sent_ == sent &&
          previous_received_ == received;
  previous_all_idle_ = all_idle;
  previous_sent_ = sent;
  previous_received_ = received;
  return true;
}

}  // namespace adm::dist
