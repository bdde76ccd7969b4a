#pragma once
// Private to src/dist: termination detection for an asynchronous search, by waves of a
// non-blocking all-gather (MPI_Iallgather) of every rank's (idle, messages sent, messages
// received, ...). The search is over after two consecutive waves in which every rank was idle and
// the totals did not change, with as many messages received as sent (Mattern's four-counter
// method; one wave is not enough, since counts read at different times can balance while a
// message is in flight). Failures and stop requests ride on the same waves.
#include <mpi.h>

#include <cstdint>
#include <vector>

namespace adm::dist {

// One rank's entry in a wave.
struct WaveEntry {
  double idle = 0, sent = 0, received = 0, nodes = 0, frontier = 0, failed = 0, stop = 0, pad = 0;
};
static_assert(sizeof(WaveEntry) == 8 * sizeof(double));

class TerminationWaves {
 public:
  TerminationWaves(MPI_Comm comm, int ranks)
      : comm_(comm), wave_(static_cast<std::size_t>(ranks)) {}
  TerminationWaves(const TerminationWaves&) = delete;
  TerminationWaves& operator=(const TerminationWaves&) = delete;

  bool posted() const { return posted_; }
  // Joins a new wave with this rank's entry (none may be in flight).
  void post(const WaveEntry& mine);
  // True when the posted wave has completed (every rank joined): last() is then its entries.
  bool complete();
  const std::vector<WaveEntry>& last() const { return last_; }
  // After complete(): whether the search is over (see above).
  bool over() const { return over_; }
  std::uint64_t count() const { return count_; }

 private:
  MPI_Comm comm_;
  WaveEntry mine_;
  std::vector<WaveEntry> wave_, last_;
  MPI_Request request_ = MPI_REQUEST_NULL;
  bool posted_ = false, over_ = false;
  std::uint64_t count_ = 0;
  bool previous_all_idle_ = false;
  double previous_sent_ = -1, previous_received_ = -1;
};

}  // namespace adm::dist
