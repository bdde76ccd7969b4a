#include "parallel/traffic.hpp"

#include <algorithm>
#include <iterator>
#include <string>

#include "core/process_memory.hpp"
#include "parallel/mpi_impl.hpp"

namespace adm::dist {
namespace {

TrafficCounts& counters() {
  static TrafficCounts counts;
  return counts;
}

}  // namespace

TrafficCounts operator-(const TrafficCounts& later, const TrafficCounts& earlier) {
  return {later.bytes_sent - earlier.bytes_sent, later.bytes_received - earlier.bytes_received,
          later.messages_sent - earlier.messages_sent,
          later.messages_received - earlier.messages_received};
}

const TrafficCounts& traffic() { return counters(); }

void count_sent(std::uint64_t bytes, std::uint64_t messages) {
  counters().bytes_sent += bytes;
  counters().messages_sent += messages;
}

void count_received(std::uint64_t bytes, std::uint64_t messages) {
  counters().bytes_received += bytes;
  counters().messages_received += messages;
}

std::uint64_t broadcast_children(int rank, int root, int size) {
  const int v = ((rank - root) % size + size) % size;
  std::uint64_t children = 0;
  // A rank receives from v - (lowest set bit of v) and sends for every smaller power of two.
  for (int step = 1; step < size; step <<= 1) {
    if (v & step) break;
    if (v + step < size) ++children;
  }
  return children;
}

RankTraffic gather_traffic(Communicator& comm, const TrafficCounts& start) {
  // Taken before the gather, so the gather's own bytes stay out of the stage's figures.
  const TrafficCounts d = traffic() - start;
  const std::uint64_t mine[5] = {d.bytes_sent, d.bytes_received, d.messages_sent,
                                 d.messages_received, peak_resident_bytes()};
  const auto ranks = static_cast<std::size_t>(comm.size());
  std::vector<std::uint64_t> all(5 * ranks);
  if (ranks == 1)
    std::copy(std::begin(mine), std::end(mine), all.begin());
  else
    MPI_Gather(mine, 5, MPI_UINT64_T, all.data(), 5, MPI_UINT64_T, 0, comm.impl()->world);
  RankTraffic out;
  if (!comm.is_root()) return out;
  for (std::size_t r = 0; r < ranks; ++r) {
    out.bytes_sent.push_back(all[5 * r]);
    out.bytes_received.push_back(all[5 * r + 1]);
    out.messages_sent.push_back(all[5 * r + 2]);
    out.messages_received.push_back(all[5 * r + 3]);
    out.peak_rss.push_back(all[5 * r + 4]);
  }
  return out;
}

}  // namespace adm::dist
