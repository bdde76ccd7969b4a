#include "parallel/search_figures.hpp"

#include <utility>
#include <vector>

namespace adm::dist {

void gather_rank_figures(MPI_Comm comm, int rank, int ranks, const RankFigures& mine,
                         FrontierStats& stats) {
  std::vector<RankFigures> all(rank == 0 ? static_cast<std::size_t>(ranks) : 0);
  MPI_Gather(&mine, sizeof mine, MPI_BYTE, all.data(), sizeof mine, MPI_BYTE, 0, comm);
  for (const auto& f : all) {
    stats.nodes.push_back(f.nodes);
    stats.routed_batches.push_back(f.batches);
    stats.steals_given.push_back(f.steals);
    stats.busy_seconds.push_back(f.busy);
    stats.idle_seconds.push_back(f.idle);
    stats.take_seconds.push_back(f.take);
  }
  const std::uint64_t counts[3] = {mine.nodes, mine.steals, mine.leases};
  std::uint64_t sums[3] = {0, 0, 0};
  MPI_Allreduce(counts, sums, 3, MPI_UINT64_T, MPI_SUM, comm);
  stats.nodes_total = sums[0];
  stats.steals = sums[1];
  stats.leases = sums[2];
}

void add_traffic(Communicator& comm, const TrafficCounts& start, FrontierStats& stats) {
  auto t = gather_traffic(comm, start);
  stats.messages_sent = std::move(t.messages_sent);
  stats.messages_received = std::move(t.messages_received);
  stats.bytes_sent = std::move(t.bytes_sent);
  stats.bytes_received = std::move(t.bytes_received);
  stats.peak_rss = std::move(t.peak_rss);
}

}  // namespace adm::dist
