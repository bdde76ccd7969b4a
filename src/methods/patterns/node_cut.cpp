#include "methods/patterns/node_cut.hpp"

#include <algorithm>
#include <atomic>
#include <bit>

#include "core/error.hpp"

namespace adm::methods::patterns {

NodeCut::NodeCut(std::uint64_t k, std::size_t floor_bin, std::span<std::uint64_t> shared)
    : k_(k), floor_bin_(floor_bin), shared_(shared) {
  if (k == 0 || shared.size() != words()) throw InternalError("node cut: needs k >= 1 and words()");
}

namespace {
using Ref = std::atomic_ref<std::uint64_t>;
}  // namespace

// The highest bin seen on the node only rises: a compare-and-swap loop for the maximum.
void NodeCut::raise_top(std::size_t top) {
  Ref word(shared_[0]);
  std::uint64_t seen = word.load(std::memory_order_relaxed);
  while (seen < top && !word.compare_exchange_weak(seen, top, std::memory_order_relaxed)) {
  }
}

bool NodeCut::publish() {
  std::uint64_t* c = counts();
  for (const std::uint32_t b : dirty_) {
    top_ = std::max<std::size_t>(top_, b + 1);
    Ref(c[b]).fetch_add(pending_[b], std::memory_order_relaxed);
    pending_[b] = 0;
    // Marked after the add (release), so a leader that sees the mark sees the count; the summary
    // bit after the bin's, so a leader that cleared the summary first finds it set again.
    Ref(marks()[b / 64]).fetch_or(1ULL << (b % 64), std::memory_order_release);
    Ref(summary()[b / 4096]).fetch_or(1ULL << (b / 64 % 64), std::memory_order_release);
  }
  dirty_.clear();
  raise_top(top_);
  const std::uint64_t seen =
      std::max<std::uint64_t>(Ref(shared_[0]).load(std::memory_order_relaxed), top_);
  // From the top down until k counts are reached; below the cut already known, there is nothing to
  // gain (the cut only rises), so the scan is at most the bins between the top and that cut.
  const std::size_t stop = reached_ ? bin_ + 1 : floor_bin_;
  std::uint64_t above = 0;
  for (std::size_t b = std::min<std::size_t>(seen, TopCandidates::kBins); b-- > stop;) {
    above += Ref(c[b]).load(std::memory_order_relaxed);
    if (above >= k_) {
      reached_ = true;
      bin_ = b;
      return true;
    }
  }
  return false;
}

void NodeCut::allocate_leader() {
  if (folded_.size() > 0) return;
  folded_ = ZeroedArray<std::uint64_t>(TopCandidates::kBins);
  handed_ = ZeroedArray<std::uint64_t>(TopCandidates::kBins);
}

// A bin's count less what the leader folded in is what the node's ranks added (only the leader
// folds, so it knows that part exactly); less what it handed on already, it is what is new. A
// count read before a rank's add is not lost: that rank marks the bin again after adding.
void NodeCut::drain(const std::function<void(std::size_t, std::uint64_t)>& own) {
  allocate_leader();
  for (std::size_t s = 0; s < kSummaryWords; ++s) {
    if (Ref(summary()[s]).load(std::memory_order_relaxed) == 0) continue;
    for (std::uint64_t words = Ref(summary()[s]).exchange(0, std::memory_order_acquire); words;
         words &= words - 1) {
      const std::size_t w = s * 64 + static_cast<std::size_t>(std::countr_zero(words));
      for (std::uint64_t bits = Ref(marks()[w]).exchange(0, std::memory_order_acquire); bits;
           bits &= bits - 1) {
        const std::size_t b = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
        const std::uint64_t mine = Ref(counts()[b]).load(std::memory_order_acquire) - folded_[b];
        if (mine > handed_[b]) {
          own(b, mine - handed_[b]);
          handed_[b] = mine;
        }
      }
    }
  }
}

bool NodeCut::marked() const {
  for (std::size_t s = 0; s < kSummaryWords; ++s)
    if (Ref(summary()[s]).load(std::memory_order_relaxed) != 0) return true;
  return false;
}

void NodeCut::fold(std::size_t bin, std::uint64_t count) {
  if (bin >= TopCandidates::kBins) throw InternalError("node cut: a bin out of range");
  allocate_leader();
  Ref(counts()[bin]).fetch_add(count, std::memory_order_relaxed);
  folded_[bin] += count;
  raise_top(bin + 1);
}

}  // namespace adm::methods::patterns
