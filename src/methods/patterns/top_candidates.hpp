#pragma once
// A search's candidates for the k best patterns by (score, key), kept lazily. Every candidate at or
// above the cut is appended to a flat buffer (O(1), sequential); a histogram of their scores moves
// the cut up to the highest bin edge that k of them reach; the buffer is compacted (candidates
// below the cut dropped) when it has doubled. The exact k best are selected once, when the search
// has ended (PatternSearch::merge).
//
// Why not a heap of the k best: each improvement is a replace-and-sift through ~9 cache-missing
// levels at k = 200,000, 29 % of a German top-200,000 mine. The price is a cut lower than the
// exact k-th best score by at most one bin (2^16 bins, each 2^-11 of its scores wide) between
// compactions (each compaction sets it to the exact k-th best of the buffer), so a few more nodes
// are scored; the answer is the same, since every candidate below the cut is worse than k others.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "methods/patterns/rising_cut.hpp"

namespace adm::methods::patterns {

class TopCandidates {
 public:
  static constexpr std::size_t kBins = std::size_t{1} << 16;
  // Bins of a score's binary exponent and top 11 mantissa bits (scores in [2^-24, 2^8); below and
  // above go to the first and last bin): a bin spans 2^-11 of its scores' size at any magnitude
  // (a divergence near 1e-4 is resolved as finely as a |Delta| near 0.2; bins of s / (1 + s), as
  // before, were 10 % wide at 1e-4). bin_of is monotone in the score, and no score of bin b is
  // below bin_edge(b), the bin's smallest double.
  static std::size_t bin_of(double score);
  static double bin_edge(std::size_t bin);

  TopCandidates(std::size_t k, std::size_t key_size);

  // True once k candidates are known; then cut() is a score that all k best patterns reach: the
  // highest bin edge that k candidates reach, or the exact k-th best score at the last compaction.
  bool has_cut() const { return counts_ && counts_->reached(); }
  double cut() const { return cut_; }
  // Keeps (score, key) (the caller has checked it is not below cut()); keys are distinct.
  void offer(double score, const std::uint8_t* key);

  // The candidates kept, in no order: a superset of the k best of all offered.
  std::size_t size() const { return scores_.size(); }
  double score(std::size_t i) const { return scores_[i]; }
  const std::vector<double>& scores() const { return scores_; }
  const std::uint8_t* key(std::size_t i) const { return &keys_[i * key_size_]; }

 private:
  void compact();
  void reserve();

  std::size_t k_, key_size_, capacity_;
  std::optional<RisingCut> counts_;  // candidates offered per bin (none when k = 0)
  double cut_ = 0;
  std::vector<double> scores_;
  std::vector<std::uint8_t> keys_;  // candidate i at [i * key_size_, (i + 1) * key_size_)
  std::vector<double> scratch_;     // compact(): the scores, to find the k-th best
};

}  // namespace adm::methods::patterns
