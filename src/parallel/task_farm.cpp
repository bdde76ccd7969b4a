#include "parallel/task_farm.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <deque>
#include <iterator>

#include "core/error.hpp"
#include "core/progress.hpp"
#include "parallel/clock.hpp"
#include "parallel/farm_wire.hpp"
#include "parallel/mailbox.hpp"
#include "parallel/mpi_impl.hpp"
#include "parallel/task_chunks.hpp"

namespace adm::dist {

using Clock = ProtocolClock;  // simulated time under SMPI (parallel/clock.hpp)
using namespace farm_wire;

TaskFarm::TaskFarm(Communicator& comm, FarmOptions options)
    : comm_(comm), options_(std::move(options)) {
  if (options_.prefetch == 0) options_.prefetch = 1;
}

std::vector<std::string> TaskFarm::run_bytes(const std::string& stage, std::size_t count,
                                             const TaskFn& task) {
  if (!nodes_known_) {  // once per farm, before the stage's counters start
    nodes_ = farm_nodes(comm_);
    nodes_known_ = true;
  }
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
      Mailbox mail(comm_.impl()->channel, comm_.oversubscribed());
      if (comm_.is_root())
        results = coordinate(stage, count, task, &mail);
      else if (nodes_.leader)
        lead(stage, task, mail);
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
  const auto ranks = static_cast<std::size_t>(comm_.size());
  std::vector<std::size_t> queued(ranks, 0);    // handouts per member not yet answered
  std::vector<std::size_t> capacity(ranks, 1);  // ranks each member stands for (a leader: its node)
  for (std::size_t k = 0; k < nodes_.members.size(); ++k)
    capacity[static_cast<std::size_t>(nodes_.members[k])] = nodes_.capacity[k];
  // What rank 0's handout rate grows with: the ranks it answers, not all the ranks.
  const std::size_t correspondents = nodes_.members.size() + 1;
  std::vector<bool> talked(ranks, false);
  TaskChunks chunks;

  const auto next_chunk = [&](std::size_t ranks_served) {
    std::vector<std::uint64_t> indices(
        chunks.next(pending.size(), ranks, ranks_served, correspondents));
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
  // A node leader is one member standing for its node's ranks: its blocks are its node's share,
  // and it answers a block once it has handed all of it out (farm_leader.cpp), so "queued" counts
  // the blocks it still hands out from.
  const auto hand_out = [&](int worker) {
    const auto w = static_cast<std::size_t>(worker);
    if (pending.empty()) return;
    if (queued[w] > 0 && pending.size() <= ranks) return;
    mail->send(worker, kTask, encode_indices(next_chunk(capacity[w])));
    talked[w] = true;
    ++queued[w];
  };
  const auto accept = [&](std::size_t index, std::string result, int from) {
    if (index >= count) throw InternalError("task farm: result for an unknown task");
    if (options_.checkpoint) options_.checkpoint->record(stage, index, result);
    results[index] = std::move(result);
    ++stats_.per_rank[static_cast<std::size_t>(from)];
    progress.update(++finished);
  };
  // Handles one message from a member (or a failure from any rank: it comes straight here); a
  // failure ends the run here, and main aborts the job.
  const auto receive = [&](const Mailbox::Message& m) {
    ++stats_.root_messages;
    if (m.tag == kFailure) {
      const std::string text = "[rank " + std::to_string(m.source) + "] " + m.bytes.substr(1);
      if (!m.bytes.empty() && m.bytes[0] == 2) throw InputError(text);
      throw InternalError(text);
    }
    if (m.tag != kResult && m.tag != kForward)
      throw InternalError("task farm: unexpected message from rank " + std::to_string(m.source));
    Reply reply = decode_reply(m.bytes);
    const auto w = static_cast<std::size_t>(m.source);
    talked[w] = true;
    chunks.timed(reply.results.size(), reply.seconds);
    for (auto& [index, result] : reply.results) accept(index, std::move(result), m.source);
    if (m.tag == kForward) return;  // a leader's results only: it asked for nothing
    if (queued[w] == 0) throw InternalError("task farm: an answer to no handout");
    --queued[w];
    hand_out(m.source);
  };

  if (mail)
    for (std::size_t k = 0; k < options_.prefetch; ++k)
      for (const int w : nodes_.members) hand_out(w);

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
  // starve. Rank 0 is done when every result is in (a leader may hold some after its blocks are
  // answered).
  OwnChunk own;
  while (mail && (finished < count || own.running())) {
    bool progressed = false;
    const auto t0 = Clock::now();
    const double cpu0 = thread_cpu_seconds();
    while (mail->poll(m, kFirstTag, kLastTag)) {
      receive(m);
      progressed = true;
    }
    stats_.coordinator_seconds += seconds_since(t0);
    stats_.coordinator_cpu_seconds += thread_cpu_seconds() - cpu0;
    if (own.ready()) {
      std::vector<std::uint64_t> own_indices;
      double seconds = 0;
      auto done = own.take(own_indices, seconds);  // rethrows the task's error here
      stats_.busy_seconds[0] += seconds;
      chunks.timed(own_indices.size(), seconds);
      for (std::size_t i = 0; i < own_indices.size(); ++i)
        accept(own_indices[i], std::move(done[i]), 0);
      progressed = true;
    }
    // Simulated (SMPI): one thread per rank, so rank 0's chunk runs here, at once, and rank 0
    // answers no worker meanwhile (parallel/clock.hpp). Prefetch hides that while tasks remain, but
    // in a stage's last round (no more tasks than ranks) a worker would wait for rank 0's whole
    // task, which a real rank 0 (a second thread) never makes it do; so there rank 0 takes none.
    if (!own.running() && !pending.empty() && (!simulated_time() || pending.size() > ranks)) {
      own.start(next_chunk(1), stage, options_.seed, task);
      progressed = true;
    }
    if (progressed) continue;
    const auto t1 = Clock::now();
    if (own.running()) {
      own.wait_a_while();
    } else {
      mail->wait(m, kFirstTag, kLastTag);
      receive(m);
    }
    stats_.wait_seconds[0] += own.running() ? 0.0 : seconds_since(t1);
  }
  if (mail) {
    // Every result is in, so every member is idle; a leader stops its node's ranks.
    for (const int w : nodes_.members) {
      mail->send(w, kStop, {});
      talked[static_cast<std::size_t>(w)] = true;
    }
    stats_.root_messages += mail->messages_sent();
    stats_.root_peers = static_cast<std::size_t>(std::count(talked.begin(), talked.end(), true));
    stats_.leaders = nodes_.leaders.size();
  }
  progress.finish();
  return results;
}

// A worker: runs each handout's tasks in order and answers its coordinator (rank 0 or its node's
// leader) with all their results in one message; a failure goes straight to rank 0.
void TaskFarm::work(const std::string& stage, const TaskFn& task, Mailbox& mail) {
  const auto me = static_cast<std::size_t>(comm_.rank());
  const int boss = nodes_.boss;
  Mailbox::Message m;
  for (;;) {
    const auto t0 = Clock::now();
    mail.wait(m, kTask, kStop);
    stats_.wait_seconds[me] += seconds_since(t0);
    if (m.tag == kStop) return;
    const std::vector<std::uint64_t> indices = decode_indices(m.bytes);
    const auto t1 = Clock::now();
    try {
      ReplyBatch reply;
      for (const std::uint64_t index : indices)
        reply.add(index, run_one(stage, options_.seed, index, task));
      reply.seconds = seconds_since(t1);
      stats_.busy_seconds[me] += reply.seconds;
      std::string bytes = reply.close();
      stats_.result_bytes[me] += bytes.size();
      mail.send(boss, kResult, std::move(bytes));  // non-blocking: on to the next handout at once
      stats_.per_rank[me] += indices.size();
    } catch (const InputError& e) {
      mail.send(0, kFailure, std::string(1, '\2') + e.what());
    } catch (const std::exception& e) {
      mail.send(0, kFailure, std::string(1, '\1') + e.what());
    }
  }
}

}  // namespace adm::dist
