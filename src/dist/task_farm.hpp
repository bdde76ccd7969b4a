#pragma once
// A task farm: N indexed tasks, handed out dynamically by the coordinator (rank 0, which computes
// too), results returned to every rank in task order. Task i always draws from the stream
// Rng(seed, stage, i), whichever rank runs it, so results do not depend on the rank count.
// A task that throws on any rank ends the whole job with that task's message.
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

using TaskResult = std::vector<double>;
using TaskFn = std::function<TaskResult(std::size_t index, Rng& rng)>;

struct FarmOptions {
  std::uint64_t seed = 0;
  CheckpointSink* checkpoint = nullptr;  // rank 0 records results here and resumes from it
  std::ostream* progress = nullptr;      // rank 0 prints progress with ETA here for long stages
  std::size_t prefetch = 2;  // tasks queued per worker, to hide the coordinator's latency
};

struct FarmStats {
  std::size_t resumed = 0;            // tasks taken from the checkpoint
  std::vector<std::size_t> per_rank;  // tasks computed by each rank in this run
};

class TaskFarm {
 public:
  TaskFarm(Communicator& comm, FarmOptions options);

  // Collective: runs tasks 0..count-1 of `stage`; every rank returns all results in task order.
  std::vector<TaskResult> run(const std::string& stage, std::size_t count, const TaskFn& task);

  const FarmStats& last_stats() const { return stats_; }

 private:
  // Results an interrupted run checkpointed go into `results`; returns the tasks still to run.
  std::deque<std::size_t> restore(const std::string& stage, std::vector<TaskResult>& results);
  std::vector<TaskResult> coordinate(const std::string& stage, std::size_t count,
                                     const TaskFn& task);
  void work(const std::string& stage, const TaskFn& task);

  Communicator& comm_;
  FarmOptions options_;
  FarmStats stats_;
};

}  // namespace adm::dist
