#pragma once
// A task farm: N indexed tasks, handed out dynamically by the coordinator (rank 0, which computes
// too), cheap ones several to a message (dist/task_chunks), results returned to every rank in task
// order. Workers send results without waiting for the coordinator to take them (non-blocking), so
// a large result never stalls the next task. Task i always draws from the stream
// Rng(seed, stage, i), whichever rank runs it, so results do not depend on the rank count. A task
// that throws on any rank ends the whole job with that task's message.
#include <cstdint>
#include <deque>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "core/checkpoint.hpp"
#include "core/rng.hpp"
#include "dist/communicator.hpp"

namespace adm::dist {

class Mailbox;

using TaskResult = std::vector<double>;
using TaskFn = std::function<TaskResult(std::size_t index, Rng& rng)>;

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
  std::size_t handouts = 0;                 // messages of tasks (chunks, rank 0's own included)
  std::uint64_t broadcast_bytes = 0;        // results sent from rank 0 to every other rank
  std::vector<std::size_t> per_rank;        // tasks computed by each rank in this run
  std::vector<double> busy_seconds;         // time each rank spent inside tasks
  std::vector<double> wait_seconds;         // time each rank waited for a task or for results
  std::vector<std::uint64_t> result_bytes;  // result payload each rank sent to the coordinator
};

class TaskFarm {
 public:
  TaskFarm(Communicator& comm, FarmOptions options);

  // Collective: runs tasks 0..count-1 of `stage`; every rank returns all results in task order.
  std::vector<TaskResult> run(const std::string& stage, std::size_t count, const TaskFn& task);

  // Collective: several independent groups of tasks as one stage, so that short groups run side by
  // side instead of one after another (e.g. the single-task ALFA estimates of several responses).
  // Task i of a group draws from the stream Rng(seed, group.stream, i), exactly as if the group ran
  // alone as stage `group.stream`, so its results do not change. Returns each group's results.
  struct TaskGroup {
    std::string stream;
    std::size_t count = 0;
    TaskFn task;
  };
  std::vector<std::vector<TaskResult>> run_groups(const std::string& stage,
                                                  const std::vector<TaskGroup>& groups);

  const FarmStats& last_stats() const { return stats_; }
  // Every stage run so far with its statistics, in order (complete on rank 0).
  const std::vector<std::pair<std::string, FarmStats>>& history() const { return history_; }

 private:
  // Results an interrupted run checkpointed go into `results`; returns the tasks still to run.
  std::deque<std::size_t> restore(const std::string& stage, std::vector<TaskResult>& results);
  std::vector<TaskResult> coordinate(const std::string& stage, std::size_t count,
                                     const TaskFn& task, Mailbox* mail);
  void work(const std::string& stage, const TaskFn& task, Mailbox& mail);

  Communicator& comm_;
  FarmOptions options_;
  FarmStats stats_;
  std::vector<std::pair<std::string, FarmStats>> history_;
};

}  // namespace adm::dist
