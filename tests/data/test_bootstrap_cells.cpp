// Binomial and multinomial draws of the cell bootstrap (data/bootstrap_cells.hpp) against their
// exact distributions: the probabilities of small cases (chi-square), mean and variance of large
// ones in both samplers' regimes.
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>
#include <vector>

#include "data/bootstrap_cells.hpp"

using adm::Rng;
using adm::data::draw_binomial;
using adm::data::draw_multinomial;

namespace {

double binomial_pmf(int n, int k, double p) {
  return std::exp(std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1) +
                  k * std::log(p) + (n - k) * std::log1p(-p));
}

}  // namespace

TEST_CASE("cell bootstrap: small binomials have the exact probabilities", "[data][bootstrap]") {
  // Inversion (n p < 10) and, through 1 - p, its mirror.
  for (const auto& [n, p] : std::vector<std::pair<int, double>>{{5, 0.3}, {12, 0.8}, {30, 0.1}}) {
    Rng rng(1, "binomial", std::uint64_t(n));
    const int draws = 40000;
    std::vector<double> seen(std::size_t(n) + 1, 0.0);
    for (int i = 0; i < draws; ++i) seen[draw_binomial(std::uint64_t(n), p, rng)] += 1;
    double chi2 = 0.0;
    int cells = 0;
    for (int k = 0; k <= n; ++k) {
      const double expected = draws * binomial_pmf(n, k, p);
      if (expected < 5) continue;  // pooled out: chi-square needs expected counts >= 5
      chi2 += (seen[std::size_t(k)] - expected) * (seen[std::size_t(k)] - expected) / expected;
      ++cells;
    }
    // 99.99% quantile of chi-square with <= 20 degrees of freedom is below 52.
    INFO("n=" << n << " p=" << p << " chi2=" << chi2 << " cells=" << cells);
    CHECK(chi2 < 52.0);
  }
}

TEST_CASE("cell bootstrap: large binomials have the right mean and variance", "[data][bootstrap]") {
  for (const auto& [n, p] : std::vector<std::pair<std::uint64_t, double>>{
           {100, 0.5}, {1000, 0.03}, {100000000, 0.37}, {5000, 0.9}}) {
    Rng rng(2, "binomial", n);
    const int draws = 20000;
    double sum = 0, sum2 = 0;
    for (int i = 0; i < draws; ++i) {
      const double x = double(draw_binomial(n, p, rng));
      sum += x;
      sum2 += x * x;
    }
    const double mean = sum / draws, var = sum2 / draws - mean * mean;
    const double true_var = double(n) * p * (1 - p);
    INFO("n=" << n << " p=" << p);
    CHECK(std::abs(mean - double(n) * p) < 5 * std::sqrt(true_var / draws));
    // The variance of a sample variance is about 2 sigma^4 / draws for near-normal data.
    CHECK(std::abs(var - true_var) < 5 * true_var * std::sqrt(2.0 / draws));
  }
}

TEST_CASE("cell bootstrap: multinomial draws sum to the total, cell by cell in expectation",
          "[data][bootstrap]") {
  const std::vector<std::uint64_t> counts = {0, 7, 1, 92, 0, 400};
  const std::uint64_t total = 500;
  Rng rng(3, "multinomial");
  std::vector<double> mean(counts.size(), 0.0);
  const int draws = 5000;
  for (int i = 0; i < draws; ++i) {
    const auto x = draw_multinomial(total, counts, rng);
    REQUIRE(std::accumulate(x.begin(), x.end(), std::uint64_t{0}) == total);
    CHECK(x[0] == 0);
    CHECK(x[4] == 0);
    for (std::size_t c = 0; c < x.size(); ++c) mean[c] += double(x[c]) / draws;
  }
  for (std::size_t c = 0; c < counts.size(); ++c) {
    const double p = double(counts[c]) / double(total);
    CHECK(std::abs(mean[c] - double(total) * p) <=
          5 * std::sqrt(double(total) * p * (1 - p) / draws) + 1e-12);
  }
}
