#pragma once
// Deterministic random streams. Every stream is named by (master seed, stream name, task index),
// never by rank or thread, so any partition of tasks over ranks draws the same numbers. The
// generator and the distributions are our own (xoshiro256** + exact transforms) so results do not
// depend on the standard library's unspecified distribution algorithms.
#include <cstdint>
#include <span>
#include <string_view>

namespace adm {

class Rng {
 public:
  // The stream for task `index` of the named stream of an experiment seeded with `seed`.
  Rng(std::uint64_t seed, std::string_view stream, std::uint64_t index = 0);

  std::uint64_t next_u64();
  double uniform();                              // [0, 1), 53 random bits
  std::uint64_t uniform_index(std::uint64_t n);  // uniform on {0, ..., n-1}, unbiased; n > 0
  double normal();                               // standard normal (polar Box-Muller, no caching)
  bool bernoulli(double p);
  // Index drawn with probability proportional to weights[i] (non-negative, positive sum).
  std::size_t categorical(std::span<const double> weights);

 private:
  std::uint64_t s_[4];
};

// 64-bit FNV-1a: a stable hash of stream names (std::hash is not stable across builds).
std::uint64_t stable_hash(std::string_view text);
// The same hash continued over more bytes, for inputs read in pieces:
// stable_hash(b, stable_hash(a)) == stable_hash(a + b).
std::uint64_t stable_hash(std::string_view text, std::uint64_t state);

}  // namespace adm
