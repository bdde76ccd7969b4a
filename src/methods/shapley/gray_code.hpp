#pragma once
// The binary reflected Gray code over subsets of n features: rank r (0 .. 2^n - 1) is the subset
// (mask) r ^ (r >> 1), so consecutive ranks differ in exactly one feature, the lowest set bit of
// the larger rank. Exact Shapley enumerates subsets in this order (a task = a contiguous range of
// ranks) so each subset's joint codes are an update of the previous subset's.
#include <bit>
#include <cstddef>
#include <cstdint>

namespace adm::methods::shapley {

// The subset at Gray-code rank `rank`.
constexpr std::uint64_t gray_mask(std::uint64_t rank) { return rank ^ (rank >> 1); }

// The rank of subset `mask` (inverse of gray_mask): the prefix XOR of its bits from the top.
constexpr std::uint64_t gray_rank(std::uint64_t mask) {
  for (int shift = 1; shift < 64; shift <<= 1) mask ^= mask >> shift;
  return mask;
}

// The feature that changes between ranks rank - 1 and rank (rank >= 1).
constexpr std::size_t gray_flip(std::uint64_t rank) {
  return static_cast<std::size_t>(std::countr_zero(rank));
}

}  // namespace adm::methods::shapley
