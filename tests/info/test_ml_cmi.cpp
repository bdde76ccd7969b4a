#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "data/dataset.hpp"
#include "info/measures.hpp"
#include "info/ml_cmi.hpp"
#include "learn/frequency_classifier.hpp"

using namespace adm;
using V = std::vector<std::int32_t>;

namespace {

data::Column cat(const std::string& name, const V& codes, std::size_t levels) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < levels; ++i) names.push_back("l" + std::to_string(i));
  return data::Column::categorical(name, codes, names);
}

V draw(Rng& rng, std::size_t n, std::uint64_t k) {
  V v(n);
  for (auto& c : v) c = static_cast<std::int32_t>(rng.uniform_index(k));
  return v;
}

// The paper's Example 1 (Sec. 2.6): X, S ~ Bernoulli(0.5), Y = X xor S (true MI(Y, X | S) = 1 bit),
// or, with `null`, Y ~ Bernoulli(0.5) independent of both (true value 0).
struct Example1 {
  data::Dataset data{"example1"};
  V y;
  Example1(std::size_t n, bool null, Rng& rng) {
    const V x = draw(rng, n, 2), s = draw(rng, n, 2);
    y.resize(n);
    for (std::size_t i = 0; i < n; ++i) y[i] = null ? rng.bernoulli(0.5) : (x[i] ^ s[i]);
    data.add(cat("x", x, 2));
    data.add(cat("s", s, 2));
  }
  info::CmiProblem problem() const { return {data, y, 2, {"x"}, {"s"}}; }
};

double binary_entropy(double p) {
  return p <= 0.0 || p >= 1.0 ? 0.0 : -p * std::log2(p) - (1 - p) * std::log2(1 - p);
}

}  // namespace

TEST_CASE("in-sample ML-CMI with the frequency learner is the plug-in CMI", "[mlcmi]") {
  const learn::FrequencyClassifier freq;
  for (std::uint64_t trial = 0; trial < 6; ++trial) {
    Rng rng(11, "mlcmi.plugin", trial);
    const std::size_t n = 150 + 100 * trial, classes = 2 + trial % 3;
    const V a = draw(rng, n, 3), b = draw(rng, n, 2), s = draw(rng, n, 4);
    V y(n);
    for (std::size_t i = 0; i < n; ++i)  // y depends on a and s, plus noise
      y[i] = static_cast<std::int32_t>(rng.bernoulli(0.6)
                                           ? (a[i] + s[i]) % static_cast<std::int32_t>(classes)
                                           : static_cast<std::int32_t>(rng.uniform_index(classes)));
    data::Dataset d("plugin");
    d.add(cat("a", a, 3));
    d.add(cat("b", b, 2));
    d.add(cat("s", s, 4));
    std::vector<double> w(n);
    for (auto& v : w) v = static_cast<double>(rng.uniform_index(4));  // zeros included
    info::MlCmiOptions opt;
    opt.folds = 0;
    for (bool weighted : {false, true}) {
      info::InfoOptions io;
      if (weighted) io.weights = w;
      const std::span<const double> ws =
          weighted ? std::span<const double>(w) : std::span<const double>();
      Rng est(1, "est");
      const auto r = info::ml_cmi(freq, {d, y, classes, {"a", "b"}, {"s"}, ws}, opt, est);
      CHECK(std::abs(r.in_sample - info::conditional_mutual_information({y}, {a, b}, {s}, io)) <
            1e-12);
      // S empty: MI(Y, X).
      const auto m = info::ml_cmi(freq, {d, y, classes, {"a"}, {}, ws}, opt, est);
      CHECK(std::abs(m.in_sample - info::mutual_information({y}, {a}, io)) < 1e-12);
      CHECK(m.terms_in_sample.size() == n);
    }
  }
}

TEST_CASE("Example 1: about 1 bit under the model, about 0 under independence", "[mlcmi]") {
  const learn::FrequencyClassifier freq;
  Rng rng(2024, "mlcmi.example1");
  const Example1 dep(500, false, rng), ind(500, true, rng);
  Rng e1(5, "e"), e2(5, "e");
  const auto r1 = info::ml_cmi(freq, dep.problem(), {}, e1);
  CHECK(r1.in_sample == Approx(1.0).margin(0.01));  // paper: 0.994 +- 0.00234
  CHECK(r1.cross_fitted == Approx(1.0).margin(0.01));
  const auto r0 = info::ml_cmi(freq, ind.problem(), {}, e2);
  CHECK(r0.in_sample >= 0.0);
  CHECK(r0.in_sample < 0.01);  // paper: 0.0022 +- 0.0017 (the plug-in's upward bias)
  CHECK(std::abs(r0.cross_fitted) < 0.01);
}

TEST_CASE("ML-CMI recovers the analytic CMI of a 3 x 2 synthetic model", "[mlcmi]") {
  // X uniform on {0,1,2}, S uniform on {0,1}, Y | x, s ~ Bernoulli(p[x][s]). Then
  // MI(Y, X | S) = sum_s P(s) [h(mean_x p[x][s]) - mean_x h(p[x][s])], h = binary entropy.
  const double p[3][2] = {{0.2, 0.7}, {0.5, 0.5}, {0.9, 0.4}};
  double truth = 0.0;
  for (int s = 0; s < 2; ++s) {
    double mean = 0.0, cond = 0.0;
    for (int x = 0; x < 3; ++x) mean += p[x][s] / 3, cond += binary_entropy(p[x][s]) / 3;
    truth += 0.5 * (binary_entropy(mean) - cond);
  }
  Rng rng(3, "mlcmi.analytic");
  const std::size_t n = 20000;
  const V x = draw(rng, n, 3), s = draw(rng, n, 2);
  V y(n);
  for (std::size_t i = 0; i < n; ++i) y[i] = rng.bernoulli(p[x[i]][s[i]]) ? 1 : 0;
  data::Dataset d("analytic");
  d.add(cat("x", x, 3));
  d.add(cat("s", s, 2));
  Rng est(4, "e");
  const auto r = info::ml_cmi(learn::FrequencyClassifier{}, {d, y, 2, {"x"}, {"s"}}, {}, est);
  CHECK(truth == Approx(0.1567).margin(1e-3));  // hand check of the formula above
  CHECK(r.in_sample == Approx(truth).margin(0.015));
  CHECK(r.cross_fitted == Approx(truth).margin(0.015));
  CHECK(r.cross_fitted < r.in_sample);  // out-of-fold scoring removes the optimism
}

TEST_CASE("planned fits run in any order give the serial result", "[mlcmi]") {
  const learn::FrequencyClassifier freq(0.5);
  Rng rng(9, "mlcmi.plan");
  const Example1 ex(300, true, rng);
  const auto problem = ex.problem();
  Rng a(42, info::kStreamEstimate), b(42, info::kStreamEstimate);
  const auto serial = info::ml_cmi(freq, problem, {}, a);
  const auto plan = info::plan_ml_cmi(problem, {}, b);
  CHECK(plan.jobs.size() == 2 + 2 * 5);
  std::vector<std::vector<double>> preds(plan.jobs.size());
  for (std::size_t j = plan.jobs.size(); j-- > 0;)
    preds[j] = info::run_fit_job(freq, problem, plan.jobs[j]);
  const auto parallel = info::assemble_ml_cmi(problem, plan, preds, {});
  CHECK(parallel.in_sample == serial.in_sample);
  CHECK(parallel.cross_fitted == serial.cross_fitted);
  CHECK(parallel.terms_cross_fitted == serial.terms_cross_fitted);
}

TEST_CASE("probability floor and p-value formula", "[mlcmi]") {
  const V y{0, 1};
  const std::vector<double> p_xs{0.0, 1.0, 0.5, 0.5}, p_s{0.5, 0.5, 0.5, 0.5};
  const auto t = info::log_ratio_terms(y, 2, p_xs, p_s);
  CHECK(t[0] == Approx(std::log2(1e-6 / 0.5)));  // floored, finite
  CHECK(t[1] == 0.0);
  CHECK(info::cmi_from_probabilities(y, 2, p_xs, p_s, 1e-6, std::vector<double>{0.0, 1.0}) == 0.0);
  CHECK(info::bootstrap_p_value(0.5, std::vector<double>{0.1, 0.5, 0.7, 0.2}) == 3.0 / 5.0);
  CHECK(info::bootstrap_p_value(1.0, std::vector<double>{}) == 1.0);
  // Categorical null draws follow the rows' probabilities.
  Rng rng(1, "draw");
  const std::vector<double> p3{0.0, 0.0, 1.0, 1.0, 0.0, 0.0};
  CHECK(info::draw_null_response(p3, 3, rng) == V{2, 0});
}

TEST_CASE("model-based bootstrap: uniform-ish p-values under H0, small under H1", "[mlcmi]") {
  const learn::FrequencyClassifier freq;
  const std::size_t reps = 40, B = 19;
  double sum = 0.0;
  std::size_t small = 0;
  for (std::size_t r = 0; r < reps; ++r) {
    Rng rng(77, "mlcmi.null.data", r);
    // Y depends on S only, so H0: Y _||_ X | S holds.
    const std::size_t n = 200;
    const V x = draw(rng, n, 3), s = draw(rng, n, 2);
    V y(n);
    for (std::size_t i = 0; i < n; ++i) y[i] = rng.bernoulli(s[i] ? 0.7 : 0.3) ? 1 : 0;
    data::Dataset d("null");
    d.add(cat("x", x, 3));
    d.add(cat("s", s, 2));
    const auto test = info::ml_cmi_test(freq, {d, y, 2, {"x"}, {"s"}}, {},
                                        info::CmiVariant::InSample, B, 1000 + r);
    CHECK(test.nulls.size() == B);
    sum += test.p_value;
    small += test.p_value <= 0.1 ? 1 : 0;
  }
  const double mean = sum / reps;
  CHECK(mean > 0.35);
  CHECK(mean < 0.65);
  CHECK(small <= 12);  // ~4 expected (P(p <= 0.1) = 2/20)
  // H1 (Example 1): every null replicate is far below 1 bit, so p = 1 / (B + 1).
  Rng rng(5, "mlcmi.alt");
  const Example1 dep(300, false, rng);
  for (auto variant : {info::CmiVariant::InSample, info::CmiVariant::CrossFitted}) {
    const auto test = info::ml_cmi_test(freq, dep.problem(), {}, variant, B, 8);
    CHECK(test.p_value == Approx(1.0 / (B + 1)));
    CHECK(test.observed > 0.95);
  }
}

TEST_CASE("ML-CMI input errors", "[mlcmi]") {
  const learn::FrequencyClassifier freq;
  data::Dataset d("e");
  d.add(cat("x", {0, 1, 0, 1}, 2));
  d.add(data::Column::numeric("z", {0.1, 0.2, 0.3, 0.4}));
  const V y{0, 1, 1, 0};
  Rng rng(1, "e");
  info::MlCmiOptions two;
  two.folds = 2;
  CHECK_THROWS_AS(info::ml_cmi(freq, {d, y, 2, {}, {"x"}}, two, rng), InputError);
  CHECK_THROWS_AS(info::ml_cmi(freq, {d, V{0, 1}, 2, {"x"}, {}}, two, rng), InputError);
  CHECK_THROWS_AS(info::ml_cmi(freq, {d, V{0, 1, 2, 0}, 2, {"x"}, {}}, two, rng), InputError);
  CHECK_THROWS_WITH(info::ml_cmi(freq, {d, y, 2, {"z"}, {}}, two, rng),
                    Catch::Contains("discretise"));
  info::MlCmiOptions none;
  none.in_sample = false;
  none.folds = 0;
  CHECK_THROWS_AS(info::ml_cmi(freq, {d, y, 2, {"x"}, {}}, none, rng), InputError);
}
