#pragma once
// The cut that the patterns kept by all ranks of a top-k mine give together: the highest bin edge
// (TopCandidates' 2^16 bins) that k of them reach. Every rank counts the patterns it keeps, and the
// search's rounds sum every rank's counts since its last round (a fixed-size vector reduced by an
// MPI all-reduce, so a rank's cost grows as log P, not as P as when each rank sent its increments
// to every other one). Counts only grow, so the shared histogram only undercounts what was found
// and the cut it gives is never above the k-th best score over all ranks: safe to prune at.
//
// 2^16 counts would be 512 KiB a round, and a round's vector must stay small: above ~4 KB (the
// shared-memory transport's eager limit) an all-reduce needs more handshakes, each waiting for a
// rank's next poll (1,290 words: ~2,400 rounds a second between two spinning ranks, 256 words:
// ~89,000). So the vector holds 480 counts of 32 bits, two to a word, and the highest bin any rank
// has seen (reduced by max): kWindow bins from the shared cut's bin up, one by one, where the cut
// moves next, then kCoarse groups of bins up to that highest bin. A count goes to its bin in the
// window, or to the lowest bin of its group: a lower bin than its own, which undercounts the bins
// above, so the cut stays safe. Counts below the window are dropped: they are below the cut, which
// only rises. Every rank learns the same sums in the same order, so all agree on the layout of a
// round when it is made from what was learned `lag` rounds before (the search may have several
// rounds in flight, and a rank may have learned the later ones or not yet).
//
// A rank's own cut (local_bin) rises at once with its own patterns, not only when a round completes
// (which waits for every rank's next poll): it sums the other ranks' counts of the rounds learned
// (a round's totals less this rank's own summary of it) and every pattern this rank ever counted,
// in its exact bin. The two are disjoint (patterns of different ranks are different nodes), both
// only grow, and each count is in its pattern's bin or a lower one, so that cut too is never above
// the k-th best score over all ranks. It differs between ranks, so it never decides a layout.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include "core/fresh_memory.hpp"
#include "methods/patterns/rising_cut.hpp"
#include "methods/patterns/top_candidates.hpp"

namespace adm::methods::patterns {

class SharedCut {
 public:
  static constexpr std::size_t kBins = TopCandidates::kBins;
  static constexpr std::size_t kWindow = 320, kCoarse = 160;
  // The highest bin seen (+ 1; by max), then the counts, two to a word.
  static constexpr std::size_t max_words() { return 1; }
  static constexpr std::size_t words() { return 1 + (kWindow + kCoarse) / 2; }

  // `floor_bin`: the bin of the lowest score that qualifies (the window starts there until the cut
  // is reached); `ranks`: how many ranks add up their counts (a rank's 32-bit count is capped at
  // 1 / ranks of the range, so that the sums cannot carry into the neighbouring count).
  // `lag`: round n's layout is made from what was learned up to round n - lag.
  SharedCut(std::uint64_t k, std::size_t floor_bin, int ranks, std::uint64_t lag);

  // A pattern this rank kept, in `bin`.
  void count(std::size_t bin) {
    if (pending_[bin]++ == 0) dirty_.push_back(bin);
    top_seen_ = std::max(top_seen_, bin + 1);
    local_.add(bin, 1);
  }
  // This rank's counts since its last summary, into `out` (words() zeros); they are then forgotten
  // (but for what a capped count could not take, which waits for the next summary).
  void summary(std::uint64_t round, std::uint64_t* out);
  // Every rank's summaries of one round, summed (rounds in order).
  void learn(std::uint64_t round, const std::uint64_t* totals);

  bool reached() const { return counts_.reached(); }
  // When reached(): the shared cut's bin (all ranks' patterns from its edge up are at least k).
  std::size_t bin() const { return counts_.bin(); }
  // This rank's cut: the other ranks' counts learned and all of its own (at least the shared cut).
  bool local_reached() const { return local_.reached(); }
  std::size_t local_bin() const { return local_.bin(); }

 private:
  struct Layout {
    std::size_t base, fine_end, group;  // window [base, fine_end), then groups of `group` bins
    std::size_t slot(std::size_t bin) const;  // bin >= base
    std::size_t bin(std::size_t slot) const;
  };
  struct Known {  // what decides a layout, as learned after some round
    std::size_t cut_bin = 0, top = 0;
    bool reached = false;
  };
  Layout layout(std::uint64_t round) const;
  RisingCut counts_;
  RisingCut local_;  // the other ranks' learned counts, and this rank's own (exact bins)
  struct Sent {      // this rank's summary of a round not yet learned, per slot
    std::uint64_t round;
    std::vector<std::uint32_t> slots;
  };
  std::deque<Sent> sent_;
  std::uint64_t lag_;
  std::vector<Known> known_;  // after round r at r % (lag + 1), for the last lag + 1 rounds
  std::size_t floor_bin_;
  std::uint64_t cap_;
  std::size_t top_seen_ = 0, top_ = 0;  // highest bin + 1: this rank's, all ranks' (last round)
  std::vector<std::uint64_t> slots_;    // summary's scratch
  ZeroedArray<std::uint64_t> pending_;
  std::vector<std::size_t> dirty_;  // bins with pending counts
};

}  // namespace adm::methods::patterns
