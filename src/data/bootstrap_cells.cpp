#include "data/bootstrap_cells.hpp"

#include <cmath>

#include "core/error.hpp"

namespace adm::data {
namespace {

// log(k!) - Stirling's approximation of it, for the BTRS acceptance test.
double stirling_tail(double k) {
  static const double kSmall[] = {0.0810614667953272,  0.0413406959554092, 0.0276779256849983,
                                  0.02079067210376509, 0.0166446911898211, 0.0138761288230707,
                                  0.0118967099458917,  0.0104112652619720, 0.00925546218271273,
                                  0.00833056343336287};
  if (k <= 9) return kSmall[static_cast<int>(k)];
  const double kp1sq = (k + 1) * (k + 1);
  return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1);
}

// Successes before the waiting times of a geometric process pass n: exact for any p, O(n p).
std::uint64_t binomial_inversion(std::uint64_t n, double p, Rng& rng) {
  const double log_q = std::log1p(-p);
  double sum = 0.0;
  std::uint64_t k = 0;
  for (;;) {
    const double u = 1.0 - rng.uniform();  // (0, 1]: log stays finite
    sum += std::ceil(std::log(u) / log_q);
    if (sum > static_cast<double>(n)) return k;
    ++k;
  }
}

// Hormann (1993) BTRS, for n p >= 10 and p <= 1/2.
std::uint64_t binomial_btrs(std::uint64_t n_int, double p, Rng& rng) {
  const double n = static_cast<double>(n_int);
  const double spq = std::sqrt(n * p * (1 - p));
  const double b = 1.15 + 2.53 * spq;
  const double a = -0.0873 + 0.0248 * b + 0.01 * p;
  const double c = n * p + 0.5;
  const double v_r = 0.92 - 4.2 / b;
  const double r = p / (1 - p);
  const double alpha = (2.83 + 5.1 / b) * spq;
  const double m = std::floor((n + 1) * p);
  for (;;) {
    const double u = rng.uniform() - 0.5;
    double v = rng.uniform();
    const double us = 0.5 - std::fabs(u);
    const double k = std::floor((2 * a / us + b) * u + c);
    if (k < 0 || k > n) continue;
    if (us >= 0.07 && v <= v_r) return static_cast<std::uint64_t>(k);
    if (v <= 0.0) continue;  // log(0) below
    v = std::log(v * alpha / (a / (us * us) + b));
    const double bound = (m + 0.5) * std::log((m + 1) / (r * (n - m + 1))) +
                         (n + 1) * std::log((n - m + 1) / (n - k + 1)) +
                         (k + 0.5) * std::log(r * (n - k + 1) / (k + 1)) + stirling_tail(m) +
                         stirling_tail(n - m) - stirling_tail(k) - stirling_tail(n - k);
    if (v <= bound) return static_cast<std::uint64_t>(k);
  }
}

}  // namespace

std::uint64_t draw_binomial(std::uint64_t n, double p, Rng& rng) {
  if (!(p >= 0.0 && p <= 1.0)) throw InternalError("draw_binomial: p outside [0, 1]");
  if (n == 0 || p == 0.0) return 0;
  if (p == 1.0) return n;
  // The sampler works with p <= 1/2; the count of failures is Binomial(n, 1 - p).
  const bool flip = p > 0.5;
  const double q = flip ? 1.0 - p : p;
  const std::uint64_t k =
      static_cast<double>(n) * q < 10.0 ? binomial_inversion(n, q, rng) : binomial_btrs(n, q, rng);
  return flip ? n - k : k;
}

std::vector<std::uint64_t> draw_multinomial(std::uint64_t total,
                                            std::span<const std::uint64_t> counts, Rng& rng) {
  std::uint64_t left_weight = 0;
  for (auto c : counts) left_weight += c;
  std::vector<std::uint64_t> out(counts.size(), 0);
  std::uint64_t left = total;
  for (std::size_t c = 0; c < counts.size() && left > 0; ++c) {
    if (counts[c] == 0) continue;
    // The last non-empty cell takes what is left (its conditional probability is exactly 1).
    const double p = counts[c] >= left_weight
                         ? 1.0
                         : static_cast<double>(counts[c]) / static_cast<double>(left_weight);
    out[c] = draw_binomial(left, p, rng);
    left -= out[c];
    left_weight -= counts[c];
  }
  return out;
}

}  // namespace adm::data
