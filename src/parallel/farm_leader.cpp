// The task farm's node leader (dist/farm_nodes): the sub-coordinator between rank 0 and the other
// ranks of its node.
#include <algorithm>
#include <deque>

#include "core/error.hpp"
#include "parallel/farm_wire.hpp"
#include "parallel/mailbox.hpp"
#include "parallel/task_chunks.hpp"
#include "parallel/task_farm.hpp"

namespace adm::dist {

using namespace farm_wire;

// Rank 0 sends a leader blocks of tasks, its node's share. The leader hands them to its node's
// ranks as rank 0 does to its own (chunks, `prefetch` handouts queued each) and runs a chunk itself
// when they all have enough. Results go to rank 0 in batches: one RESULT per block once the block
// is all handed out, which asks rank 0 for the next block (the results ready by then ride along),
// and a FORWARD with the rest whenever the node runs out of work. So rank 0 exchanges ~2 messages
// a block with a leader instead of 2 a chunk with each of the node's ranks.
void TaskFarm::lead(const std::string& stage, const TaskFn& task, Mailbox& mail) {
  const auto me = static_cast<std::size_t>(comm_.rank());
  const std::vector<int>& members = nodes_.members;  // ascending world ranks
  const std::size_t node_ranks = members.size() + 1;
  std::deque<std::uint64_t> pending;                   // received, not handed out yet
  std::deque<std::size_t> block_left;                  // per block, its tasks not handed out yet
  std::vector<std::size_t> queued(members.size(), 0);  // handouts per member not yet answered
  std::size_t running = 0;                             // all members' together
  ReplyBatch batch;                                    // results not sent to rank 0 yet
  TaskChunks chunks;  // the node's own chunk sizes, from its tasks' times
  OwnChunk own;
  bool stopped = false;
  Mailbox::Message m;

  const auto send_up = [&](int tag) {
    std::string bytes = batch.close();
    stats_.result_bytes[me] += bytes.size();
    mail.send(0, tag, std::move(bytes));
  };
  // A failure of the leader's own task ends the job like a worker's: rank 0 aborts on it, and
  // until then this rank only waits (its node's results are incomplete).
  const auto fail = [&](char kind, const char* what) {
    mail.send(0, kFailure, std::string(1, kind) + what);
    for (;;) mail.wait(m, kFirstTag, kLastTag);
  };
  // The next `n` tasks; a block handed out completely is rank 0's cue for the next.
  const auto take_tasks = [&](std::size_t n) {
    std::vector<std::uint64_t> out(n);
    for (auto& index : out) {
      index = pending.front();
      pending.pop_front();
      if (--block_left.front() == 0) {
        block_left.pop_front();
        send_up(kResult);
      }
    }
    return out;
  };
  const auto hand_out = [&](std::size_t k) {
    if (pending.empty() || queued[k] >= options_.prefetch) return;
    mail.send(members[k], kTask,
              encode_indices(take_tasks(chunks.next(pending.size(), node_ranks))));
    ++queued[k];
    ++running;
  };
  const auto receive = [&](const Mailbox::Message& msg) {
    if (msg.source == 0 && msg.tag == kStop) {
      stopped = true;
    } else if (msg.source == 0 && msg.tag == kTask) {
      const auto block = decode_indices(msg.bytes);
      pending.insert(pending.end(), block.begin(), block.end());
      block_left.push_back(block.size());
      // Round by round, so that a block's first tasks spread over the whole node.
      for (std::size_t round = 1; round <= options_.prefetch; ++round)
        for (std::size_t k = 0; k < members.size(); ++k)
          if (queued[k] < round) hand_out(k);
    } else if (msg.tag == kResult && msg.source != 0) {
      const auto it = std::lower_bound(members.begin(), members.end(), msg.source);
      if (it == members.end() || *it != msg.source)
        throw InternalError("task farm: a result from rank " + std::to_string(msg.source) +
                            ", not of this node");
      const auto k = static_cast<std::size_t>(it - members.begin());
      // Travels on as it came (rank 0 decodes it); only its header is read here.
      const std::uint64_t before = batch.count;
      const double seconds_before = batch.seconds;
      batch.add_reply(msg.bytes);
      chunks.timed(batch.count - before, batch.seconds - seconds_before);
      --queued[k];
      --running;
      hand_out(k);  // at once: the member may have nothing queued
    } else {
      throw InternalError("task farm: unexpected message " + std::to_string(msg.tag) +
                          " from rank " + std::to_string(msg.source) + " at a node leader");
    }
  };

  while (!stopped) {
    bool progressed = false;
    while (!stopped && mail.poll(m, kFirstTag, kLastTag)) {
      receive(m);
      progressed = true;
    }
    if (own.ready()) {
      std::vector<std::uint64_t> indices;
      double seconds = 0;
      std::vector<std::string> done;
      try {
        done = own.take(indices, seconds);
      } catch (const InputError& e) {
        fail('\2', e.what());
      } catch (const std::exception& e) {
        fail('\1', e.what());
      }
      stats_.busy_seconds[me] += seconds;
      stats_.per_rank[me] += indices.size();
      chunks.timed(indices.size(), seconds);
      for (std::size_t i = 0; i < indices.size(); ++i) batch.add(indices[i], done[i]);
      batch.seconds += seconds;
      progressed = true;
    }
    // The members come first, with `prefetch` handouts queued each (which hides the leader's
    // latency from them); the leader computes what they cannot queue, since while it runs a chunk
    // it answers them only every millisecond (simulated: not at all; letting it take a chunk once
    // each member had one made the simulated 1M-row audit at 1,024 ranks 0.054 s, not 0.039 s).
    const bool members_full = std::all_of(queued.begin(), queued.end(),
                                          [&](std::size_t q) { return q >= options_.prefetch; });
    if (!own.running() && !pending.empty() && members_full) {
      own.start(take_tasks(chunks.next(pending.size(), node_ranks)), stage, options_.seed, task);
      progressed = true;
    }
    // The node has run out of work: what it holds goes to rank 0 (rank 0 needs every result to
    // end the stage, and the next block may be long in coming or never come).
    if (!own.running() && running == 0 && pending.empty() && batch.count > 0) {
      send_up(kForward);
      progressed = true;
    }
    if (progressed || stopped) continue;
    const auto t1 = ProtocolClock::now();
    if (own.running()) {
      own.wait_a_while();
    } else {
      mail.wait(m, kFirstTag, kLastTag);
      receive(m);
    }
    stats_.wait_seconds[me] += own.running() ? 0.0 : seconds_since(t1);
  }
  // Rank 0 stops the stage once it holds every result, so the node is idle and has sent them all.
  if (running > 0 || !pending.empty() || own.running() || batch.count > 0)
    throw InternalError("task farm: a node leader was stopped with work left");
  for (const int w : members) mail.send(w, kStop, {});
}

}  // namespace adm::dist
