#pragma once
// Sorting many (score, index) records by score, best first: an LSD radix sort on the score's bits
// (4 passes of 16 bits), O(n) where std::sort's comparisons cost O(n log n). For result lists of
// hundreds of thousands of entries (the pattern miner's k best) it is several times faster.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "core/fresh_memory.hpp"

namespace adm {

struct ScoredIndex {
  double score;
  std::uint32_t index;
};

// Stable sort by descending score. Scores must be finite and >= 0 (then the order of their bit
// patterns as unsigned integers is their numeric order; -0.0 is treated as 0). Digits of 11 bits:
// 2048 buckets of writes stay in cache (16-bit digits scattered over 65536), and one counting pass
// finds every digit that all scores share (a top-k list's scores often share their top 20 bits),
// which is skipped.
inline void sort_by_descending_score(std::vector<ScoredIndex>& items) {
  constexpr int kDigitBits = 11, kDigits = 6;  // 66 bits >= 64
  constexpr std::size_t kRadix = std::size_t{1} << kDigitBits;
  const std::size_t n = items.size();
  if (n < 2) return;
  const auto key = [](double s) {
    if (s == 0) s = 0.0;
    std::uint64_t bits;
    std::memcpy(&bits, &s, sizeof bits);
    return ~bits;  // descending
  };
  const auto digit = [](std::uint64_t k, int d) {
    return static_cast<std::size_t>((k >> (d * kDigitBits)) & (kRadix - 1));
  };
  std::vector<std::uint32_t> count(kDigits * kRadix, 0);
  for (const ScoredIndex& it : items) {
    const std::uint64_t k = key(it.score);
    for (int d = 0; d < kDigits; ++d) ++count[d * kRadix + digit(k, d)];
  }
  std::vector<ScoredIndex> other;
  reserve_fresh(other, n);
  other.resize(n);
  for (int d = 0; d < kDigits; ++d) {
    std::uint32_t* at = &count[d * kRadix];
    if (at[digit(key(items[0].score), d)] == n) continue;  // one digit value: nothing moves
    std::uint32_t sum = 0;
    for (std::size_t v = 0; v < kRadix; ++v) sum += std::exchange(at[v], sum);
    for (const ScoredIndex& it : items) other[at[digit(key(it.score), d)]++] = it;
    items.swap(other);
  }
}

}  // namespace adm
