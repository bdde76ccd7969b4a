#include "methods/patterns/top_candidates.hpp"

#include <algorithm>
#include <cstring>
#include <functional>

namespace adm::methods::patterns {

std::size_t TopCandidates::bin_of(double score) {
  const double u = score / (1 + score);
  return std::min(kBins - 1, static_cast<std::size_t>(u * static_cast<double>(kBins)));
}

double TopCandidates::bin_edge(std::size_t bin) {
  const double u = static_cast<double>(bin) / static_cast<double>(kBins);
  return (u / (1 - u)) * (1 - 1e-9) - 1e-15;  // slack: rounding never lifts the edge over a score
}

TopCandidates::TopCandidates(std::size_t k, std::size_t key_size)
    : k_(k), key_size_(key_size), capacity_(std::max<std::size_t>(2 * k, 1024)) {
  if (k_ == 0) return;
  counts_.emplace(kBins, k_);
  reserve();
}

// The whole buffer at once: growing it by doubling copied it (memmove was 11 % of a mine).
void TopCandidates::reserve() {
  scores_.reserve(capacity_);
  keys_.reserve(capacity_ * key_size_);
}

void TopCandidates::offer(double score, const std::uint8_t* key) {
  if (k_ == 0) return;
  if (scores_.size() >= capacity_) compact();
  scores_.push_back(score);
  keys_.insert(keys_.end(), key, key + key_size_);
  counts_->add(bin_of(score), 1);
  if (counts_->reached()) cut_ = std::max(cut_, bin_edge(counts_->bin()));
}

// The cut becomes the exact k-th best score of the buffer (the buffer holds every candidate that
// can be among the k best offered so far, so no k-th best score is below it): compaction then
// keeps k candidates and their ties, the buffer never has to grow (each growth touched fresh
// memory: ~50 MB of page faults in a German top-200,000 mine), and the search prunes with the
// exact k-th best, not a bin edge below it.
// The k-th best lies in the histogram's cut bin c (the bins above hold fewer than k, c and above at
// least k), and every candidate above c is still here (a compaction drops only scores below the
// k-th best of its time, which no later k-th best is below): it is the (k - above)-th best of
// the scores here in bin c, a short nth_element.
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
