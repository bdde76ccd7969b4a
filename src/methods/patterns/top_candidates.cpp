#include "methods/patterns/top_candidates.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>

#include "core/fresh_memory.hpp"

namespace adm::methods::patterns {

namespace {

// A non-negative double's bits grow with it: bits >> kShift keep the exponent and the top 11 bits
// of the mantissa. 2^16 bins = 32 exponents (scores in [2^-24, 2^8)) x 2^11.
constexpr int kShift = 52 - 11;
constexpr double kLowest = 0x1p-24, kHighest = 0x1p8;
const std::uint64_t kBase = std::bit_cast<std::uint64_t>(kLowest) >> kShift;

}  // namespace

std::size_t TopCandidates::bin_of(double score) {
  if (!(score >= kLowest)) return 0;  // zero, tiny scores (and -0.0)
  if (score >= kHighest) return kBins - 1;
  return static_cast<std::size_t>((std::bit_cast<std::uint64_t>(score) >> kShift) - kBase);
}

// Exact: the smallest double of the bin (bin 0 also holds scores down to 0).
double TopCandidates::bin_edge(std::size_t bin) {
  if (bin == 0) return 0.0;
  return std::bit_cast<double>((kBase + bin) << kShift);
}

TopCandidates::TopCandidates(std::size_t k, std::size_t key_size)
    : k_(k), key_size_(key_size), capacity_(std::max<std::size_t>(2 * k, 1024)) {
  if (k_ == 0) return;
  counts_.emplace(kBins, k_);
  reserve();
}

// The whole buffer at once: growing it by doubling copied it (memmove was 11 % of a mine).
void TopCandidates::reserve() {
  reserve_fresh(scores_, capacity_);
  reserve_fresh(keys_, capacity_ * key_size_);
}

void TopCandidates::offer(double score, const std::uint8_t* key) {
  if (k_ == 0) return;
  if (scores_.size() >= capacity_) compact();
  scores_.push_back(score);
  keys_.insert(keys_.end(), key, key + key_size_);
  counts_->add(bin_of(score), 1);
  if (counts_->reached()) cut_ = std::max(cut_, bin_edge(counts_->bin()));
}

// The cut becomes the exact k-th best score offered so far, so compaction keeps k candidates and
// their ties, the buffer never has to grow (each growth touched fresh memory: ~50 MB of page faults
// in a German top-200,000 mine), and the search prunes with the exact k-th best, not a bin edge
// below it. That score lies in the histogram's cut bin c (the bins above hold fewer than k, c and
// above at least k), and every candidate above c is still here (a compaction drops only scores
// below the k-th best of its time, which no later k-th best is below): it is the (k - above)-th
// best of the scores here in bin c, a short nth_element.
void TopCandidates::compact() {
  if (has_cut()) {
    const std::size_t c = counts_->bin();
    const std::uint64_t need = k_ - counts_->above_bin();
    scratch_.clear();
    for (const double s : scores_)
      if (bin_of(s) == c) scratch_.push_back(s);
    if (need >= 1 && need <= scratch_.size()) {
      const auto kth = scratch_.begin() + static_cast<std::ptrdiff_t>(need - 1);
      std::nth_element(scratch_.begin(), kth, scratch_.end(), std::greater<>());
      cut_ = std::max(cut_, *kth);
    }
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < scores_.size(); ++i) {
    if (scores_[i] < cut_) continue;  // worse than the k candidates at or above the cut bin
    scores_[kept] = scores_[i];
    std::memmove(&keys_[kept * key_size_], &keys_[i * key_size_], key_size_);
    ++kept;
  }
  scores_.resize(kept);
  keys_.resize(kept * key_size_);
  capacity_ = std::max(capacity_, 2 * kept);  // amortised O(1) even if the cut bin is crowded
  reserve();
}

}  // namespace adm::methods::patterns
