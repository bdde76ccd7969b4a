#include "parallel/task_farm.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>
#include <deque>
#include <future>
#include <iterator>

#include "core/error.hpp"
#include "core/progress.hpp"
#include "parallel/clock.hpp"
#include "parallel/mailbox.hpp"
#include "parallel/message_tags.hpp"
#include "parallel/mpi_impl.hpp"
#include "parallel/task_chunks.hpp"

namespace adm::dist {
namespace {

using Clock = ProtocolClock;  // simulated time under SMPI (parallel/clock.hpp)

// CPU seconds of the calling thread.
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Wire formats: a handout is the task indices (8 bytes each); a reply is the number of tasks and
// the seconds they took, then per task its index, its result's size and its bytes; a failure
// is its kind (1 internal, 2 input) then the message.
std::vector<std::uint64_t> decode_indices(const std::string& bytes) {
  if (bytes.empty() || bytes.size() % sizeof(std::uint64_t) != 0)
    throw InternalError("task farm: torn handout");
  std::vector<std::uint64_t> out(bytes.size() / sizeof(std::uint64_t));
  std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

std::string encode_indices(const std::vector<std::uint64_t>& indices) {
  std::string out(indices.size() * sizeof(std::uint64_t), '\0');
  if (!indices.empty()) std::memcpy(out.data(), indices.data(), out.size());
  return out;
}

template <class T>
void put(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
T take(const std::string& bytes, std::size_t& at) {
  T value;
  if (bytes.size() - at < sizeof value) throw InternalError("task farm: torn reply");
  std::memcpy(&value, bytes.data() + at, sizeof value);
  at += sizeof value;
  return value;
}

struct Reply {
  double seconds = 0;
  std::vector<std::pair<std::uint64_t, std::string>> results;
};

Reply decode_reply(const std::string& bytes) {
  std::size_t at = 0;
  Reply reply;
  const auto count = take<std::uint64_t>(bytes, at);
  reply.seconds = take<double>(bytes, at);
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto index = take<std::uint64_t>(bytes, at);
    const auto size = take<std::uint64_t>(bytes, at);
    if (bytes.size() - at < size) throw InternalError("task farm: torn reply");
    reply.results.emplace_back(index, bytes.substr(at, size));
    at += size;
  }
  if (at != bytes.size()) throw InternalError("task farm: torn reply");
  return reply;
}

std::string run_one(const std::string& stage, std::uint64_t seed, std::size_t index,
                    const TaskFn& task) {
  Rng rng(seed, stage, index);
  return task(index, rng);
}

}  // namespace

TaskFarm::TaskFarm(Communicator& comm, FarmOptions options)
    : comm_(comm), options_(std::move(options)) {
  if (options_.prefetch == 0) options_.prefetch = 1;
}

std::vector<std::string> TaskFarm::run_bytes(const std::string& stage, std::size_t count,
                                             const TaskFn& task) {
  const auto t0 = Clock::now();
  const TrafficCounts start = traffic();
  const auto ranks = static_cast<std::size_t>(comm_.size());
  stats_ = FarmStats{};
  stats_.tasks = count;
  stats_.per_rank.assign(ranks, 0);
  stats_.busy_seconds.assign(ranks, 0.0);
  stats_.wait_seconds.assign(ranks, 0.0);
  stats_.result_bytes.assign(ranks, 0);
  std::vector<std::string> results;
  if (ranks == 1) {
    results = coordinate(stage, count, task, nullptr);
  } else {
    auto& world = comm_.impl()->world;
    {
      PrivateComm channel(world);
      Mailbox mail(channel.get(), comm_.oversubscribed());
      if (comm_.is_root())
        results = coordinate(stage, count, task, &mail);
      else
        work(stage, task, mail);
    }  // every result has been received: the mailbox's sends are complete
    // Per-rank figures to the coordinator (its own entries are already in place).
    const auto me = static_cast<std::size_t>(comm_.rank());
    const double mine[4] = {static_cast<double>(stats_.per_rank[me]), stats_.busy_seconds[me],
                            stats_.wait_seconds[me], static_cast<double>(stats_.result_bytes[me])};
    std::vector<double> all(comm_.is_root() ? 4 * ranks : 0);
    MPI_Gather(mine, 4, MPI_DOUBLE, all.data(), 4, MPI_DOUBLE, 0, world);
    if (comm_.is_root())
      count_received(sizeof mine * (ranks - 1), ranks - 1);
    else
      count_sent(sizeof mine);
    if (comm_.is_root())
      for (std::size_t r = 1; r < ranks; ++r) {
        stats_.per_rank[r] = static_cast<std::size_t>(all[4 * r]);
        stats_.busy_seconds[r] = all[4 * r + 1];
        stats_.wait_seconds[r] = all[4 * r + 2];
        stats_.result_bytes[r] = static_cast<std::uint64_t>(all[4 * r + 3]);
      }
  }
  stats_.traffic = gather_traffic(comm_, start);
  stats_.seconds = seconds_since(t0);
  history_.emplace_back(stage, stats_);
  return results;
}

void TaskFarm::share_bytes(std::string& bytes) {
  comm_.broadcast(bytes);
  // What rank 0 itself sent: its children in the broadcast's tree (parallel/traffic.hpp).
  if (comm_.is_root() && !history_.empty())
    history_.back().second.broadcast_bytes += bytes.size() * broadcast_children(0, 0, comm_.size());
}

std::vector<std::vector<std::string>> TaskFarm::run_groups_bytes(
    const std::string& stage, const std::vector<TaskGroup<std::string>>& groups) {
  std::vector<std::size_t> first;  // stage index of each group's task 0
  std::size_t count = 0;
  for (const auto& g : groups) {
    first.push_back(count);
    count += g.count;
  }
  auto flat = run_bytes(stage, count, [&](std::size_t index, Rng&) {
    const auto g = static_cast<std::size_t>(std::upper_bound(first.begin(), first.end(), index) -
                                            first.begin()) -
                   1;
    Rng rng(options_.seed, groups[g].stream, index - first[g]);  // the group's own stream
    return groups[g].task(index - first[g], rng);
  });
  std::vector<std::vector<std::string>> out(groups.size());
  if (!comm_.is_root()) return out;  // results live on rank 0
  for (std::size_t g = 0; g < groups.size(); ++g)
    out[g].assign(std::make_move_iterator(flat.begin() + static_cast<std::ptrdiff_t>(first[g])),
                  std::make_move_iterator(flat.begin() +
                                          static_cast<std::ptrdiff_t>(first[g] + groups[g].count)));
  return out;
}

std::deque<std::size_t> TaskFarm::restore(const std::string& stage,
                                          std::vector<std::string>& results) {
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
// With one rank (`mail` null) there are no workers and no MPI calls: every task runs in order.
std::vector<std::string> TaskFarm::coordinate(const std::string& stage, std::size_t count,
                                              const TaskFn& task, Mailbox* mail) {
  std::vector<std::string> results(count);
  std::deque<std::size_t> pending = restore(stage, results);
  Progress progress(stage, count, options_.progress);
  progress.set_resumed(stats_.resumed);
  std::size_t finished = stats_.resumed;
  std::size_t outstanding = 0;  // handouts to workers not yet answered
  const auto ranks = static_cast<std::size_t>(comm_.size());
  std::vector<std::size_t> queued(ranks, 0);  // handouts per worker
  TaskChunks chunks;

  const auto next_chunk = [&] {
    std::vector<std::uint64_t> indices(chunks.next(pending.size(), ranks));
    for (auto& index : indices) {
      index = pending.front();
      pending.pop_front();
    }
    ++stats_.handouts;
    return indices;
  };
  // Workers are kept `prefetch` handouts ahead, except near the end of the stage: once no more
  // tasks are left than ranks, a worker gets one only when it has none, so the last tasks go to
  // whoever is free instead of waiting in one worker's queue (the tail of a stage of long tasks).
  const auto hand_out = [&](int worker) {
    auto& q = queued[static_cast<std::size_t>(worker)];
    if (pending.empty()) return;
    if (q > 0 && pending.size() <= ranks) return;
    mail->send(worker, kTask, encode_indices(next_chunk()));
    ++outstanding;
    ++q;
  };
  const auto accept = [&](std::size_t index, std::string result, int from) {
    if (index >= count) throw InternalError("task farm: result for an unknown task");
    if (options_.checkpoint) options_.checkpoint->record(stage, index, result);
    results[index] = std::move(result);
    ++stats_.per_rank[static_cast<std::size_t>(from)];
    progress.update(++finished);
  };
  // Handles one message from a worker; a failure ends the run here, and main aborts the job.
  const auto receive = [&](const Mailbox::Message& m) {
    if (m.tag == kFailure) {
      const std::string text = "[rank " + std::to_string(m.source) + "] " + m.bytes.substr(1);
      if (!m.bytes.empty() && m.bytes[0] == 2) throw InputError(text);
      throw InternalError(text);
    }
    Reply reply = decode_reply(m.bytes);
    --outstanding;
    --queued[static_cast<std::size_t>(m.source)];
    chunks.timed(reply.results.size(), reply.seconds);
    for (auto& [index, result] : reply.results) accept(index, std::move(result), m.source);
    hand_out(m.source);
  };

  if (mail)
    for (std::size_t k = 0; k < options_.prefetch; ++k)
      for (int w = 1; w < comm_.size(); ++w) hand_out(w);

  Mailbox::Message m;
  if (!mail) {  // one rank: every task in order, here
    while (!pending.empty()) {
      const std::size_t index = pending.front();
      pending.pop_front();
      const auto t0 = Clock::now();
      std::string result = run_one(stage, options_.seed, index, task);
      stats_.busy_seconds[0] += seconds_since(t0);
      accept(index, std::move(result), 0);
    }
  }
  // Several ranks: rank 0's own chunk runs on a second thread, so this (the only MPI) thread
  // answers a worker the moment its result arrives instead of after rank 0's tasks; workers never
  // starve.
  std::future<std::vector<std::string>> own;
  std::vector<std::uint64_t> own_indices;
  Clock::time_point own_start;
  while (mail && (!pending.empty() || outstanding > 0 || own.valid())) {
    bool progressed = false;
    const auto t0 = Clock::now();
    const double cpu0 = thread_cpu_seconds();
    while (mail->poll(m, kTask, kFailure)) {
      receive(m);
      progressed = true;
    }
    stats_.coordinator_seconds += seconds_since(t0);
    stats_.coordinator_cpu_seconds += thread_cpu_seconds() - cpu0;
    if (own.valid() && own.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
      const double seconds = seconds_since(own_start);
      stats_.busy_seconds[0] += seconds;
      chunks.timed(own_indices.size(), seconds);
      auto done = own.get();  // rethrows the task's error here
      for (std::size_t i = 0; i < own_indices.size(); ++i)
        accept(own_indices[i], std::move(done[i]), 0);
      progressed = true;
    }
    // Simulated (SMPI): one thread per rank, so rank 0's chunk runs here, at once, and rank 0
    // answers no worker meanwhile (parallel/clock.hpp). Prefetch hides that while tasks remain, but
    // in a stage's last round (no more tasks than ranks) a worker would wait for rank 0's whole
    // task, which a real rank 0 (a second thread) never makes it do; so there rank 0 takes none.
    const bool inline_chunk = simulated_time();
    if (!own.valid() && !pending.empty() && (!inline_chunk || pending.size() > ranks)) {
      own_indices = next_chunk();
      own_start = Clock::now();
      own = std::async(inline_chunk ? std::launch::deferred : std::launch::async,
                       [&, indices = own_indices] {
                         std::vector<std::string> done;
                         for (const auto i : indices)
                           done.push_back(run_one(stage, options_.seed, i, task));
                         return done;
                       });
      if (inline_chunk) own.wait();
      progressed = true;
    }
    if (progressed) continue;
    const auto t1 = Clock::now();
    if (own.valid()) {
      // Long enough that this thread does not take CPU from rank 0's own task (at 100 us its
      // wake-ups made that task 25 % slower than on a worker); a worker keeps `prefetch` handouts
      // queued, so it does not wait for the answer.
      own.wait_for(std::chrono::milliseconds(1));
    } else {
      mail->wait(m, kTask, kFailure);
      receive(m);
    }
    stats_.wait_seconds[0] += own.valid() ? 0.0 : seconds_since(t1);
  }
  if (mail)
    for (int w = 1; w < comm_.size(); ++w) mail->send(w, kStop, {});
  progress.finish();
  return results;
}

// A worker: runs each handout's tasks in order and answers with all their results in one message.
void TaskFarm::work(const std::string& stage, const TaskFn& task, Mailbox& mail) {
  const auto me = static_cast<std::size_t>(comm_.rank());
  Mailbox::Message m;
  for (;;) {
    const auto t0 = Clock::now();
    mail.wait(m, kTask, kFailure);
    stats_.wait_seconds[me] += seconds_since(t0);
    if (m.tag == kStop) return;
    const std::vector<std::uint64_t> indices = decode_indices(m.bytes);
    const auto t1 = Clock::now();
    try {
      std::string bytes;
      put(bytes, static_cast<std::uint64_t>(indices.size()));
      put(bytes, 0.0);  // the seconds, known once the tasks have run
      for (const std::uint64_t index : indices) {
        const std::string result = run_one(stage, options_.seed, index, task);
        put(bytes, index);
        put(bytes, static_cast<std::uint64_t>(result.size()));
        bytes += result;
      }
      const double seconds = seconds_since(t1);
      std::memcpy(bytes.data() + sizeof(std::uint64_t), &seconds, sizeof seconds);
      stats_.busy_seconds[me] += seconds;
      stats_.result_bytes[me] += bytes.size();
      mail.send(0, kResult, std::move(bytes));  // non-blocking: on to the next handout at once
      stats_.per_rank[me] += indices.size();
    } catch (const InputError& e) {
      mail.send(0, kFailure, std::string(1, '\2') + e.what());
    } catch (const std::exception& e) {
      mail.send(0, kFailure, std::string(1, '\1') + e.what());
    }
  }
}

}  // namespace adm::dist
