// Shapley values and the fairness-aware coefficients: a hand-solved game, the Shapley axioms on
// built data, the properties of v_acc and v_D (non-negativity, monotonicity, Proposition 2) on
// random discrete distributions, and exact versus sampled estimates.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/rng.hpp"
#include "methods/shapley/coefficients.hpp"
#include "methods/shapley/fairness_utility.hpp"
#include "methods/shapley/shapley_exact.hpp"
#include "methods/shapley/shapley_sampled.hpp"

using namespace adm;
namespace sh = methods::shapley;
using V = std::vector<std::int32_t>;

namespace {

// n features over `rows` rows: Y depends on features 0 and 1, A drives feature 2 (a proxy),
// the remaining features are noise.
sh::GameData random_game(std::size_t n, std::size_t rows, std::uint64_t seed) {
  Rng rng(seed, "shapley.test", 0);
  sh::GameData g;
  g.features.assign(n, V(rows));
  for (std::size_t r = 0; r < rows; ++r) {
    const int a = rng.bernoulli(0.4) ? 1 : 0;
    g.a.push_back(a);
    for (std::size_t j = 0; j < n; ++j)
      g.features[j][r] = static_cast<std::int32_t>(rng.uniform_index(3));
    if (n > 2) g.features[2][r] = rng.bernoulli(0.8) ? a : 1 - a;
    const double p = 0.2 + 0.25 * g.features[0][r] + (n > 1 ? 0.1 * g.features[1][r] : 0.0) +
                     (n > 2 ? 0.1 * g.features[2][r] : 0.0);
    g.y.push_back(rng.bernoulli(std::min(p, 0.95)) ? 1 : 0);
  }
  return g;
}

sh::SubsetTable exact_table(const sh::GameData& g) {
  const std::size_t n = g.n();
  std::vector<std::vector<double>> parts;
  for (std::size_t c = 0; c < 4; ++c)
    parts.push_back(sh::evaluate_chunk(g, sh::chunk_begin(n, 4, c), sh::chunk_begin(n, 4, c + 1)));
  return sh::assemble_chunks(n, parts);
}

}  // namespace

TEST_CASE("Shapley values of a hand-solved game", "[shapley]") {
  // v(S) = 1 when S holds player 0 and at least one of players 1, 2: phi = (2/3, 1/6, 1/6).
  std::vector<double> v(8, 0.0);
  v[0b011] = v[0b101] = v[0b111] = 1;
  const auto phi = sh::shapley_from_values(v, 3);
  CHECK(phi[0] == Approx(2.0 / 3));
  CHECK(phi[1] == Approx(1.0 / 6));
  CHECK(phi[2] == Approx(1.0 / 6));
  CHECK(sh::shapley_weight(4, 0) == Approx(0.25));
  CHECK(sh::shapley_weight(4, 1) == Approx(1.0 / 12));
  CHECK(sh::chunk_begin(3, 3, 0) == 0);
  CHECK(sh::chunk_begin(3, 3, 3) == 8);
}

TEST_CASE("Shapley axioms on the coefficient games", "[shapley]") {
  sh::GameData g = random_game(3, 600, 1);
  // Feature 3 duplicates feature 0 (symmetry), feature 4 is a copy of A (a null player of the
  // accuracy game: u(S) = I(Y; A, X_S) cannot change by adding A again).
  g.features.push_back(g.features[0]);
  g.features.push_back(g.a);
  const auto t = exact_table(g);
  const auto phi_acc = sh::shapley_from_values(t.u, 5);
  const auto phi_d = sh::shapley_from_values(t.v_d, 5);
  double sum_acc = 0, sum_d = 0;
  for (std::size_t i = 0; i < 5; ++i) sum_acc += phi_acc[i], sum_d += phi_d[i];
  CHECK(sum_acc == Approx(t.u[31] - t.u[0]).margin(1e-12));  // efficiency
  CHECK(sum_d == Approx(t.v_d[31] - t.v_d[0]).margin(1e-15));
  CHECK(phi_acc[3] == Approx(phi_acc[0]).margin(1e-12));  // symmetry
  CHECK(phi_d[3] == Approx(phi_d[0]).margin(1e-15));
  CHECK(phi_acc[4] == Approx(0).margin(1e-12));  // null player
  // The Shapley values of v_acc and of u coincide (Appendix F of the paper).
  const auto via_vacc = sh::shapley_from_values(t.v_acc(), 5);
  for (std::size_t i = 0; i < 5; ++i) CHECK(via_vacc[i] == Approx(phi_acc[i]).margin(1e-12));
  // Every subset's SI was certified.
  for (double gap : t.gap) CHECK(gap <= 1e-9);
}

TEST_CASE("v_acc and v_D are non-negative and monotone on random data", "[shapley]") {
  for (std::uint64_t seed = 2; seed < 5; ++seed) {
    const sh::GameData g = random_game(4, 300 + 100 * seed, seed);
    const auto t = exact_table(g);
    const auto vacc = t.v_acc();
    CHECK(vacc[0] == 0);
    for (std::uint64_t s = 0; s < 16; ++s) {
      CHECK(vacc[s] >= -1e-12);
      CHECK(t.v_d[s] >= 0);
      CHECK(t.si[s] >= -1e-9);
      for (std::size_t j = 0; j < 4; ++j) {
        const std::uint64_t sup = s | (std::uint64_t{1} << j);
        CHECK(vacc[s] <= vacc[sup] + 1e-12);
        CHECK(t.si[s] <= t.si[sup] + 2e-9);  // SI(Y; X_S, A) grows with X_S
        CHECK(t.v_d[s] <= t.v_d[sup] + 1e-12);
      }
    }
  }
}

TEST_CASE("Proposition 2: independence makes v_D vanish", "[shapley]") {
  // Exact distributions as weighted rows over all (a, x, y) cells.
  const auto game = [](auto p) {
    sh::GameData g;
    g.features.assign(1, {});
    for (int a = 0; a < 2; ++a)
      for (int x = 0; x < 3; ++x)
        for (int y = 0; y < 2; ++y) {
          g.a.push_back(a), g.features[0].push_back(x), g.y.push_back(y);
          g.weights.push_back(p(a, x, y));
        }
    return g;
  };
  const double pa[2] = {0.3, 0.7}, px[3] = {0.2, 0.5, 0.3};
  // X independent of A; Y depends on both.
  const auto a_ind = game([&](int a, int x, int y) {
    const double p1 = 0.1 + 0.2 * x + 0.3 * a;
    return pa[a] * px[x] * (y ? p1 : 1 - p1);
  });
  // Y independent of X (A = a noisy AND of X > 0 and Y, a collider).
  const auto y_ind = game([&](int a, int x, int y) {
    const double and_xy = (x > 0 && y == 1) ? 0.9 : 0.2;
    return px[x] * 0.5 * (a ? and_xy : 1 - and_xy);
  });
  // X independent of A given Y: A <- Y -> X.
  const auto ay_ind = game([&](int a, int x, int y) {
    const double pay = y ? 0.8 : 0.3, pxy[2][3] = {{0.6, 0.3, 0.1}, {0.1, 0.3, 0.6}};
    return 0.5 * (a ? pay : 1 - pay) * pxy[y][x];
  });
  for (const auto* g : {&a_ind, &y_ind, &ay_ind}) {
    const auto v = sh::subset_values(*g, 1);
    CHECK(v.v_d == Approx(0).margin(1e-12));
  }
  CHECK(sh::subset_values(a_ind, 1).i_xa == Approx(0).margin(1e-12));
  CHECK(sh::subset_values(y_ind, 1).si == Approx(0).margin(1e-9));
  CHECK(sh::subset_values(ay_ind, 1).i_xa_y == Approx(0).margin(1e-12));
  // ... and none of them is trivially zero.
  CHECK(sh::subset_values(y_ind, 1).i_xa > 0.01);
  CHECK(sh::subset_values(ay_ind, 1).si > 0.01);
}

TEST_CASE("Sampled Shapley values agree with the exact ones within their errors", "[shapley]") {
  const sh::GameData g = random_game(6, 400, 9);
  const auto t = exact_table(g);
  const auto exact_acc = sh::shapley_from_values(t.u, 6);
  const auto exact_d = sh::shapley_from_values(t.v_d, 6);
  sh::SamplingOptions o;
  o.batch_pairs = 16;
  o.min_pairs = 32;
  o.max_pairs = 96;
  o.relative_error = 0.002;
  const auto s = sh::sampled_shapley(g, o, sh::serial_pair_runner(g, 42));
  CHECK(s.pairs == 96);
  CHECK_FALSE(s.converged);
  for (std::size_t i = 0; i < 6; ++i) {
    CHECK(std::abs(s.phi_acc[i] - exact_acc[i]) <= 4 * s.se_acc[i] + 1e-12);
    CHECK(std::abs(s.phi_d[i] - exact_d[i]) <= 4 * s.se_d[i] + 1e-15);
  }
  // The same pairs in other batch sizes give the same estimate, bit for bit.
  o.batch_pairs = 7;
  const auto again = sh::sampled_shapley(g, o, sh::serial_pair_runner(g, 42));
  CHECK(again.phi_acc == s.phi_acc);
  CHECK(again.se_d == s.se_d);
}

TEST_CASE("Exact and sampled Shapley values agree within the reported errors at n = 12",
          "[shapley]") {
  // All 2 x 12 estimates within K standard errors of the exact values. K = 4: with 24 roughly
  // normal z-scores the chance of any |z| > 4 is about 0.15 %, so a failure means a biased
  // estimator or understated errors, not bad luck (the data and the pairs are fixed anyway).
  constexpr double K = 4;
  const sh::GameData g = random_game(12, 300, 12);
  const auto t = exact_table(g);
  const auto exact_acc = sh::shapley_from_values(t.u, 12);
  const auto exact_d = sh::shapley_from_values(t.v_d, 12);
  sh::SamplingOptions o;
  o.batch_pairs = 32;
  o.min_pairs = 64;
  o.max_pairs = 64;
  const auto s = sh::sampled_shapley(g, o, sh::serial_pair_runner(g, 2026));
  REQUIRE(s.pairs == 64);
  double max_z = 0;
  std::size_t nonzero_se = 0;
  const auto check = [&](double est, double se, double exact) {
    if (se > 0) {
      max_z = std::max(max_z, std::abs(est - exact) / se), ++nonzero_se;
      CHECK(std::abs(est - exact) <= K * se);
    } else {
      CHECK(est == Approx(exact).margin(1e-12));  // every sampled contribution was the same
    }
  };
  for (std::size_t i = 0; i < 12; ++i) {
    check(s.phi_acc[i], s.se_acc[i], exact_acc[i]);
    check(s.phi_d[i], s.se_d[i], exact_d[i]);
  }
  WARN("n = 12, " << s.pairs << " antithetic pairs: max |z| = " << max_z << " over " << nonzero_se
                  << " estimates with nonzero standard error");
  CHECK(nonzero_se >= 20);  // the errors are real, not vacuous
  // The errors are informative: a standard error well below the spread of the values.
  double max_se = 0, max_phi = 0;
  for (std::size_t i = 0; i < 12; ++i)
    max_se = std::max(max_se, s.se_acc[i]), max_phi = std::max(max_phi, exact_acc[i]);
  CHECK(max_se < 0.25 * max_phi);
}

TEST_CASE("Fairness-utility sweep", "[shapley]") {
  const std::vector<double> acc{0.03, 0.01, 0.02}, d{1e-6, 1e-6, 0};
  const auto c = sh::critical_alphas(acc, d);
  REQUIRE(c.size() == 2);
  CHECK(c[0] == Approx(1e4));
  CHECK(c[1] == Approx(3e4));
  const auto rows = sh::fairness_utility(acc, d, sh::default_alpha_sweep(acc, d));
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].ranking == std::vector<std::int64_t>{0, 2, 1});
  CHECK(rows[1].selected == std::vector<std::int64_t>{1, 0, 1});  // alpha = 2e4
  CHECK(rows[2].selected == std::vector<std::int64_t>{0, 0, 1});  // alpha = 6e4
}
