#pragma once
// A histogram whose counts only grow, and the highest bin from which they add up to k. Since no
// count falls, that bin only rises: add() is O(1) amortised (the bin moves up one at a time, never
// down), where recomputing it from the top costs O(bins) per call.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "core/fresh_memory.hpp"

namespace adm::methods::patterns {

class RisingCut {
 public:
  RisingCut(std::size_t bins, std::uint64_t k) : counts_(bins), k_(k) {
    if (k == 0 || bins == 0) throw InternalError("RisingCut: needs k >= 1 and bins >= 1");
  }

  void add(std::size_t bin, std::uint64_t count) {
    counts_[bin] += count;
    if (!reached()) {
      total_ += count;
      if (total_ < k_) return;
      bin_ = counts_.size();  // the first time k is reached: walk down from the top once
      above_ = 0;
      while (above_ < k_) above_ += counts_[--bin_];
    } else if (bin >= bin_) {
      above_ += count;
    }
    while (bin_ + 1 < counts_.size() && above_ - counts_[bin_] >= k_) above_ -= counts_[bin_++];
  }
  bool reached() const { return bin_ != kNone; }
  std::size_t bin() const { return bin_; }  // when reached(): counts from here up add up to >= k
  // When reached(): the counts of the bins above bin() (fewer than k).
  std::uint64_t above_bin() const { return above_ - counts_[bin_]; }

 private:
  static constexpr std::size_t kNone = ~std::size_t{0};
  ZeroedArray<std::uint64_t> counts_;        // 2^16 bins, few used: pages faulted only where used
  std::uint64_t k_, total_ = 0, above_ = 0;  // above_: counts from bin_ up
  std::size_t bin_ = kNone;
};

}  // namespace adm::methods::patterns
