#include "core/rng.hpp"

#include <cmath>
#include <stdexcept>

#include "core/splitmix.hpp"

namespace adm {
namespace {

constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;  // 2^64 / golden ratio, odd

// splitmix64 as a generator: its next output, advancing the state x.
std::uint64_t splitmix64(std::uint64_t& x) {
  const std::uint64_t out = splitmix64_mix(x);
  x += kGolden;
  return out;
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

std::uint64_t splitmix64_mix(std::uint64_t x) {
  std::uint64_t z = x + kGolden;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t stable_hash(std::string_view text) {
  return stable_hash(text, 0xcbf29ce484222325ULL);
}

std::uint64_t stable_hash(std::string_view text, std::uint64_t state) {
  std::uint64_t h = state;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

Rng::Rng(std::uint64_t seed, std::string_view stream, std::uint64_t index) {
  // Mix the three coordinates through splitmix64 so nearby seeds/indices give unrelated streams.
  std::uint64_t x = seed;
  std::uint64_t a = splitmix64(x) ^ stable_hash(stream);
  std::uint64_t b = splitmix64(a) ^ index;
  for (auto& word : s_) word = splitmix64(b);
}

std::uint64_t Rng::next_u64() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Rng::uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

std::uint64_t Rng::uniform_index(std::uint64_t n) {
  if (n == 0) throw std::invalid_argument("Rng::uniform_index: n must be positive");
  // Lemire's nearly-divisionless method with rejection: exact uniformity.
  __uint128_t m = static_cast<__uint128_t>(next_u64()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<__uint128_t>(next_u64()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

double Rng::normal() {
  for (;;) {
    const double u = 2.0 * uniform() - 1.0;
    const double v = 2.0 * uniform() - 1.0;
    const double s = u * u + v * v;
    if (s > 0.0 && s < 1.0) return u * std::sqrt(-2.0 * std::log(s) / s);
  }
}

bool Rng::bernoulli(double p) { return uniform() < p; }

std::size_t Rng::categorical(std::span<const double> weights) {
  double total = 0.0;
  for (double w : weights) {
    if (!(w >= 0.0)) throw std::invalid_argument("Rng::categorical: negative or NaN weight");
    total += w;
  }
  if (!(total > 0.0)) throw std::invalid_argument("Rng::categorical: weights sum to zero");
  const double target = uniform() * total;
  double running = 0.0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    running += weights[i];
    if (target < running) return i;
  }
  // Rounding can leave target == total: return the last positive weight.
  for (std::size_t i = weights.size(); i-- > 0;)
    if (weights[i] > 0.0) return i;
  return 0;
}

}  // namespace adm
