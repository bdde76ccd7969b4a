#include <toml++/toml.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>
#include <vector>

#include "core/config_fields.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "learn/gbm.hpp"
#include "learn_test_util.hpp"

using namespace adm;
using learn::FeatureMatrix;
using learn::GbmParams;
using learn::GradientBoosting;
using Labels = std::vector<std::int32_t>;
using adm::test::check_rows_sum_to_one;
using adm::test::matrix;

namespace {

double sigmoid(double z) { return 1 / (1 + std::exp(-z)); }

// Mean of -log p(y_i | x_i).
double log_loss(const std::vector<double>& proba, const Labels& y, std::size_t k) {
  double sum = 0;
  for (std::size_t r = 0; r < y.size(); ++r) sum -= std::log(proba[r * k + y[r]]);
  return sum / static_cast<double>(y.size());
}

double accuracy(const std::vector<double>& proba, const Labels& y, std::size_t k) {
  std::size_t hits = 0;
  for (std::size_t r = 0; r < y.size(); ++r) {
    const auto row = proba.begin() + static_cast<std::ptrdiff_t>(r * k);
    hits += (std::max_element(row, row + static_cast<std::ptrdiff_t>(k)) - row) == y[r];
  }
  return static_cast<double>(hits) / static_cast<double>(y.size());
}

// x0 informative through P(y=1) = sigmoid(scale * x0), then `noise` pure-noise columns.
struct Problem {
  FeatureMatrix x;
  Labels y;
  std::vector<double> truth;  // P(y = 1 | x)
};
Problem logistic(std::size_t n, double scale, std::size_t noise, std::uint64_t seed) {
  Rng rng(seed, "gbm-test");
  std::vector<std::vector<float>> cols(1 + noise, std::vector<float>(n));
  Problem p;
  for (std::size_t r = 0; r < n; ++r) {
    for (auto& c : cols) c[r] = static_cast<float>(rng.normal());
    p.truth.push_back(sigmoid(scale * cols[0][r]));
    p.y.push_back(rng.bernoulli(p.truth.back()) ? 1 : 0);
  }
  p.x = matrix(cols);
  return p;
}

}  // namespace

TEST_CASE("gbm separates separable binary data", "[gbm]") {
  auto p = logistic(400, 1000.0, 1, 1);  // y = [x0 > 0] up to a vanishing band
  GradientBoosting gbm;
  gbm.fit(p.x, p.y, 2);
  const auto proba = gbm.predict_proba(p.x);
  REQUIRE(proba.size() == 800);
  check_rows_sum_to_one(proba, 2);
  CHECK(accuracy(proba, p.y, 2) == 1.0);
  for (std::size_t r = 0; r < 400; ++r)
    if (std::abs(p.x.at(r, 0)) > 0.05) CHECK(proba[2 * r + p.y[r]] > 0.95);
}

TEST_CASE("gbm fits three classes", "[gbm]") {
  Rng rng(2, "gbm-3class");
  const std::size_t n = 600;
  std::vector<float> a(n), b(n);
  Labels y(n);
  for (std::size_t r = 0; r < n; ++r) {
    a[r] = static_cast<float>(rng.normal());
    b[r] = static_cast<float>(rng.normal());
    y[r] = a[r] < -0.5 ? 0 : (a[r] < 0.5 ? 1 : 2);
  }
  GradientBoosting gbm;
  gbm.fit(matrix({a, b}), y, 3);
  const auto proba = gbm.predict_proba(matrix({a, b}));
  REQUIRE(proba.size() == 3 * n);
  check_rows_sum_to_one(proba, 3);
  CHECK(accuracy(proba, y, 3) > 0.98);
  const auto imp = gbm.importance();
  REQUIRE(imp.size() == 2);
  CHECK(imp[0] > 20 * imp[1]);
}

TEST_CASE("gbm splits a categorical column on a non-ordinal subset of levels", "[gbm]") {
  // P(y=1) = 0.9 on levels {1, 3, 5}, 0.1 elsewhere: no threshold on the codes separates them.
  Rng rng(3, "gbm-cat");
  const std::size_t n = 1200;
  std::vector<float> level(n);
  Labels y(n);
  for (std::size_t r = 0; r < n; ++r) {
    const auto l = rng.uniform_index(6);
    level[r] = static_cast<float>(l);
    y[r] = rng.bernoulli(l % 2 == 1 ? 0.9 : 0.1) ? 1 : 0;
  }
  GbmParams shallow;
  shallow.max_depth = 1;
  shallow.rounds = 3;
  shallow.learning_rate = 1.0;
  GradientBoosting native(shallow), numeric(shallow);
  native.fit(matrix({level}, {6}), y, 2);
  numeric.fit(matrix({level}), y, 2);
  const auto pn = native.predict_proba(matrix({level}, {6}));
  const double entropy = -(0.9 * std::log(0.9) + 0.1 * std::log(0.1));  // 0.325 nats
  CHECK(log_loss(pn, y, 2) < entropy + 0.02);
  CHECK(log_loss(numeric.predict_proba(matrix({level})), y, 2) > log_loss(pn, y, 2) + 0.1);
  for (std::size_t r = 0; r < n; ++r)
    CHECK((pn[2 * r + 1] > 0.8) == (static_cast<int>(level[r]) % 2 == 1));
}

TEST_CASE("gbm learns where missing values go", "[gbm]") {
  // y = 1 when x0 is missing or large; NaN rows must be routed to the y = 1 side.
  Rng rng(4, "gbm-nan");
  const std::size_t n = 800;
  std::vector<float> x(n);
  Labels y(n);
  for (std::size_t r = 0; r < n; ++r) {
    const bool missing = rng.bernoulli(0.2);
    x[r] = missing ? std::nanf("") : static_cast<float>(rng.normal());
    y[r] = missing || x[r] > 0.5 ? 1 : 0;
  }
  GradientBoosting gbm;
  gbm.fit(matrix({x}), y, 2);
  const auto proba = gbm.predict_proba(matrix({{std::nanf(""), -1.0f, 2.0f}}));
  check_rows_sum_to_one(proba, 2);
  CHECK(proba[1] > 0.95);
  CHECK(proba[3] < 0.05);
  CHECK(proba[5] > 0.95);
}

TEST_CASE("gbm ignores rows of weight zero", "[gbm]") {
  auto p = logistic(600, 2.0, 1, 5);
  // Append 300 rows with flipped labels at weight 0: the fit must match the fit without them.
  auto poisoned = p;
  auto extra = logistic(300, 2.0, 1, 6);
  poisoned.x.values.insert(poisoned.x.values.end(), extra.x.values.begin(), extra.x.values.end());
  poisoned.x.rows += 300;
  for (auto v : extra.y) poisoned.y.push_back(1 - v);
  std::vector<double> w(900, 1.0);
  std::fill(w.begin() + 600, w.end(), 0.0);

  GradientBoosting clean, weighted;
  clean.fit(p.x, p.y, 2);
  weighted.fit(poisoned.x, poisoned.y, 2, w);
  const auto test = logistic(500, 2.0, 1, 7);
  const auto a = clean.predict_proba(test.x), b = weighted.predict_proba(test.x);
  double mean_diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) mean_diff += std::abs(a[i] - b[i]) / a.size();
  CHECK(mean_diff < 0.01);
}

TEST_CASE("gbm is deterministic for a seed, also across clone()", "[gbm]") {
  auto p = logistic(500, 2.0, 3, 8);
  GbmParams sampled;
  sampled.subsample = 0.7;
  sampled.colsample = 0.7;
  sampled.rounds = 30;
  GradientBoosting a(sampled), b(sampled);
  a.reseed(42);
  b.reseed(42);
  a.fit(p.x, p.y, 2);
  b.fit(p.x, p.y, 2);
  const auto pa = a.predict_proba(p.x);
  CHECK(pa == b.predict_proba(p.x));  // bitwise
  auto c = a.clone();
  c->fit(p.x, p.y, 2);
  CHECK(pa == c->predict_proba(p.x));
  CHECK(a.importance() == c->importance());
  b.reseed(43);
  b.fit(p.x, p.y, 2);
  CHECK(pa != b.predict_proba(p.x));
}

TEST_CASE("gbm importance ranks the informative column first", "[gbm]") {
  auto p = logistic(1000, 3.0, 3, 9);
  GradientBoosting gbm;
  gbm.fit(p.x, p.y, 2);
  const auto imp = gbm.importance();
  REQUIRE(imp.size() == 4);
  for (std::size_t c = 1; c < 4; ++c) CHECK(imp[c] < 0.1 * imp[0]);
}

TEST_CASE("gbm without columns predicts the weighted class frequencies", "[gbm]") {
  FeatureMatrix none;
  none.rows = 5;
  const Labels y{0, 1, 1, 0, 1};
  const std::vector<double> w{1, 1, 2, 4, 0};
  GradientBoosting gbm;
  gbm.fit(none, y, 3, w);  // class 2 never occurs: probability 0
  none.rows = 2;
  CHECK(gbm.predict_proba(none) == std::vector<double>{0.625, 0.375, 0, 0.625, 0.375, 0});
  CHECK(gbm.importance().empty());
}

TEST_CASE("gbm handles classes that never occur", "[gbm]") {
  auto p = logistic(200, 2.0, 1, 10);
  const Labels zeros(200, 0);
  GradientBoosting binary;
  binary.fit(p.x, zeros, 2);
  for (std::size_t r = 0; r < 200; ++r) CHECK(binary.predict_proba(p.x)[2 * r + 1] < 0.01);
  CHECK(binary.importance() == std::vector<double>{0, 0});
  GradientBoosting multi;  // labels 0/1 only, but three classes
  multi.fit(p.x, p.y, 3);
  const auto proba = multi.predict_proba(p.x);
  REQUIRE(proba.size() == 600);
  check_rows_sum_to_one(proba, 3);
  for (std::size_t r = 0; r < 200; ++r) CHECK(proba[3 * r + 2] < 0.01);
}

TEST_CASE("gbm probabilities are calibrated", "[gbm]") {
  auto train = logistic(5000, 2.0, 0, 11);
  auto test = logistic(5000, 2.0, 0, 12);
  GradientBoosting gbm;
  gbm.fit(train.x, train.y, 2);
  const auto proba = gbm.predict_proba(test.x);
  // Ten bins of predicted probability: mean prediction vs mean true probability in each.
  std::vector<double> predicted(10), truth(10), count(10);
  for (std::size_t r = 0; r < 5000; ++r) {
    const double p1 = proba[2 * r + 1];
    const auto bin = std::min<std::size_t>(9, static_cast<std::size_t>(p1 * 10));
    predicted[bin] += p1;
    truth[bin] += test.truth[r];
    count[bin] += 1;
  }
  for (std::size_t b = 0; b < 10; ++b)
    if (count[b] >= 50) CHECK(std::abs(predicted[b] - truth[b]) / count[b] < 0.05);
}

TEST_CASE("gbm rejects bad input", "[gbm]") {
  GradientBoosting gbm;
  CHECK_THROWS_AS(gbm.predict_proba(FeatureMatrix{}), InternalError);
  CHECK_THROWS_AS(gbm.fit(matrix({{}}), Labels{}, 2), InputError);  // zero rows
  CHECK_THROWS_AS(gbm.fit(matrix({{1, 2}}), Labels{0, 2}, 2), InputError);
  CHECK_THROWS_AS(gbm.fit(matrix({{1, 2}}), Labels{0, 1}, 2, std::vector<double>{0, 0}),
                  InputError);
  CHECK_THROWS_AS(gbm.fit(matrix({{1, INFINITY}}), Labels{0, 1}, 2), InputError);
  GbmParams bad;
  bad.learning_rate = 0;
  CHECK_THROWS_AS(GradientBoosting(bad), InputError);
}

TEST_CASE("gbm settings read from a config section", "[gbm]") {
  const auto table = toml::parse("rounds = 50\nlearning_rate = 0.3\nmax_depth = 5\n");
  GbmParams p;
  auto f = config::Fields::reader(table, "learner.gbm", "c.toml");
  describe(f, p);
  f.reject_unknown_keys();
  CHECK(p.rounds == 50);
  CHECK(p.learning_rate == 0.3);
  CHECK(p.max_depth == 5);
  CHECK(p.nthread == 1);
  GbmParams q;
  const auto bad_table = toml::parse("subsample = 0\n");  // the reader keeps a pointer to it
  auto bad = config::Fields::reader(bad_table, "learner.gbm", "c.toml");
  CHECK_THROWS_AS(describe(bad, q), InputError);
  std::vector<std::string> lines;
  auto doc = config::Fields::documenter("learner.gbm", &lines);
  describe(doc, q);
  CHECK(lines.size() == 9);
}

TEST_CASE("gbm fit_predict equals fit then predict_proba, bitwise", "[gbm]") {
  // Numeric, categorical and missing inputs, row and column subsampling, weights, 2 and 3 classes:
  // the in-sample probabilities from the booster's training matrix are those of a fresh matrix.
  Rng rng(11, "gbm-fit-predict");
  const std::size_t n = 700;
  std::vector<float> num(n), cat(n), gappy(n);
  Labels y2(n), y3(n);
  std::vector<double> w(n);
  for (std::size_t r = 0; r < n; ++r) {
    num[r] = static_cast<float>(rng.normal());
    cat[r] = static_cast<float>(rng.uniform_index(5));
    gappy[r] = rng.bernoulli(0.2) ? std::nanf("") : static_cast<float>(rng.uniform());
    y2[r] = rng.bernoulli(sigmoid(num[r] + (cat[r] == 2 ? 1.5 : 0.0))) ? 1 : 0;
    y3[r] = static_cast<std::int32_t>((y2[r] + static_cast<int>(cat[r])) % 3);
    w[r] = r % 9 == 0 ? 0.0 : 0.5 + rng.uniform();
  }
  const FeatureMatrix x = matrix({num, cat, gappy}, {0, 5, 0});
  GbmParams params;
  params.rounds = 25;
  params.max_depth = 4;
  params.max_bin = 16;
  for (double subsample : {1.0, 0.6})
    for (bool weighted : {false, true})
      for (std::size_t k : {2, 3}) {
        params.subsample = subsample;
        params.colsample = subsample;
        const Labels& y = k == 2 ? y2 : y3;
        const std::span<const double> weights =
            weighted ? std::span<const double>(w) : std::span<const double>();
        GradientBoosting a(params), b(params);
        a.reseed(5);
        b.reseed(5);
        a.fit(x, y, k, weights);
        const auto fresh = a.predict_proba(x);
        const auto in_sample = b.fit_predict(x, y, k, weights);
        CHECK(in_sample == fresh);
        CHECK(b.predict_proba(x) == fresh);  // the model is the same too
      }
}
