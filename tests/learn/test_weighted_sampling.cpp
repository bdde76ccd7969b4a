#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "learn/weighted_sampling.hpp"

using namespace adm;
using learn::sample_uniform_without_replacement;
using learn::sample_without_replacement;

namespace {

// Exact probability of each ordered draw sequence of successive weighted draws, summed into
// inclusion probabilities P(item in a sample of size k), by enumeration.
void inclusion(const std::vector<double>& w, std::vector<bool>& used, std::size_t k, double p,
               std::vector<double>& out) {
  if (k == 0) return;
  double total = 0;
  for (std::size_t i = 0; i < w.size(); ++i) total += used[i] ? 0 : w[i];
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (used[i] || w[i] == 0) continue;
    const double q = p * w[i] / total;
    out[i] += q;
    used[i] = true;
    inclusion(w, used, k - 1, q, out);
    used[i] = false;
  }
}

}  // namespace

TEST_CASE("weighted sampling: first draw follows the weights (chi-square)", "[weighted_sampling]") {
  const std::vector<double> w{0.5, 0, 2, 1, 0.25, 4};
  const double total = 7.75;
  Rng rng(2024, "sampling-test");
  const int draws = 40000;
  std::vector<int> counts(w.size(), 0);
  for (int d = 0; d < draws; ++d) {
    const auto s = sample_without_replacement(rng, w, 3);
    REQUIRE(s.size() == 3);
    ++counts[s[0]];
    CHECK(s[0] != s[1]);
    CHECK(s[1] != s[2]);
    CHECK(s[0] != s[2]);
  }
  CHECK(counts[1] == 0);  // weight 0: never drawn
  double chi2 = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] == 0) continue;
    const double expected = draws * w[i] / total;
    chi2 += (counts[i] - expected) * (counts[i] - expected) / expected;
  }
  CHECK(chi2 < 20.5);  // 4 degrees of freedom: P(chi2 > 20.5) < 0.0004
}

TEST_CASE("weighted sampling: inclusion probabilities of a sample of 2", "[weighted_sampling]") {
  const std::vector<double> w{1, 2, 3, 0, 4};
  std::vector<double> exact(w.size(), 0.0);
  std::vector<bool> used(w.size(), false);
  inclusion(w, used, 2, 1.0, exact);
  Rng rng(7, "sampling-test");
  const int draws = 40000;
  std::vector<int> counts(w.size(), 0);
  for (int d = 0; d < draws; ++d) {
    for (const std::size_t i : sample_without_replacement(rng, w, 2)) ++counts[i];
  }
  CHECK(counts[3] == 0);
  double chi2 = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] == 0) continue;
    const double expected = draws * exact[i];
    chi2 += (counts[i] - expected) * (counts[i] - expected) / expected;
    CHECK(counts[i] / static_cast<double>(draws) == Approx(exact[i]).margin(0.01));
  }
  CHECK(chi2 < 20.5);
}

TEST_CASE("weighted sampling: edge cases", "[weighted_sampling]") {
  Rng rng(1, "sampling-test");
  const std::vector<double> w{0, 3, 0, 1};
  auto all = sample_without_replacement(rng, w, 10);  // only the positive items
  std::sort(all.begin(), all.end());
  CHECK(all == std::vector<std::size_t>{1, 3});
  CHECK(sample_without_replacement(rng, w, 0).empty());
  CHECK_THROWS_AS(sample_without_replacement(rng, std::vector<double>{1, -1}, 1), InputError);
  // Equal weights: every pair of 4 equally likely (1/6 each).
  std::map<std::pair<std::size_t, std::size_t>, int> pairs;
  for (int d = 0; d < 12000; ++d) {
    auto s = sample_uniform_without_replacement(rng, 4, 2);
    std::sort(s.begin(), s.end());
    ++pairs[{s[0], s[1]}];
  }
  CHECK(pairs.size() == 6);
  for (const auto& [pair, n] : pairs) CHECK(n == Approx(2000).margin(200));
  // Same stream, same sample.
  Rng a(5, "x", 3), b(5, "x", 3);
  CHECK(sample_without_replacement(a, std::vector<double>{1, 2, 3, 4, 5}, 3) ==
        sample_without_replacement(b, std::vector<double>{1, 2, 3, 4, 5}, 3));
}
