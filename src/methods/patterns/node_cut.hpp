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
#include <functional>
#include <span>
#include <vector>

#include "core/fresh_memory.hpp"
#include "methods/patterns/top_candidates.hpp"

namespace adm::methods::patterns {

// The node's leader also speaks for it in the relays between nodes (RelayedCut): it takes the
// counts its node's ranks added since it last looked (drain()) and adds what other nodes found
// (fold()), so every rank of the node prunes with it. A rank marks the bins it added to in a
// two-level bitmap in the shared words, so the leader reads 16 words when nothing changed.
class NodeCut {
 public:
  // The words it needs: the highest bin + 1 seen on the node, one count per bin, then the bitmap
  // of bins added to since the leader's last drain(): one bit per word below, one bit per bin.
  static constexpr std::size_t kMarkWords = TopCandidates::kBins / 64;
  static constexpr std::size_t kSummaryWords = kMarkWords / 64;
  static constexpr std::size_t words() {
    return 1 + TopCandidates::kBins + kSummaryWords + kMarkWords;
  }

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

  // The node's leader only (one rank per node may call these):
  // calls own(bin, count) for what the node's ranks added since the last drain() (fold()'s counts
  // are not theirs and are left out);
  void drain(const std::function<void(std::size_t, std::uint64_t)>& own);
  // whether a drain() would find anything;
  bool marked() const;
  // adds `count` patterns that other nodes found in `bin` (publish() then reads the cut).
  void fold(std::size_t bin, std::uint64_t count);

 private:
  std::uint64_t* counts() const { return shared_.data() + 1; }
  std::uint64_t* summary() const { return counts() + TopCandidates::kBins; }
  std::uint64_t* marks() const { return summary() + kSummaryWords; }
  void raise_top(std::size_t top);
  void allocate_leader();

  std::uint64_t k_;
  std::size_t floor_bin_;
  std::span<std::uint64_t> shared_;
  ZeroedArray<std::uint64_t> pending_{TopCandidates::kBins};
  std::vector<std::uint32_t> dirty_;
  std::size_t top_ = 0;  // the highest bin + 1 this rank added to
  bool reached_ = false;
  std::size_t bin_ = 0;
  // The leader's: what it folded in from other nodes, and what of its node's own it handed on.
  // Allocated at its first drain() or fold(): the other ranks never need them.
  ZeroedArray<std::uint64_t> folded_, handed_;
};

}  // namespace adm::methods::patterns
