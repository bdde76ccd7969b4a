#pragma once
// A top-k mine's cut from counts relayed along a tree of node leaders (dist::LocalSearch::relay),
// between the search's rounds; a leader relays its node's counts (NodeCut::drain) and adds what it
// hears to them (NodeCut::fold). A round completes only when every rank has joined it: at 16-32
// ranks on a loaded or oversubscribed node that took ~120 ms, and a rank's cut waited for it, so it
// pruned with an old cut (German top-200,000: 1.44x one rank's nodes at 16 ranks, 1.69x at 32). A
// relay reaches a neighbour at its next poll, and news crosses O(log P) links to reach every rank.
//
// Each leader counts the patterns its node keeps, in their exact bins (TopCandidates' 2^16), and
// sends each neighbour the counts it found or heard from its other neighbours since its last
// message on that link. The links form a tree, so every count reaches every rank exactly once;
// counts only grow and never sit above their pattern's bin, so the cut they give (the highest bin
// edge that k of them reach) is never above the k-th best score over all ranks: safe to prune at.
// It is a second, independent lower bound beside SharedCut's (rounds): a rank prunes at the higher
// of the two. A message holds one (bin, count) pair for each bin that changed, so its size does not
// grow with the number of ranks (the counts of all ranks in one bin travel as one sum).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/fresh_memory.hpp"
#include "methods/patterns/rising_cut.hpp"
#include "methods/patterns/top_candidates.hpp"

namespace adm::methods::patterns {

class RelayedCut {
 public:
  RelayedCut(std::uint64_t k, std::size_t links);

  // `count` patterns this rank (a node leader: its node) kept, in `bin`.
  void count(std::size_t bin, std::uint64_t count = 1) {
    heard_.add(bin, count);
    for (auto& l : links_) queue(l, bin, count);
  }
  // The counts waiting for `link` (empty when none), which it then forgets; those in bins below
  // `floor_bin` are dropped (below this rank's cut, they can raise no cut above it: the receiver's
  // cut only undercounts, which is safe).
  std::string message(std::size_t link, std::size_t floor_bin = 0);
  // A neighbour's message on `link`: counted here and passed on to every other link; each
  // (bin, count) also goes to `also` when given (a node leader adds it to its node's counts).
  void hear(std::size_t link, std::string_view bytes,
            const std::function<void(std::size_t, std::uint64_t)>& also = {});
  bool pending() const;

  // The cut of this rank's own patterns and every count heard.
  bool reached() const { return heard_.reached(); }
  std::size_t bin() const { return heard_.bin(); }

 private:
  struct Link {
    ZeroedArray<std::uint64_t> counts{TopCandidates::kBins};  // waiting to be sent, by bin
    std::vector<std::uint32_t> dirty;                         // bins with counts waiting
  };
  static void queue(Link& l, std::size_t bin, std::uint64_t count) {
    if (l.counts[bin] == 0) l.dirty.push_back(static_cast<std::uint32_t>(bin));
    l.counts[bin] += count;
  }
  RisingCut heard_;
  std::vector<Link> links_;
};

}  // namespace adm::methods::patterns
