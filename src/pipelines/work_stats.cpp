#include "pipelines/frontier_stats.hpp"

namespace adm::pipelines {
namespace {

std::vector<std::int64_t> as_int64(const std::vector<std::uint64_t>& v) {
  return {v.begin(), v.end()};
}

}  // namespace

void write_frontier_stats(ResultSet& out, const std::string& name, const dist::FrontierStats& fs,
                          double seconds) {
  const std::string g = "/timing/" + name + "/";
  out.add(g + "seconds", std::vector<double>{seconds}, "Wall time of the search.", "s");
  out.add(g + "nodes_per_rank", as_int64(fs.nodes), "Frontier nodes taken by each rank.", "nodes");
  out.add(g + "busy_seconds_per_rank", fs.busy_seconds, "Time each rank spent expanding nodes.",
          "s");
  out.add(g + "idle_seconds_per_rank", fs.idle_seconds,
          "Time each rank waited with nothing to expand.", "s");
  out.add(g + "messages_per_rank", as_int64(fs.messages_sent),
          "Point-to-point messages sent by each rank (nodes, bounds, work requests).", "messages");
  out.add(g + "bytes_per_rank", as_int64(fs.bytes_sent), "Payload bytes sent by each rank.",
          "bytes");
  out.add(g + "routed_batches_per_rank", as_int64(fs.routed_batches),
          "Batches of nodes each rank sent to the ranks that own them.", "batches");
  out.add(g + "waves", std::vector<std::int64_t>{static_cast<std::int64_t>(fs.waves)},
          "Termination waves (non-blocking all-gathers) completed.", "");
  out.add(g + "steals", std::vector<std::int64_t>{static_cast<std::int64_t>(fs.steals)},
          "Work requests answered with nodes.", "");
}

}  // namespace adm::pipelines
