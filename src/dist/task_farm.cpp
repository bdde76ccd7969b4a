#include "dist/task_farm.hpp"

#include <boost/mpi/collectives.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/utility.hpp>
#include <boost/serialization/vector.hpp>
#include <deque>
#include <optional>

#include "core/error.hpp"
#include "core/progress.hpp"
#include "dist/mpi_impl.hpp"

namespace adm::dist {
namespace {

// Message tags. Workers send RESULT or FAILURE; the coordinator sends TASK or STOP.
enum Tag : int { kTask = 101, kStop = 102, kResult = 103, kFailure = 104 };

struct Failure {
  int kind = 1;  // 1 internal, 2 input
  std::string message;
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& kind& message;
  }
};

TaskResult run_one(const std::string& stage, std::uint64_t seed, std::size_t index,
                   const TaskFn& task) {
  Rng rng(seed, stage, index);
  return task(index, rng);
}

}  // namespace

TaskFarm::TaskFarm(Communicator& comm, FarmOptions options)
    : comm_(comm), options_(std::move(options)) {
  if (options_.prefetch == 0) options_.prefetch = 1;
}

std::vector<TaskResult> TaskFarm::run(const std::string& stage, std::size_t count,
                                      const TaskFn& task) {
  stats_ = FarmStats{};
  stats_.per_rank.assign(static_cast<std::size_t>(comm_.size()), 0);
  std::vector<TaskResult> results;
  if (comm_.is_root())
    results = coordinate(stage, count, task);
  else
    work(stage, task);
  comm_.broadcast(results);
  return results;
}

std::deque<std::size_t> TaskFarm::restore(const std::string& stage,
                                          std::vector<TaskResult>& results) {
  std::vector<bool> done(results.size(), false);
  if (options_.checkpoint) {
    for (auto& [index, result] : options_.checkpoint->completed(stage)) {
      if (index >= results.size()) continue;
      results[index] = std::move(result);
      done[index] = true;
      ++stats_.resumed;
    }
  }
  std::deque<std::size_t> pending;
  for (std::size_t i = 0; i < results.size(); ++i)
    if (!done[i]) pending.push_back(i);
  return pending;
}

// Rank 0: hands tasks to workers as they return results and computes tasks itself in between.
// With one rank there are no workers and no MPI calls: the loop just runs every task in order.
std::vector<TaskResult> TaskFarm::coordinate(const std::string& stage, std::size_t count,
                                             const TaskFn& task) {
  std::vector<TaskResult> results(count);
  std::deque<std::size_t> pending = restore(stage, results);
  const bool workers = comm_.size() > 1;
  Progress progress(stage, count, options_.progress);
  progress.set_resumed(stats_.resumed);
  std::size_t finished = stats_.resumed;
  std::size_t outstanding = 0;  // tasks handed to workers and not yet returned

  auto* impl = comm_.impl();
  const auto hand_out = [&](int worker) {
    if (pending.empty()) return;
    const std::uint64_t index = pending.front();
    pending.pop_front();
    impl->world.send(worker, kTask, index);
    ++outstanding;
  };
  const auto accept = [&](std::size_t index, TaskResult result, int from) {
    if (options_.checkpoint) options_.checkpoint->record(stage, index, result);
    results[index] = std::move(result);
    ++stats_.per_rank[static_cast<std::size_t>(from)];
    progress.update(++finished);
  };
  // Handles one message from a worker; a failure ends the run here, and main aborts the job.
  const auto receive = [&](const boost::mpi::status& status) {
    if (status.tag() == kFailure) {
      Failure failure;
      impl->world.recv(status.source(), kFailure, failure);
      const std::string text = "[rank " + std::to_string(status.source()) + "] " + failure.message;
      if (failure.kind == 2) throw InputError(text);
      throw InternalError(text);
    }
    std::pair<std::uint64_t, TaskResult> message;
    impl->world.recv(status.source(), kResult, message);
    --outstanding;
    accept(message.first, std::move(message.second), status.source());
    hand_out(status.source());
  };

  for (std::size_t k = 0; k < options_.prefetch; ++k)
    for (int w = 1; w < comm_.size(); ++w) hand_out(w);

  while (!pending.empty() || outstanding > 0) {
    if (workers)
      while (auto status = impl->world.iprobe(boost::mpi::any_source, boost::mpi::any_tag))
        receive(*status);
    if (!pending.empty()) {
      const std::size_t index = pending.front();
      pending.pop_front();
      accept(index, run_one(stage, options_.seed, index, task), 0);
    } else if (outstanding > 0) {
      receive(impl->world.probe(boost::mpi::any_source, boost::mpi::any_tag));
    }
  }
  for (int w = 1; w < comm_.size(); ++w) impl->world.send(w, kStop);
  progress.finish();
  return results;
}

void TaskFarm::work(const std::string& stage, const TaskFn& task) {
  auto& world = comm_.impl()->world;
  for (;;) {
    const auto status = world.probe(0, boost::mpi::any_tag);
    if (status.tag() == kStop) {
      world.recv(0, kStop);
      return;
    }
    std::uint64_t index = 0;
    world.recv(0, kTask, index);
    try {
      TaskResult result = run_one(stage, options_.seed, index, task);
      world.send(0, kResult, std::make_pair(index, result));
      ++stats_.per_rank[static_cast<std::size_t>(comm_.rank())];
    } catch (const InputError& e) {
      world.send(0, kFailure, Failure{2, e.what()});
    } catch (const std::exception& e) {
      world.send(0, kFailure, Failure{1, e.what()});
    }
  }
}

}  // namespace adm::dist
