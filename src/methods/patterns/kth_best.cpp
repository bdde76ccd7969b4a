#include "methods/patterns/kth_best.hpp"

#include <bit>
#include <cmath>

#include "core/error.hpp"

namespace adm::methods::patterns {

void KthBest::count(const std::vector<double>& scores, double at_least,
                    std::vector<std::uint64_t>& out) const {
  const int width = digit_bits(), shift = fixed_low_ - width;
  const std::uint64_t mask = (std::uint64_t{1} << width) - 1;
  out.assign(std::size_t{1} << width, 0);
  for (const double s : scores) {
    if (!(s >= at_least) || std::signbit(s)) continue;
    const auto bits = std::bit_cast<std::uint64_t>(s);
    // (A shift by 64 is undefined: with nothing fixed yet every score matches.)
    if (fixed_low_ < 64 && bits >> fixed_low_ != prefix_) continue;
    ++out[(bits >> shift) & mask];
  }
}

void KthBest::settle(const std::vector<std::uint64_t>& totals) {
  const int width = digit_bits();
  if (done() || totals.size() != std::size_t{1} << width)
    throw InternalError("k-th best: a round's counts do not match its digit");
  // From the highest digit down, the one in which the k-th best lies.
  std::uint64_t above = above_;
  for (std::size_t d = totals.size(); d-- > 0;) {
    if (above + totals[d] >= k_) {
      prefix_ = fixed_low_ < 64 ? (prefix_ << width) | d : d;
      fixed_low_ -= width;
      above_ = above;
      return;
    }
    above += totals[d];
  }
  too_few_ = true;  // fewer than k in all
}

std::optional<double> KthBest::value() const {
  if (too_few_ || fixed_low_ != 0) return std::nullopt;
  return std::bit_cast<double>(prefix_);
}

}  // namespace adm::methods::patterns
