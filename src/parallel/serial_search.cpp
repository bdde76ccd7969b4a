#include "parallel/serial_search.hpp"

#include <algorithm>

#include "core/elapsed.hpp"
#include "core/process_memory.hpp"
#include "parallel/clock.hpp"
#include "parallel/traffic.hpp"

namespace adm::dist {
namespace {

using Clock = ProtocolClock;  // simulated time under SMPI (parallel/clock.hpp)

}  // namespace

std::vector<std::string> serial_search(LocalSearch& search, const FrontierOptions& options,
                                       FrontierStats& stats) {
  search.partition(0, 1);
  search.start();
  const auto t0 = Clock::now();
  std::uint64_t nodes = 0;
  while (search.frontier_size() > 0) {
    if (search.wants_stop()) {
      stats.stopped_by_method = true;
      break;
    }
    const std::uint64_t cost = search.next_cost();
    if (options.max_nodes > 0 && nodes + cost > options.max_nodes) {
      stats.stopped_by_budget = true;
      break;
    }
    std::uint64_t budget = std::max(options.step_budget, cost);
    if (options.max_nodes > 0) budget = std::min(budget, options.max_nodes - nodes);
    MeteredWork work;
    nodes += work.units = search.step(budget);
  }
  stats.complete = search.frontier_size() == 0;
  stats.nodes = {nodes};
  stats.nodes_total = nodes;
  stats.busy_seconds = {seconds_since(t0)};
  stats.search_seconds = stats.busy_seconds[0];
  stats.idle_seconds = stats.take_seconds = {0.0};
  stats.steals_given = stats.routed_batches = {0};
  stats.messages_sent = stats.messages_received = stats.bytes_sent = stats.bytes_received = {0};
  const auto t1 = Clock::now();
  std::vector<std::string> findings;
  findings.push_back(search.findings());  // moved: a braced list would copy megabytes
  stats.findings_seconds = seconds_since(t1);
  stats.peak_rss = {peak_resident_bytes()};
  return findings;
}

}  // namespace adm::dist
