#pragma once
// What a rank sent and received over MPI, counted at the lowest level (the Mailbox's point-to-point
// messages and the Communicator's collectives), so that the task farm and the frontier search
// report the same figures per stage: take a snapshot when the stage starts, gather the difference
// and every rank's peak memory at its end. The counts are exact (they depend only on who did what,
// not on timing); they depend on scheduling, so they go under /timing in result files.
//
// A collective counts as the point-to-point messages it stands for: a broadcast is its root
// sending the payload to each other rank (and each of them receiving it once), a gather is each
// rank sending its part to the root. How the MPI library routes them (trees, rings) is left out.
#include <cstdint>
#include <vector>

namespace adm::dist {

class Communicator;

struct TrafficCounts {
  std::uint64_t bytes_sent = 0;
  std::uint64_t bytes_received = 0;
  std::uint64_t messages_sent = 0;
  std::uint64_t messages_received = 0;
};

TrafficCounts operator-(const TrafficCounts& later, const TrafficCounts& earlier);

// This process's counters since it started. Only the main thread calls MPI (the farm's second
// thread never does), so plain integers suffice.
const TrafficCounts& traffic();
void count_sent(std::uint64_t bytes, std::uint64_t messages = 1);
void count_received(std::uint64_t bytes, std::uint64_t messages = 1);

// The process's peak resident set so far (VmHWM; getrusage's ru_maxrss where /proc is missing),
// in bytes; 0 if neither is available.
std::uint64_t peak_rss_bytes();

// Per rank, in rank order (complete on rank 0 after gather_traffic).
struct RankTraffic {
  std::vector<std::uint64_t> bytes_sent, bytes_received, messages_sent, messages_received;
  std::vector<std::uint64_t> peak_rss;  // bytes, at the stage's end
};

// Collective: every rank's traffic since `start` (a snapshot of traffic() taken when the stage
// began) and its peak RSS now, on rank 0; the other ranks get empty lists. The gather itself is
// not counted in the figures it returns.
RankTraffic gather_traffic(Communicator& comm, const TrafficCounts& start);

}  // namespace adm::dist
