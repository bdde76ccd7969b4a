// Fair Forests metrics (section 4.1): hand-computed values, brute-force references for MaxD and
// Inconsistency (ties included), and the bootstrap report.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "data/column.hpp"
#include "fairness/fair_metrics.hpp"
#include "fairness/fair_weighted.hpp"
#include "methods/fairforest/model_metrics.hpp"

using namespace adm;
using namespace adm::fairness;

namespace {

// Every threshold between distinct values, both means recomputed from scratch: O(n^2).
double brute_gap(const std::vector<double>& yhat, const std::vector<double>& x, double t) {
  double ls = 0, lc = 0, rs = 0, rc = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i] < t)
      ls += yhat[i], lc += 1;
    else
      rs += yhat[i], rc += 1;
  return std::abs(ls / lc - rs / rc);
}

double brute_maxd(const std::vector<double>& yhat, const std::vector<double>& x) {
  const double lowest = *std::min_element(x.begin(), x.end());
  double best = -1;
  for (double t : x)
    if (t > lowest) best = std::max(best, brute_gap(yhat, x, t));
  return best;
}

// The documented rule by exhaustive search: min-max scaling, squared Euclidean distance summed in
// column order, the k other rows smallest by (distance, row index).
std::vector<double> brute_inconsistency_terms(const std::vector<std::vector<double>>& cols,
                                              const std::vector<double>& yhat, std::size_t k) {
  const std::size_t n = yhat.size();
  std::vector<std::vector<double>> scaled = cols;
  for (auto& c : scaled) {
    const double lo = *std::min_element(c.begin(), c.end());
    const double hi = *std::max_element(c.begin(), c.end());
    for (double& v : c) v = hi > lo ? (v - lo) / (hi - lo) : 0.0;
  }
  std::vector<double> terms(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<std::pair<double, std::size_t>> all;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      double d = 0;
      for (const auto& c : scaled) d += (c[i] - c[j]) * (c[i] - c[j]);
      all.emplace_back(d, j);
    }
    std::sort(all.begin(), all.end());
    double s = 0;
    for (std::size_t m = 0; m < k; ++m) s += yhat[all[m].second];
    terms[i] = std::abs(yhat[i] - s / static_cast<double>(k));
  }
  return terms;
}

std::vector<double> uniform_values(Rng& rng, std::size_t n) {
  std::vector<double> v(n);
  for (double& x : v) x = rng.uniform();
  return v;
}

std::vector<double> small_integers(Rng& rng, std::size_t n, std::uint64_t levels) {
  std::vector<double> v(n);
  for (double& x : v) x = static_cast<double>(rng.uniform_index(levels));
  return v;
}

}  // namespace

TEST_CASE("Discrimination: hand-computed eqs. 6 and 7", "[fairmetrics]") {
  // Group means 0.75 and 0.25.
  const std::vector<double> y2{1, 0, 1, 1, 0, 0, 1, 0};
  const std::vector<std::int32_t> g2{0, 0, 0, 0, 1, 1, 1, 1};
  CHECK(discrimination_binary(y2, g2) == Approx(0.5).margin(1e-15));
  CHECK(discrimination_k(y2, g2, 2) == Approx(0.5).margin(1e-15));
  // Group means 1, 0, 0.25; overall 3/8: (2/3)(0.625 + 0.375 + 0.125) = 0.75.
  const std::vector<double> y3{1, 0, 1, 0, 0, 0, 1, 0};
  const std::vector<std::int32_t> g3{0, 1, 0, 1, 2, 2, 2, 2};
  CHECK(discrimination_k(y3, g3, 3) == Approx(0.75).margin(1e-15));
}

TEST_CASE("Discrimination: eq. 7 equals eq. 6 for k = 2 on random data", "[fairmetrics]") {
  Rng rng(11, "test.fairmetrics.k2");
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t n = 2 + rng.uniform_index(200);
    std::vector<double> yhat = uniform_values(rng, n);
    if (trial % 2) yhat = small_integers(rng, n, 2);  // hard labels too
    std::vector<std::int32_t> g(n);
    for (auto& c : g) c = static_cast<std::int32_t>(rng.uniform_index(2));
    g[0] = 0, g[1] = 1;
    CHECK(discrimination_k(yhat, g, 2) == Approx(discrimination_binary(yhat, g)).margin(1e-12));
  }
}

TEST_CASE("Discrimination: bad inputs are InputErrors", "[fairmetrics]") {
  const std::vector<double> y{0.2, 0.4, 0.6};
  CHECK_THROWS_AS(discrimination_binary(y, std::vector<std::int32_t>{0, 0, 0}), InputError);
  CHECK_THROWS_WITH(discrimination_k(y, std::vector<std::int32_t>{0, 2, 0}, 3),
                    Catch::Contains("group 1 is empty"));
  CHECK_THROWS_AS(discrimination_binary(y, std::vector<std::int32_t>{0, 2, 1}), InputError);
  CHECK_THROWS_AS(discrimination_binary(y, std::vector<std::int32_t>{0, -1, 1}), InputError);
  CHECK_THROWS_AS(discrimination_binary(y, std::vector<std::int32_t>{0, 1}), InputError);
  const std::vector<double> nan_y{0.2, std::nan(""), 0.6};
  CHECK_THROWS_AS(discrimination_binary(nan_y, std::vector<std::int32_t>{0, 1, 1}), InputError);
  CHECK_THROWS_AS(discrimination_k(y, std::vector<std::int32_t>{0, 0, 0}, 1), InputError);
}

TEST_CASE("MaxD: hand example, value and threshold", "[fairmetrics]") {
  // t = 2: |0 - 1| = 1; t = 3: |0.5 - 1| = 0.5.
  const MaxD m = max_discrimination(std::vector<double>{0, 1, 1}, std::vector<double>{1, 2, 3});
  CHECK(m.value == 1.0);
  CHECK(m.threshold == 2.0);
  // Sorted by x, y = {1, 0, 0, 1}: gaps 2/3 at t = 2, 0 at t = 3, 2/3 at t = 4; the smaller t wins.
  const MaxD tie =
      max_discrimination(std::vector<double>{1, 0, 0, 1}, std::vector<double>{4, 2, 3, 1});
  CHECK(tie.value == Approx(2.0 / 3.0));
  CHECK(tie.threshold == 2.0);
  CHECK_THROWS_WITH(max_discrimination(std::vector<double>{0, 1, 1}, std::vector<double>{5, 5, 5}),
                    Catch::Contains("constant"));
}

TEST_CASE("MaxD equals an O(n^2) brute force on random data with ties", "[fairmetrics]") {
  Rng rng(12, "test.fairmetrics.maxd");
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t n = 2 + rng.uniform_index(300);
    // Few distinct protected values (heavy ties) in half the trials, continuous in the rest.
    std::vector<double> x =
        trial % 2 ? small_integers(rng, n, 2 + rng.uniform_index(12)) : uniform_values(rng, n);
    x[0] = -1.0;  // at least two distinct values
    const std::vector<double> yhat = trial % 3 ? small_integers(rng, n, 2) : uniform_values(rng, n);
    const MaxD m = max_discrimination(yhat, x);
    const double expected = brute_maxd(yhat, x);
    CHECK(m.value == Approx(expected).margin(1e-12));
    CHECK(std::find(x.begin(), x.end(), m.threshold) != x.end());
    CHECK(m.threshold > -1.0);
    CHECK(brute_gap(yhat, x, m.threshold) == Approx(expected).margin(1e-12));
  }
}

TEST_CASE("MaxD is at least the Discrimination of any binarisation", "[fairmetrics]") {
  Rng rng(13, "test.fairmetrics.maxd_vs_disc");
  const std::size_t n = 400;
  const std::vector<double> age = small_integers(rng, n, 50);
  const std::vector<double> yhat = uniform_values(rng, n);
  const double maxd = max_discrimination(yhat, age).value;
  for (double t : {10.0, 25.0, 40.0}) {
    std::vector<std::int32_t> g(n);
    for (std::size_t i = 0; i < n; ++i) g[i] = age[i] >= t ? 1 : 0;
    CHECK(maxd >= discrimination_binary(yhat, g) - 1e-15);
  }
}

TEST_CASE("Weighted eqs. 6-8 equal the plain ones on rows repeated by their weights",
          "[fairmetrics]") {
  // The bootstrap evaluates replicates through multiplicities; zero weights included.
  Rng rng(14, "test.fairmetrics.weights");
  for (int trial = 0; trial < 30; ++trial) {
    const std::size_t n = 5 + rng.uniform_index(100);
    const std::vector<double> x = small_integers(rng, n, 6);
    const std::vector<double> yhat = uniform_values(rng, n);
    std::vector<std::int32_t> g(n);
    for (auto& c : g) c = static_cast<std::int32_t>(rng.uniform_index(3));
    std::vector<double> w(n, 0.0);
    for (std::size_t d = 0; d < n; ++d) w[rng.uniform_index(n)] += 1.0;
    std::vector<double> rx, ry;
    std::vector<std::int32_t> rg;
    for (std::size_t i = 0; i < n; ++i)
      for (int c = 0; c < static_cast<int>(w[i]); ++c)
        rx.push_back(x[i]), ry.push_back(yhat[i]), rg.push_back(g[i]);
    const auto order = detail::order_by_value(x);
    const MaxD weighted = detail::max_discrimination_sorted(yhat, x, order, w);
    if (std::set<double>(rx.begin(), rx.end()).size() < 2) {
      CHECK(std::isnan(weighted.value));
    } else {
      const MaxD plain = max_discrimination(ry, rx);
      CHECK(weighted.value == Approx(plain.value).margin(1e-12));
      CHECK(weighted.threshold == plain.threshold);
    }
    const double wd = detail::discrimination_weighted(yhat, g, 3, w);
    if (std::set<std::int32_t>(rg.begin(), rg.end()).size() < 3)
      CHECK(std::isnan(wd));
    else
      CHECK(wd == Approx(discrimination_k(ry, rg, 3)).margin(1e-12));
  }
}

TEST_CASE("Inconsistency: hand examples with a distance tie and a duplicate point",
          "[fairmetrics]") {
  // 1-D points 0, 1, 2, 10 (scaled by 10). Row 1 is as near to row 0 as to row 2: the lower index
  // (0) is its neighbour, giving |1 - 0| = 1 (row 2 would give 0.5). Terms 1, 1, 0.5, 0.5.
  const std::vector<std::vector<double>> line{{0, 1, 2, 10}};
  CHECK(inconsistency(line, std::vector<double>{0, 1, 0.5, 1}, 1) == Approx(0.75).margin(1e-15));
  // Rows 0 and 1 coincide: each is the other's neighbour (itself is not); row 2's two nearest
  // are tied and row 0 wins. Terms 1, 1, 0.
  const std::vector<std::vector<double>> dup{{0, 0, 5}};
  CHECK(inconsistency(dup, std::vector<double>{1, 0, 1}, 1) == Approx(2.0 / 3.0).margin(1e-15));
  // k = 2 on the duplicate set: every row's neighbours are the other two.
  CHECK(inconsistency(dup, std::vector<double>{1, 0, 1}, 2) == Approx((0.5 + 1 + 0.5) / 3));
}

TEST_CASE("Inconsistency equals a brute-force neighbour search on random data", "[fairmetrics]") {
  Rng rng(15, "test.fairmetrics.knn");
  for (int trial = 0; trial < 24; ++trial) {
    const std::size_t n = 20 + rng.uniform_index(300);
    const std::size_t dim = 1 + rng.uniform_index(6);
    std::vector<std::vector<double>> cols(dim);
    for (std::size_t c = 0; c < dim; ++c)
      // A coarse grid in most trials: many duplicate points and equal distances.
      cols[c] = trial % 3 == 0 ? uniform_values(rng, n) : small_integers(rng, n, 2 + trial % 4);
    if (trial % 5 == 0) cols[0].assign(n, 3.0);  // a constant column
    if (trial % 4 == 1)
      for (double& v : cols[dim - 1]) v = 1000.0 * v - 7.0;  // ranges differ: scaling matters
    const std::vector<double> yhat = uniform_values(rng, n);
    const std::size_t k = std::min<std::size_t>(n - 1, 1 + rng.uniform_index(12));
    INFO("trial " << trial << ", n " << n << ", dim " << dim << ", k " << k);
    const auto terms = inconsistency_terms(cols, yhat, k);
    const auto expected = brute_inconsistency_terms(cols, yhat, k);
    REQUIRE(terms.size() == n);
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (std::abs(terms[i] - expected[i]) > 1e-12) ++mismatches;
    CHECK(mismatches == 0);
    const double mean = std::accumulate(expected.begin(), expected.end(), 0.0) / double(n);
    CHECK(inconsistency(cols, yhat, k) == Approx(mean).margin(1e-12));
  }
}

// Several models share one neighbour search (the Fair Forests metrics stage): the lists give the
// brute-force neighbours' terms, and the same bits as searching again for each prediction vector.
TEST_CASE("Shared neighbour lists give the terms of a fresh search for every model",
          "[fairmetrics]") {
  Rng rng(17, "test.fairmetrics.shared");
  for (int trial = 0; trial < 8; ++trial) {
    const std::size_t n = 30 + rng.uniform_index(200);
    std::vector<std::vector<double>> cols{small_integers(rng, n, 3), uniform_values(rng, n),
                                          small_integers(rng, n, 2)};
    const std::size_t k = 1 + rng.uniform_index(8);
    const auto neighbours = nearest_neighbours(cols, n, k);
    REQUIRE(neighbours.size() == n * k);
    for (int model = 0; model < 3; ++model) {
      const std::vector<double> yhat =
          model == 0 ? small_integers(rng, n, 2) : uniform_values(rng, n);
      const auto shared = inconsistency_terms(neighbours, yhat, k);
      const auto fresh = inconsistency_terms(cols, yhat, k);
      const auto brute = brute_inconsistency_terms(cols, yhat, k);
      REQUIRE(shared.size() == n);
      for (std::size_t i = 0; i < n; ++i) {
        CHECK(shared[i] == fresh[i]);
        CHECK(std::abs(shared[i] - brute[i]) < 1e-12);
      }
    }
  }
  const std::vector<std::vector<double>> line{{0, 1, 2, 3}};
  CHECK_THROWS_AS(
      inconsistency_terms(nearest_neighbours(line, 4, 2), std::vector<double>{0, 1, 2}, 2),
      InternalError);
}

TEST_CASE("Inconsistency does not depend on the units of a feature", "[fairmetrics]") {
  Rng rng(16, "test.fairmetrics.units");
  const std::size_t n = 200;
  std::vector<std::vector<double>> cols{uniform_values(rng, n), small_integers(rng, n, 4)};
  const std::vector<double> yhat = small_integers(rng, n, 2);
  auto rescaled = cols;
  for (double& v : rescaled[0]) v = 60.0 * v + 18.0;  // e.g. years instead of a fraction
  CHECK(inconsistency(rescaled, yhat, 5) == Approx(inconsistency(cols, yhat, 5)).margin(1e-12));
}

TEST_CASE("Inconsistency: bad inputs are InputErrors", "[fairmetrics]") {
  const std::vector<std::vector<double>> cols{{0, 1, 2}};
  const std::vector<double> y{0, 1, 0};
  CHECK_THROWS_WITH(inconsistency(cols, y, 3), Catch::Contains("k = 3"));
  CHECK_THROWS_AS(inconsistency(cols, y, 0), InputError);
  CHECK_THROWS_AS(inconsistency({{0, 1}}, y, 1), InputError);
  CHECK_THROWS_AS(inconsistency({}, y, 1), InputError);
  CHECK_THROWS_AS(inconsistency({{0, std::nan(""), 2}}, y, 1), InputError);
  CHECK_THROWS_AS(inconsistency(cols, std::vector<double>{0, INFINITY, 1}, 1), InputError);
}

TEST_CASE("knn_columns: numeric as is, categorical one-hot, missing numeric rejected",
          "[fairmetrics]") {
  const auto age = data::Column::numeric("age", {30, 41, 25});
  const auto job =
      data::Column::categorical("job", {1, data::Column::kMissingCode, 0}, {"a", "b"}, {0, 1, 0});
  const auto cols = knn_columns({&age, &job});
  REQUIRE(cols.size() == 3);
  CHECK(cols[0] == std::vector<double>{30, 41, 25});
  CHECK(cols[1] == std::vector<double>{0, 0, 1});
  CHECK(cols[2] == std::vector<double>{1, 0, 0});
  const auto gap = data::Column::numeric("income", {1, std::nan(""), 2}, {0, 1, 0});
  CHECK_THROWS_WITH(knn_columns({&gap}), Catch::Contains("income"));
}

namespace {

// Held-out predictions with a strong group effect and a strong age effect.
struct Heldout {
  std::vector<double> y_true, y_pred, age;
  std::vector<std::int32_t> sex;
  std::vector<std::vector<double>> features;
};

Heldout make_heldout(std::size_t n) {
  Rng rng(17, "test.fairmetrics.heldout");
  Heldout h;
  for (std::size_t i = 0; i < n; ++i) {
    const auto sex = static_cast<std::int32_t>(rng.uniform_index(2));
    const double age = 18.0 + static_cast<double>(rng.uniform_index(50));
    const double pred = rng.bernoulli(0.15 + 0.35 * sex + (age >= 40 ? 0.35 : 0.0)) ? 1.0 : 0.0;
    h.sex.push_back(sex);
    h.age.push_back(age);
    h.y_pred.push_back(pred);
    h.y_true.push_back(rng.bernoulli(0.8) ? pred : 1.0 - pred);
  }
  h.features = {h.age, std::vector<double>(h.sex.begin(), h.sex.end())};
  return h;
}

FairMetricsInputs inputs_of(const Heldout& h) {
  FairMetricsInputs in;
  in.y_true = h.y_true;
  in.y_pred = h.y_pred;
  in.group = h.sex;
  in.group_name = "sex";
  in.protected_value = h.age;
  in.protected_name = "age";
  in.knn_features = &h.features;
  return in;
}

}  // namespace

TEST_CASE("Report: point values are the metrics; intervals contain them", "[fairmetrics]") {
  const Heldout h = make_heldout(600);
  FairMetricsOptions opt;
  opt.replicates = 400;
  opt.seed = 5;
  const FairMetricsReport r = fair_metrics(inputs_of(h), opt);
  std::size_t correct = 0, ones = 0;
  for (std::size_t i = 0; i < h.y_true.size(); ++i)
    correct += h.y_true[i] == h.y_pred[i], ones += h.y_true[i] == 1.0;
  CHECK(r.rows == 600);
  CHECK(r.groups == 2);
  CHECK(r.accuracy.value == Approx(correct / 600.0).margin(1e-15));
  CHECK(r.majority_accuracy.value == Approx(std::max(ones, 600 - ones) / 600.0).margin(1e-15));
  CHECK(r.discrimination.value == discrimination_binary(h.y_pred, h.sex));
  CHECK(r.delta.value == r.accuracy.value - r.discrimination.value);
  const MaxD m = max_discrimination(h.y_pred, h.age);
  CHECK(r.maxd.value == m.value);
  CHECK(r.maxd_threshold == m.threshold);
  CHECK(r.inconsistency.value == Approx(inconsistency(h.features, h.y_pred, 5)).margin(1e-15));
  CHECK(std::isnan(r.rmse.value));
  CHECK_FALSE(r.constant_predictions);
  CHECK(r.discrimination.value > 0.2);  // the effect is real, so the intervals should hold it
  for (const FairEstimate* e : {&r.accuracy, &r.majority_accuracy, &r.discrimination, &r.delta,
                                &r.maxd, &r.inconsistency}) {
    CHECK(e->ci.used == 400);
    CHECK(e->ci.lower < e->ci.upper);
    CHECK(e->ci.lower <= e->value);
    CHECK(e->value <= e->ci.upper);
  }
}

TEST_CASE("Report: replicates come from (seed, stream, index) only", "[fairmetrics]") {
  const Heldout h = make_heldout(300);
  FairMetricsOptions opt;
  opt.replicates = 100;
  const FairMetricsReport a = fair_metrics(inputs_of(h), opt);
  const FairMetricsReport b = fair_metrics(inputs_of(h), opt);
  CHECK(a.maxd.ci.lower == b.maxd.ci.lower);
  CHECK(a.inconsistency.ci.upper == b.inconsistency.ci.upper);
  opt.seed = 99;
  const FairMetricsReport c = fair_metrics(inputs_of(h), opt);
  CHECK((c.discrimination.ci.lower != a.discrimination.ci.lower ||
         c.discrimination.ci.upper != a.discrimination.ci.upper));
  opt.replicates = 0;
  const FairMetricsReport none = fair_metrics(inputs_of(h), opt);
  CHECK(none.accuracy.value == a.accuracy.value);
  CHECK(std::isnan(none.accuracy.ci.lower));
}

TEST_CASE("Report: regression, constant predictions, and named errors", "[fairmetrics]") {
  const std::vector<double> y{1, 2, 3, 4};
  const std::vector<double> p{1.5, 2, 2, 5};
  FairMetricsInputs in;
  in.task = FairTask::Regression;
  in.y_true = y;
  in.y_pred = p;
  const FairMetricsReport r = fair_metrics(in, {0});
  CHECK(r.mse.value == Approx((0.25 + 0 + 1 + 1) / 4.0));
  CHECK(r.rmse.value == Approx(std::sqrt(2.25 / 4.0)));
  CHECK(std::isnan(r.accuracy.value));
  CHECK(std::isnan(r.discrimination.value));

  const std::vector<double> constant{1, 1, 1, 1};
  const std::vector<double> labels{1, 0, 1, 1};
  FairMetricsInputs c;
  c.y_true = labels;
  c.y_pred = constant;
  const FairMetricsReport rc = fair_metrics(c, {0});
  CHECK(rc.constant_predictions);
  CHECK(rc.accuracy.value == rc.majority_accuracy.value);

  const std::vector<std::int32_t> one_group{0, 0, 0, 0};
  c.group = one_group;
  c.groups = 2;
  c.group_name = "sex";
  CHECK_THROWS_WITH(fair_metrics(c, {0}), Catch::Contains("sex") && Catch::Contains("empty"));
  c.group = {};
  const std::vector<double> same_age{30, 30, 30, 30};
  c.protected_value = same_age;
  c.protected_name = "age";
  CHECK_THROWS_WITH(fair_metrics(c, {0}), Catch::Contains("age") && Catch::Contains("constant"));
  c.protected_value = {};
  const std::vector<std::vector<double>> feats{{1, 2, 3, 4}};
  c.knn_features = &feats;
  c.knn_k = 4;
  CHECK_THROWS_AS(fair_metrics(c, {0}), InputError);
  c.knn_features = nullptr;
  const std::vector<double> short_pred{1, 1, 1};
  c.y_pred = short_pred;
  CHECK_THROWS_AS(fair_metrics(c, {0}), InputError);
}
