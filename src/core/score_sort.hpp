#pragma once
// Sorting many (score, index) records by score, best first: an LSD radix sort on the score's bits
// (4 passes of 16 bits), O(n) where std::sort's comparisons cost O(n log n). For result lists of
// hundreds of thousands of entries (the pattern miner's k best) it is several times faster.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace adm {

struct ScoredIndex {
  double score;
  std::uint32_t index;
};

// Stable sort by descending score. Scores must be finite and >= 0 (then the order of their bit
// patterns as unsigned integers is their numeric order; -0.0 is treated as 0).
inline void sort_by_descending_score(std::vector<ScoredIndex>& items) {
  const std::size_t n = items.size();
  if (n < 2) return;
  std::vector<std::uint64_t> key(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double s = items[i].score == 0 ? 0.0 : items[i].score;
    std::uint64_t bits;
    std::memcpy(&bits, &s, sizeof bits);
    key[i] = ~bits;  // descending
  }
  std::vector<ScoredIndex> other(n);
  std::vector<std::uint64_t> other_key(n);
  std::vector<std::size_t> at(65537);
  for (int shift = 0; shift < 64; shift += 16) {
    std::fill(at.begin(), at.end(), 0);
    for (std::size_t i = 0; i < n; ++i) ++at[((key[i] >> shift) & 0xFFFF) + 1];
    if (at[((key[0] >> shift) & 0xFFFF) + 1] == n) continue;  // one digit value: nothing moves
    for (std::size_t d = 1; d < at.size(); ++d) at[d] += at[d - 1];
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t to = at[(key[i] >> shift) & 0xFFFF]++;
      other[to] = items[i];
      other_key[to] = key[i];
    }
    items.swap(other);
    key.swap(other_key);
  }
}

}  // namespace adm
