#include "dist/frontier_search.hpp"

#include <algorithm>
#include <boost/mpi/collectives.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <chrono>
#include <exception>
#include <numeric>

#include "core/error.hpp"
#include "dist/mpi_impl.hpp"

namespace adm::dist {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kNodesTag = 211;

// What each rank reports at the end of a round.
struct RoundReport {
  double frontier = 0;
  double nodes = 0;  // expanded in this round
  double threshold = 0;
  double failed = 0;
  double wants_stop = 0;
};

// Expands nodes until the slice is over or the frontier is empty.
std::uint64_t expand_slice(LocalSearch& search, const FrontierOptions& options, double seconds,
                           double& busy) {
  const auto t0 = Clock::now();
  std::uint64_t nodes = 0;
  while (search.frontier_size() > 0 && !search.wants_stop()) {
    nodes += search.step(options.step_budget);
    if (std::chrono::duration<double>(Clock::now() - t0).count() >= seconds) break;
  }
  busy += std::chrono::duration<double>(Clock::now() - t0).count();
  return nodes;
}

std::vector<std::string> serial_search(LocalSearch& search, const FrontierOptions& options,
                                       FrontierStats& stats) {
  search.start();
  const auto t0 = Clock::now();
  std::uint64_t nodes = 0;
  while (search.frontier_size() > 0) {
    if (search.wants_stop()) {
      stats.stopped_by_method = true;
      break;
    }
    if (options.max_nodes > 0 && nodes >= options.max_nodes) {
      stats.stopped_by_budget = true;
      break;
    }
    std::uint64_t budget = options.step_budget;
    if (options.max_nodes > 0) budget = std::min(budget, options.max_nodes - nodes);
    nodes += search.step(budget);
    ++stats.rounds;
  }
  stats.complete = search.frontier_size() == 0;
  stats.nodes = {nodes};
  stats.busy_seconds = {std::chrono::duration<double>(Clock::now() - t0).count()};
  return {search.findings()};
}

// Ranks with an empty frontier each receive half the frontier of one of the busiest ranks.
// Every rank computes the same pairing from the same reports.
std::vector<std::pair<int, int>> plan_transfers(const std::vector<RoundReport>& reports) {
  std::vector<int> receivers, donors;
  for (int r = 0; r < static_cast<int>(reports.size()); ++r) {
    if (reports[r].frontier == 0) receivers.push_back(r);
    if (reports[r].frontier >= 2) donors.push_back(r);
  }
  std::stable_sort(donors.begin(), donors.end(),
                   [&](int a, int b) { return reports[a].frontier > reports[b].frontier; });
  std::vector<std::pair<int, int>> pairs;  // (donor, receiver)
  for (std::size_t i = 0; i < std::min(receivers.size(), donors.size()); ++i)
    pairs.emplace_back(donors[i], receivers[i]);
  return pairs;
}

}  // namespace

std::uint64_t FrontierStats::total_nodes() const {
  return std::accumulate(nodes.begin(), nodes.end(), std::uint64_t{0});
}

std::vector<std::string> frontier_search(Communicator& comm, LocalSearch& search,
                                         const FrontierOptions& options, FrontierStats* stats_out) {
  FrontierStats stats;
  if (comm.size() == 1) {
    auto findings = serial_search(search, options, stats);
    if (stats_out) *stats_out = stats;
    return findings;
  }

  auto& world = comm.impl()->world;
  const auto ranks = static_cast<std::size_t>(comm.size());
  std::exception_ptr failure;
  try {
    if (comm.is_root()) search.start();
  } catch (...) {
    failure = std::current_exception();
  }
  std::uint64_t my_nodes = 0, all_nodes = 0;
  double busy = 0;
  double slice = options.slice_seconds;
  for (;;) {
    RoundReport mine;
    if (!failure) {
      try {
        const std::uint64_t n = expand_slice(search, options, slice, busy);
        my_nodes += n;
        mine.nodes = static_cast<double>(n);
        mine.frontier = static_cast<double>(search.frontier_size());
        mine.threshold = search.threshold();
        mine.wants_stop = search.wants_stop() ? 1 : 0;
      } catch (...) {
        failure = std::current_exception();
      }
    }
    mine.failed = failure ? 1 : 0;
    std::vector<double> packed{mine.frontier, mine.nodes, mine.threshold, mine.failed,
                               mine.wants_stop};
    std::vector<std::vector<double>> gathered;
    boost::mpi::all_gather(world, packed, gathered);
    std::vector<RoundReport> reports(ranks);
    bool any_failed = false, any_stop = false;
    double total_frontier = 0, best = mine.threshold;
    for (std::size_t r = 0; r < ranks; ++r) {
      const auto& g = gathered[r];
      reports[r] = RoundReport{g[0], g[1], g[2], g[3], g[4]};
      any_failed = any_failed || g[3] != 0;
      any_stop = any_stop || g[4] != 0;
      total_frontier += g[0];
      all_nodes += static_cast<std::uint64_t>(g[1]);
      best = std::min(best, g[2]);
    }
    ++stats.rounds;
    if (any_failed) {
      // Every rank throws the lowest failing rank's error, so none waits for the others.
      comm.agree([&] {
        if (failure) std::rethrow_exception(failure);
      });
      throw InternalError("frontier search: a rank failed without an error");  // unreachable
    }
    if (total_frontier == 0) {
      stats.complete = true;
      break;
    }
    if (any_stop) {
      stats.stopped_by_method = true;
      break;
    }
    if (options.max_nodes > 0 && all_nodes >= options.max_nodes) {
      stats.stopped_by_budget = true;
      break;
    }
    if (best < mine.threshold) search.tighten(best);
    const auto pairs = plan_transfers(reports);
    for (const auto& [donor, receiver] : pairs) {
      // A failing give/take still completes the exchange; the next round reports the failure.
      if (comm.rank() == donor) {
        std::string nodes;
        try {
          nodes = search.give(static_cast<std::uint64_t>(reports[donor].frontier) / 2);
        } catch (...) {
          failure = std::current_exception();
        }
        world.send(receiver, kNodesTag, nodes);
      } else if (comm.rank() == receiver) {
        std::string nodes;
        world.recv(donor, kNodesTag, nodes);
        try {
          search.take(nodes);
        } catch (...) {
          failure = std::current_exception();
        }
      }
    }
    stats.transfers += pairs.size();
    // Longer slices while everyone is busy (fewer rounds), the base slice once someone starves.
    const bool someone_idle =
        std::any_of(reports.begin(), reports.end(), [](const auto& r) { return r.frontier == 0; });
    slice = someone_idle ? options.slice_seconds : std::min(slice * 2, 16 * options.slice_seconds);
  }

  std::vector<std::uint64_t> nodes;
  boost::mpi::all_gather(world, my_nodes, nodes);
  std::vector<double> busy_all;
  boost::mpi::all_gather(world, busy, busy_all);
  stats.nodes = nodes;
  stats.busy_seconds = busy_all;
  std::vector<std::string> findings;
  boost::mpi::all_gather(world, search.findings(), findings);
  if (stats_out) *stats_out = stats;
  return findings;
}

}  // namespace adm::dist
