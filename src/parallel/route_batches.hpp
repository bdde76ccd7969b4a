#pragma once
// When a rank sends the nodes it routed to another rank (LocalSearch::outbox_bytes): the batches'
// timing of frontier_search, one rule per case so that each is easy to reason about.
//
// Every batch costs its receiver a fixed price (a probe, a receive, and the method's take(): ~23 us
// of measured CPU for a CORELS batch of 1-2 prefixes in a 64-rank SMPI run, as much as expanding),
// and a rank routes to P - 1 owners. With one batch per owner every 2 ms, a busy rank at 64 ranks
// received 63 batches per 2 ms whatever the problem's size; and a rank that ran dry sent every
// outbox at once, so a search whose ranks hover around an empty frontier sent batches of one or two
// prefixes (156,077 batches of ~75 bytes at 64 ranks, CORELS COMPAS lambda 0.01).
//  - A batch of kBatchBytes goes at once.
//  - A busy rank sends to an owner at most once per busy_wait(): 2 ms up to 17 ranks (as before),
//    then (P - 1) x kBusyGap, so that a rank sends (and receives) on average at most one batch per
//    kBusyGap however many owners there are.
//  - An owner that the last completed round showed without work (it may be starving) gets its
//    batch after 2 ms from a busy rank, at once from an idle one: routed nodes must not sit on a
//    rank that has nothing else to do while their owner waits.
//  - An idle rank sends to an owner with work at most once per idle_wait() ((P - 1) x kIdleGap):
//    that owner is not waiting for it, and what the idle rank expands next (work it receives)
//    joins the same batch. A hold is bounded, so the search still ends (a rank holding nodes is not
//    quiet, see search_rounds.hpp).
// Only timing changes: which rank expands a node never changes the answer.
#include <algorithm>
#include <cstddef>

namespace adm::dist {

class RouteBatches {
 public:
  static constexpr std::size_t kBatchBytes = 1 << 16;
  static constexpr double kBatchSeconds = 0.002, kBusyGap = 0.000125, kIdleGap = 0.000016;

  explicit RouteBatches(int ranks)
      : owners_(std::max(1, ranks - 1)),
        busy_wait_(std::max(kBatchSeconds, owners_ * kBusyGap)),
        idle_wait_(owners_ * kIdleGap) {}

  // Whether `bytes` waiting for an owner go now, `since_last` seconds after the last batch to it.
  bool due(std::size_t bytes, double since_last, bool idle, bool owner_has_work) const {
    if (bytes >= kBatchBytes) return true;
    if (!owner_has_work) return idle || since_last >= kBatchSeconds;
    return since_last >= (idle ? idle_wait_ : busy_wait_);
  }
  double busy_wait() const { return busy_wait_; }
  double idle_wait() const { return idle_wait_; }

 private:
  double owners_;
  double busy_wait_, idle_wait_;
};

}  // namespace adm::dist
