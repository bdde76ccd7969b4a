#include "methods/patterns/node_cut.hpp"

#include <algorithm>
#include <atomic>

#include "core/error.hpp"

namespace adm::methods::patterns {

NodeCut::NodeCut(std::uint64_t k, std::size_t floor_bin, std::span<std::uint64_t> shared)
    : k_(k), floor_bin_(floor_bin), shared_(shared) {
  if (k == 0 || shared.size() != words()) throw InternalError("node cut: needs k >= 1 and words()");
}

bool NodeCut::publish() {
  using Ref = std::atomic_ref<std::uint64_t>;
  std::uint64_t* top_word = &shared_[0];
  std::uint64_t* counts = shared_.data() + 1;
  for (const std::uint32_t b : dirty_) {
    top_ = std::max<std::size_t>(top_, b + 1);
    Ref(counts[b]).fetch_add(pending_[b], std::memory_order_relaxed);
    pending_[b] = 0;
  }
  dirty_.clear();
  // The highest bin seen on the node only rises: a compare-and-swap loop for the maximum.
  Ref top(*top_word);
  std::uint64_t seen = top.load(std::memory_order_relaxed);
  while (seen < top_ && !top.compare_exchange_weak(seen, top_, std::memory_order_relaxed)) {
  }
  seen = std::max<std::uint64_t>(seen, top_);
  // From the top down until k counts are reached; below the cut already known, there is nothing to
  // gain (the cut only rises), so the scan is at most the bins between the top and that cut.
  const std::size_t stop = reached_ ? bin_ + 1 : floor_bin_;
  std::uint64_t above = 0;
  for (std::size_t b = std::min<std::size_t>(seen, TopCandidates::kBins); b-- > stop;) {
    above += Ref(counts[b]).load(std::memory_order_relaxed);
    if (above >= k_) {
      reached_ = true;
      bin_ = b;
      return true;
    }
  }
  return false;
}

}  // namespace adm::methods::patterns
