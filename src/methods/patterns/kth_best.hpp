#pragma once
// The exact k-th best of non-negative scores spread over ranks, found by a few rounds of sums (a
// radix selection over the scores' bits, most significant first): each round every rank counts its
// scores that match the digits fixed so far by the value of the next 12 bits, the counts are summed
// over all ranks (an MPI all-reduce: O(log P) per rank, where sending the scores near the cut to
// every rank cost O(P)), and every rank fixes the same digit, the one in which the k-th best lies.
// Six rounds fix all 64 bits. For non-negative doubles the order of the bits as unsigned integers
// is the order of the values, so the result is the k-th best score itself, bit for bit.
//
// The ranks may count any scores, as long as together they hold every score at or above the k-th
// best (a rank's candidates at or above its own cut, in a top-k mine): scores below it add to the
// counts below the digit the k-th best is in, so they change nothing.
#include <cstdint>
#include <optional>
#include <vector>

namespace adm::methods::patterns {

class KthBest {
 public:
  explicit KthBest(std::uint64_t k) : k_(k) {}

  // True once the answer is known (or it is known that fewer than k scores were counted).
  bool done() const { return fixed_low_ == 0 || too_few_; }
  // This rank's counts for the next round, of those of `scores` at or above `at_least`.
  void count(const std::vector<double>& scores, double at_least,
             std::vector<std::uint64_t>& out) const;
  // The counts of all ranks, summed.
  void settle(const std::vector<std::uint64_t>& totals);
  // The k-th best score once done(); none when fewer than k were counted.
  std::optional<double> value() const;

 private:
  static constexpr int kDigitBits = 12;
  int digit_bits() const { return fixed_low_ < kDigitBits ? fixed_low_ : kDigitBits; }
  std::uint64_t k_;
  std::uint64_t prefix_ = 0;  // the bits fixed so far, [fixed_low_, 64), shifted down
  int fixed_low_ = 64;        // the lowest fixed bit
  std::uint64_t above_ = 0;   // scores counted above the prefix (all of them better than the k-th)
  bool too_few_ = false;
};

}  // namespace adm::methods::patterns
