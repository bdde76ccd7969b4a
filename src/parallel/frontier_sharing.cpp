// The frontier search's messages through which work and node budget move between ranks
// (frontier_engine.hpp): the receive loop that dispatches every message of the search, and the
// asks, replies and unasked shares of work stealing and the leases of a node budget from rank 0.
// Which rank gives work to which only changes scheduling, never the answer; kept apart from the
// engine's life (frontier_search.cpp) because the rules for who asks whom are a concept of their
// own.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "parallel/clock.hpp"
#include "parallel/frontier_engine.hpp"
#include "parallel/message_tags.hpp"

namespace adm::dist {

bool FrontierEngine::receive_all() {
  bool any = false;
  Mailbox::Message m;
  while (mailbox_.poll(m, kNodes, kRelay)) {
    ++received_;
    any = true;
    switch (m.tag) {
      case kNodes:
        hear_threshold(m.bytes);
        timed_take(m.bytes);
        registered_ = registered_ && m.bytes.empty();
        break;
      case kStealReply:
        steal_pending_ = false;
        take_share(m);
        break;
      case kShare:
        take_share(m);
        break;
      case kStealAsk: {
        std::string nodes;
        // A rank that may not expand its nodes (out of budget) gives them all; one whose method
        // wants to stop (a memory cap, a time limit) none: they would only move its memory to a
        // rank that may be as full, just before the stop reaches every rank.
        const bool keeps = failure_ || method_stops();  // gives none and says it has none
        const std::uint64_t have = keeps ? 0 : search_.frontier_size();
        const std::uint64_t give = quota_.affords(search_.next_cost()) ? have / 2 : have;
        if (!stopping_ && give >= 1) nodes = give_nodes(give);
        // Nothing to give now: the asker gets work unasked as soon as there is some (it would
        // otherwise wait for a round to learn who has work).
        if (nodes.empty()) hungry_.push_back(m.source);
        const std::uint64_t left = keeps ? 0 : search_.frontier_size();
        send(m.source, kStealReply, u64_bytes(left) + nodes);
        break;
      }
      case kLeaseAsk:  // rank 0 only
        send(m.source, kLeaseGrant,
             u64_bytes(failure_ || stopping_ ? 0 : quota_.grant(u64_of(m.bytes))));
        break;
      case kLeaseGrant:
        quota_.receive(u64_of(m.bytes));
        break;
      case kRelay:
        hear_relay(m);
        break;
    }
  }
  return any;
}

// A steal reply or unasked share: 8 bytes of the giver's frontier after giving (a rank that runs
// dry again asks that giver at once if it had work left, instead of waiting for a round), then
// the nodes.
void FrontierEngine::take_share(Mailbox::Message& m) {
  if (m.bytes.size() < 8) return;
  const std::uint64_t left = u64_of(m.bytes);
  m.bytes.erase(0, 8);  // in place: a share of a frontier can be megabytes
  if (m.bytes.empty()) return;
  if (method_stops()) {
    // It was hungry at the giver before it wanted to stop: the nodes go back (the giver takes
    // them as routed nodes, never returning them), as a stopping rank takes no more memory.
    send_nodes(m.source, std::move(m.bytes));
    return;
  }
  retry_ = left >= 2 ? m.source : -1;
  timed_take(m.bytes);
  registered_ = false;  // once out of work again, it asks again
}

std::string FrontierEngine::give_nodes(std::uint64_t count) {
  std::string nodes;
  const auto t0 = Clock::now();
  guarded([&] { nodes = search_.give(count); });
  take_seconds_ += seconds_since(t0);
  if (!nodes.empty()) ++steals_;
  return nodes;
}

// Ranks that asked for work when this one had none get a share of its frontier as soon as it
// can split it (one rank per poll, half of the frontier each).
void FrontierEngine::serve_hungry() {
  if (hungry_.empty() || failure_ || stopping_ || method_stops() || search_.frontier_size() < 2 ||
      !quota_.affords(search_.next_cost()))
    return;
  const int rank = hungry_.front();
  std::string nodes = give_nodes(search_.frontier_size() / 2);
  if (nodes.empty()) return;  // all pruned: try again when there is more
  std::erase(hungry_, rank);  // it may have asked more than once
  send(rank, kShare, u64_bytes(search_.frontier_size()) + nodes);
}

void FrontierEngine::timed_take(const std::string& bytes) {
  const auto t0 = Clock::now();
  guarded([&] { search_.take(bytes); });
  take_seconds_ += seconds_since(t0);
}

// Under a node budget, a rank whose next node costs more than its allowance leases more from
// rank 0 (which takes it from the pool directly).
void FrontierEngine::ask_for_budget() {
  if (!quota_.limited() || quota_.pending || quota_.exhausted || failure_ || stopping_) return;
  std::uint64_t need = 0;
  guarded([&] { need = search_.frontier_size() > 0 ? quota_.need(search_.next_cost()) : 0; });
  if (need == 0) return;
  if (me_ == 0) {
    quota_.receive(quota_.grant(need));
    return;
  }
  quota_.pending = true;
  send(0, kLeaseAsk, u64_bytes(need));
}

// An idle rank asks, in this order: the rank that last gave it work, if that one had work left;
// once per round, a rank drawn at random among those the last round showed with work (so that
// no rank is asked by every idle one); with none known to have work, one rank drawn at random,
// once until it has work again. A rank asked when it has nothing answers "none" and remembers
// the asker (serve_hungry), so work reaches it as soon as there is some, while the idle ranks at
// the end of the search fall silent and the rounds can see it is over. Under a node budget a
// rank out of budget asks no more.
void FrontierEngine::ask_for_work() {
  // A rank whose method wants to stop is idle but takes no more work: a rank over its memory cap
  // took half of another's frontier before the stop had reached every rank (Adult SP at 2 ranks
  // under a 1000 MiB cap: 1574 MiB of search structures on the rank that had stopped).
  if (steal_pending_ || failure_ || stopping_ || method_stops() || !idle() || quota_.exhausted)
    return;
  int victim = std::exchange(retry_, -1);
  if (victim < 0 && !asked_this_round_) {
    victim = draw_victim(true);
    asked_this_round_ = victim >= 0;
  }
  if (victim < 0) {
    if (registered_) return;
    registered_ = true;
    victim = draw_victim(false);
  }
  send(victim, kStealAsk, {});
  steal_pending_ = true;
}

// A rank other than this one, uniformly at random among those the last round showed with work
// (`with_work`) or among all; -1 if there is none.
int FrontierEngine::draw_victim(bool with_work) {
  int candidates = 0;
  for (int r = 0; r < ranks_; ++r)
    candidates += r != me_ && (!with_work || rounds_->had_work(r)) ? 1 : 0;
  if (candidates == 0) return -1;
  draws_ = draws_ * 6364136223846793005ULL + 1442695040888963407ULL;  // Knuth's MMIX LCG
  int pick = static_cast<int>((draws_ >> 33) % static_cast<std::uint64_t>(candidates));
  for (int r = 0; r < ranks_; ++r)
    if (r != me_ && (!with_work || rounds_->had_work(r)) && pick-- == 0) return r;
  return -1;  // unreachable
}

}  // namespace adm::dist
