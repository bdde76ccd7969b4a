#pragma once
// A task farm: N indexed tasks, handed out dynamically by the coordinator (rank 0, which computes
// too), cheap ones several to a message (dist/task_chunks), results collected on rank 0 in task
// order. Only rank 0 gets them: sending every result to every rank cost P x results bytes at rank
// 0; a stage whose next tasks need something on every rank has rank 0 derive it and share() just
// that. A task returns any value with a Codec (core/codec.hpp); the farm moves its bytes. Workers
// send results without waiting for the coordinator to take them (non-blocking), so a large result
// never stalls the next task. Task i always draws from the stream Rng(seed, stage, i), whichever
// rank runs it, so results do not depend on the rank count. A task that throws on any rank ends the
// whole job with that task's message. At many ranks over several nodes each node's lowest rank
// hands rank 0's tasks on to its node (dist/farm_nodes), so rank 0 talks to ~P / 16 node leaders.
#include <cstdint>
#include <deque>
#include <functional>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include "core/checkpoint.hpp"
#include "core/codec.hpp"
#include "core/rng.hpp"
#include "parallel/communicator.hpp"
#include "parallel/farm_nodes.hpp"
#include "parallel/traffic.hpp"

namespace adm::dist {

class Mailbox;

// A task's result as bytes (its Codec's encoding): what travels and what the journal stores.
using TaskFn = std::function<std::string(std::size_t index, Rng& rng)>;

struct FarmOptions {
  std::uint64_t seed = 0;
  CheckpointSink* checkpoint = nullptr;  // rank 0 records results here and resumes from it
  std::ostream* progress = nullptr;      // rank 0 prints progress with ETA here for long stages
  std::size_t prefetch = 2;  // handouts queued per worker, to hide the coordinator's latency
};

// What one stage of the farm did. Everything but `tasks` depends on scheduling (kept under
// /timing in result files).
struct FarmStats {
  std::size_t tasks = 0;                    // tasks of the stage
  std::size_t resumed = 0;                  // tasks taken from the checkpoint
  double seconds = 0;                       // wall time of the stage on the coordinator
  double coordinator_seconds = 0;           // rank 0's time receiving, recording, handing out
  double coordinator_cpu_seconds = 0;       // the CPU time of that (unlike the wall time above,
                                            // not inflated when rank 0 shares its core)
  std::size_t handouts = 0;                 // messages of tasks (chunks, rank 0's own included)
                                            // from rank 0 (a node leader's own are not counted)
  std::size_t leaders = 0;                  // node leaders besides rank 0 (0: flat)
  std::uint64_t root_messages = 0;          // the farm's messages rank 0 sent and received
  std::size_t root_peers = 0;               // ranks rank 0 exchanged them with
  std::uint64_t broadcast_bytes = 0;        // what rank 0 sent of its share()s after the stage
                                            // (a tree: ceil(log2 P) copies, parallel/traffic.hpp)
  std::vector<std::size_t> per_rank;        // tasks computed by each rank in this run
  std::vector<double> busy_seconds;         // time each rank spent inside tasks
  std::vector<double> wait_seconds;         // time each rank waited for a task or for results
  std::vector<std::uint64_t> result_bytes;  // result payload each rank sent to its coordinator
                                            // (a leader: its node's, to rank 0)
  RankTraffic traffic;                      // MPI traffic and peak RSS per rank (parallel/traffic)
};

class TaskFarm {
 public:
  TaskFarm(Communicator& comm, FarmOptions options);

  bool is_root() const { return comm_.is_root(); }
  Communicator& communicator() const { return comm_; }  // the process group it runs on

  // Collective: runs tasks 0..count-1 of `stage`, `task(index, rng)` returning a value with a
  // Codec; rank 0 returns all results in task order, the other ranks an empty list.
  template <class Fn>
  auto run(const std::string& stage, std::size_t count, Fn&& task) {
    using T = std::decay_t<std::invoke_result_t<Fn&, std::size_t, Rng&>>;
    return decoded<T>(
        run_bytes(stage, count, [&](std::size_t i, Rng& rng) { return encode<T>(task(i, rng)); }));
  }
  std::vector<std::string> run_bytes(const std::string& stage, std::size_t count,
                                     const TaskFn& task);

  // Collective: several independent groups of tasks as one stage, so that short groups run side by
  // side instead of one after another (e.g. the single-task ALFA estimates of several responses).
  // Task i of a group draws from the stream Rng(seed, group.stream, i), exactly as if the group ran
  // alone as stage `group.stream`, so its results do not change. Returns each group's results.
  template <class T>
  struct TaskGroup {
    std::string stream;
    std::size_t count = 0;
    std::function<T(std::size_t, Rng&)> task;
  };
  template <class T>
  std::vector<std::vector<T>> run_groups(const std::string& stage,
                                         const std::vector<TaskGroup<T>>& groups) {
    std::vector<TaskGroup<std::string>> as_bytes;
    for (const auto& g : groups)
      as_bytes.push_back(
          {g.stream, g.count, [&g](std::size_t i, Rng& rng) { return encode<T>(g.task(i, rng)); }});
    std::vector<std::vector<T>> out;
    for (auto& group : run_groups_bytes(stage, as_bytes)) out.push_back(decoded<T>(group));
    return out;
  }

  // Collective: rank 0's `value` replaces every rank's: what rank 0 derived from a stage's results
  // and the next stages' tasks need everywhere (a screened feature list, an assembled model).
  // An MPI broadcast (a tree: rank 0 sends ceil(log2 P) copies, each other rank receives one); its
  // bytes count towards the last stage's broadcast_bytes.
  template <class T>
  void share(T& value) {
    std::string bytes = comm_.is_root() ? encode<T>(value) : std::string();
    share_bytes(bytes);
    if (!comm_.is_root()) value = decode<T>(bytes);
  }

  const FarmStats& last_stats() const { return stats_; }
  // Every stage run so far with its statistics, in order (complete on rank 0).
  const std::vector<std::pair<std::string, FarmStats>>& history() const { return history_; }

 private:
  template <class T>
  static std::vector<T> decoded(const std::vector<std::string>& bytes) {
    std::vector<T> out;
    out.reserve(bytes.size());
    for (const auto& b : bytes) out.push_back(decode<T>(b));
    return out;
  }
  std::vector<std::vector<std::string>> run_groups_bytes(
      const std::string& stage, const std::vector<TaskGroup<std::string>>& groups);
  void share_bytes(std::string& bytes);
  // Results an interrupted run checkpointed go into `results`; returns the tasks still to run.
  std::deque<std::size_t> restore(const std::string& stage, std::vector<std::string>& results);
  std::vector<std::string> coordinate(const std::string& stage, std::size_t count,
                                      const TaskFn& task, Mailbox* mail);
  void work(const std::string& stage, const TaskFn& task, Mailbox& mail);
  void lead(const std::string& stage, const TaskFn& task, Mailbox& mail);  // farm_leader.cpp

  Communicator& comm_;
  FarmOptions options_;
  FarmStats stats_;
  FarmNodes nodes_;  // who serves whom; set by the first stage (collective)
  bool nodes_known_ = false;
  std::vector<std::pair<std::string, FarmStats>> history_;
};

}  // namespace adm::dist
