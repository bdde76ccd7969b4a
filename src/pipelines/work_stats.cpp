#include "pipelines/work_stats.hpp"

#include <map>

namespace adm::pipelines {
namespace {

std::vector<std::int64_t> as_int64(const std::vector<std::uint64_t>& v) {
  return {v.begin(), v.end()};
}

}  // namespace

void write_rank_traffic(ResultSet& out, const std::string& g, const dist::RankTraffic& t) {
  struct Figure {
    const char* name;
    const std::vector<std::uint64_t>& values;
    const char* what;
    const char* unit;
  };
  const Figure figures[] = {
      {"bytes_sent_per_rank", t.bytes_sent,
       "Bytes each rank sent over MPI in the stage (messages and collectives; a broadcast counts "
       "its payload once per receiving rank).",
       "bytes"},
      {"bytes_received_per_rank", t.bytes_received,
       "Bytes each rank received over MPI in the stage.", "bytes"},
      {"messages_sent_per_rank", t.messages_sent,
       "Messages each rank sent in the stage (a collective counts as the point-to-point messages "
       "it stands for).",
       "messages"},
      {"messages_received_per_rank", t.messages_received,
       "Messages each rank received in the stage.", "messages"},
      {"peak_rss_per_rank", t.peak_rss,
       "Each rank's peak resident memory (VmHWM) at the end of the stage.", "bytes"},
  };
  for (const auto& f : figures) out.add(g + f.name, as_int64(f.values), f.what, f.unit);
}

void write_frontier_stats(ResultSet& out, const std::string& name, const dist::FrontierStats& fs,
                          double seconds) {
  const std::string g = "/timing/" + name + "/";
  out.add(g + "seconds", std::vector<double>{seconds}, "Wall time of the search.", "s");
  out.add(g + "search_seconds", std::vector<double>{fs.search_seconds},
          "Wall time until the search was seen to be over (rank 0): the part the ranks share.",
          "s");
  out.add(g + "findings_seconds", std::vector<double>{fs.findings_seconds},
          "Wall time of the closing round, findings and their gather (rank 0).", "s");
  out.add(g + "nodes_per_rank", as_int64(fs.nodes), "Frontier nodes taken by each rank.", "nodes");
  out.add(g + "busy_seconds_per_rank", fs.busy_seconds, "Time each rank spent expanding nodes.",
          "s");
  out.add(g + "take_seconds_per_rank", fs.take_seconds,
          "Time each rank spent taking in nodes routed or given to it, and giving nodes away "
          "(search work that one rank does inside its expansions).",
          "s");
  out.add(g + "idle_seconds_per_rank", fs.idle_seconds,
          "Time each rank waited with nothing to expand.", "s");
  out.add(g + "messages_per_rank", as_int64(fs.messages_sent),
          "Messages sent by each rank (point to point: nodes, work requests, leases, findings; "
          "each round of the search's all-reduce counts as one).",
          "messages");
  out.add(g + "messages_received_per_rank", as_int64(fs.messages_received),
          "Messages received by each rank (as messages_per_rank).", "messages");
  out.add(g + "bytes_per_rank", as_int64(fs.bytes_sent),
          "Payload bytes sent by each rank (a round: its vector).", "bytes");
  out.add(g + "bytes_received_per_rank", as_int64(fs.bytes_received),
          "Payload bytes received by each rank (a round: the summed vector).", "bytes");
  out.add(g + "peak_rss_per_rank", as_int64(fs.peak_rss),
          "Peak resident memory of each rank's process at the end of the search.", "bytes");
  out.add(g + "steals_per_rank", as_int64(fs.steals_given),
          "Work requests (and ranks that had asked in vain) each rank served with nodes.", "");
  out.add(g + "round_bytes", std::vector<std::int64_t>{static_cast<std::int64_t>(fs.round_bytes)},
          "Size of the vector each round all-reduces (0 on one rank).", "bytes");
  out.add(g + "routed_batches_per_rank", as_int64(fs.routed_batches),
          "Batches of nodes each rank sent to the ranks that own them.", "batches");
  out.add(g + "waves", std::vector<std::int64_t>{static_cast<std::int64_t>(fs.waves)},
          "Rounds of the non-blocking all-reduce (termination, bounds, who has work) completed.",
          "");
  out.add(g + "steals", std::vector<std::int64_t>{static_cast<std::int64_t>(fs.steals)},
          "Work requests answered with nodes.", "");
  out.add(g + "leases", std::vector<std::int64_t>{static_cast<std::int64_t>(fs.leases)},
          "Shares of the node budget rank 0 leased to the ranks (0 without a budget).", "");
}

void write_farm_stats(ResultSet& out,
                      const std::vector<std::pair<std::string, dist::FarmStats>>& history) {
  std::map<std::string, int> seen;
  for (const auto& [stage, fs] : history) {
    const int n = ++seen[stage];
    const std::string g = "/timing/farm/" + stage + (n > 1 ? "#" + std::to_string(n) : "") + "/";
    std::vector<std::uint64_t> tasks(fs.per_rank.begin(), fs.per_rank.end());
    out.add(g + "tasks_per_rank", as_int64(tasks), "Tasks computed by each rank.", "tasks");
    out.add(g + "resumed", std::vector<std::int64_t>{static_cast<std::int64_t>(fs.resumed)},
            "Tasks taken from the checkpoint journal.", "tasks");
    out.add(g + "seconds", std::vector<double>{fs.seconds},
            "Wall time of the stage on the coordinator, broadcast included.", "s");
    out.add(g + "busy_seconds_per_rank", fs.busy_seconds, "Time each rank spent inside tasks.",
            "s");
    out.add(g + "wait_seconds_per_rank", fs.wait_seconds,
            "Time each rank waited for a task (workers) or for results (rank 0).", "s");
    out.add(g + "coordinator_seconds", std::vector<double>{fs.coordinator_seconds},
            "Rank 0's time receiving results, checkpointing them and handing out tasks.", "s");
    out.add(g + "coordinator_cpu_seconds", std::vector<double>{fs.coordinator_cpu_seconds},
            "CPU time of rank 0's coordinating (the same work as coordinator_seconds; not "
            "inflated when rank 0 shares its core with other ranks).",
            "s");
    out.add(g + "handouts", std::vector<std::int64_t>{static_cast<std::int64_t>(fs.handouts)},
            "Messages of tasks rank 0 handed out, its own chunks included (cheap tasks go several "
            "to a message).",
            "");
    out.add(g + "leaders", std::vector<std::int64_t>{static_cast<std::int64_t>(fs.leaders)},
            "Node leaders besides rank 0 that handed rank 0's tasks on to their nodes (0: rank 0 "
            "served every rank).",
            "");
    out.add(g + "root_messages",
            std::vector<std::int64_t>{static_cast<std::int64_t>(fs.root_messages)},
            "The farm's messages rank 0 sent and received (tasks, results, stops).", "");
    out.add(g + "result_bytes_per_rank", as_int64(fs.result_bytes),
            "Result payload each rank sent to the coordinator.", "bytes");
    out.add(g + "broadcast_bytes",
            std::vector<std::int64_t>{static_cast<std::int64_t>(fs.broadcast_bytes)},
            "What rank 0 derived from the results and shared with every rank after the stage "
            "(payload times the other ranks; results themselves stay on rank 0).",
            "bytes");
    write_rank_traffic(out, g, fs.traffic);
  }
}

}  // namespace adm::pipelines
