#pragma once
// What a rank sent and received over MPI, counted at the lowest level (the Mailbox's point-to-point
// messages and the Communicator's collectives), so that the task farm and the frontier search
// report the same figures per stage: take a snapshot when the stage starts, gather the difference
// and every rank's peak memory at its end. The counts are exact (they depend only on who did what,
// not on timing); they depend on scheduling, so they go under /timing in result files.
//
// A collective counts as the point-to-point messages it stands for: a broadcast is a binomial
// tree (each rank receives the payload once and forwards it to its children, so the root sends
// ceil(log2 P) copies: MPICH's and Open MPI's algorithm for small payloads; for large ones they
// pipeline along a chain or binary tree, where no rank sends more), a gather is each rank sending
// its part to the root. Other routing of the libraries (rings, pipelining) is left out.
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

// Ranks `rank` forwards a broadcast from `root` to in a binomial tree of `size` ranks: with
// v = (rank - root) mod size, the ranks v + 2^k for every 2^k below v's lowest set bit (every 2^k
// for the root) that are < size.
std::uint64_t broadcast_children(int rank, int root, int size);

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
