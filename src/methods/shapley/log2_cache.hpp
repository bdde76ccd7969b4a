#pragma once
// std::log2 behind a direct-mapped cache keyed by the argument's bits. The plug-in sums of the
// coefficients take the log of ratios of small integer counts (with unit weights), so the same
// arguments come back thousands of times per subset; a hit returns exactly what std::log2 returned
// for that argument, so sums are bitwise those computed without the cache.
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace adm::methods::shapley {

class Log2Cache {
 public:
  Log2Cache() {
    // A NaN key stored with a NaN value: a hit on it returns what log2 of that NaN would.
    keys_.fill(~std::uint64_t{0});
    values_.fill(std::numeric_limits<double>::quiet_NaN());
  }

  double operator()(double x) {
    const auto bits = std::bit_cast<std::uint64_t>(x);
    const std::size_t at = static_cast<std::size_t>((bits * 0x9E3779B97F4A7C15ULL) >> (64 - kBits));
    if (keys_[at] != bits) {
      keys_[at] = bits;
      values_[at] = std::log2(x);
    }
    return values_[at];
  }

 private:
  static constexpr int kBits = 12;
  std::array<std::uint64_t, std::size_t{1} << kBits> keys_;
  std::array<double, std::size_t{1} << kBits> values_;
};

}  // namespace adm::methods::shapley
