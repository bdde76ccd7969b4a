#pragma once
// A top-k mine's cut from the counts of every rank of this node, in memory the node's ranks share
// (dist::LocalSearch::node_words): each rank adds the patterns it kept to one histogram of
// TopCandidates' 2^16 bins at the end of each step, and reads the cut from it there. The ranks of a
// node then learn each other's patterns at once, not when a round completes (every rank of the
// search must have joined it) or a relay arrives (the neighbour must have polled): on 16-32 ranks
// sharing 2 cores that was tens to hundreds of milliseconds, and a rank pruned with an old cut.
//
// Safe: every pattern is counted once, by the rank that scored it, in its exact bin, and counts
// only grow, so what a rank reads (however stale) never exceeds the node's true counts, and the cut
// (the highest bin edge that k counts reach) is never above the k-th best score over all ranks. It
// is one more lower bound beside the rounds' and the relays' (counted apart); a rank prunes at the
// highest. Updates are relaxed atomic adds to words other ranks read: the order of updates does
// not matter, only that no count is lost.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/fresh_memory.hpp"
#include "methods/patterns/top_candidates.hpp"

namespace adm::methods::patterns {

class NodeCut {
 public:
  // The words it needs: the highest bin + 1 seen on the node, then one count per bin.
  static constexpr std::size_t words() { return 1 + TopCandidates::kBins; }

  // `floor_bin`: the bin of the lowest score that qualifies (no count lies below it).
  NodeCut(std::uint64_t k, std::size_t floor_bin, std::span<std::uint64_t> shared);

  // A pattern this rank kept, in `bin` (added to the node's histogram at the next publish()).
  void count(std::size_t bin) {
    if (pending_[bin]++ == 0) dirty_.push_back(static_cast<std::uint32_t>(bin));
  }
  // Adds this rank's counts to the node's, then reads the node's cut; true when it rose.
  bool publish();
  bool reached() const { return reached_; }
  std::size_t bin() const { return bin_; }  // when reached(): the node's cut bin

 private:
  std::uint64_t k_;
  std::size_t floor_bin_;
  std::span<std::uint64_t> shared_;
  ZeroedArray<std::uint64_t> pending_{TopCandidates::kBins};
  std::vector<std::uint32_t> dirty_;
  std::size_t top_ = 0;  // this rank's highest bin + 1
  bool reached_ = false;
  std::size_t bin_ = 0;
};

}  // namespace adm::methods::patterns
