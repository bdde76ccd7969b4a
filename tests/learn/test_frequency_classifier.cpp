#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "data/dataset.hpp"
#include "info/measures.hpp"
#include "learn/frequency_classifier.hpp"

using namespace adm;
using V = std::vector<std::int32_t>;

namespace {
data::Column cat(const std::string& name, V codes, std::size_t levels) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < levels; ++i) names.push_back("l" + std::to_string(i));
  return data::Column::categorical(name, std::move(codes), std::move(names));
}
}  // namespace

TEST_CASE("frequency classifier: cell frequencies, unseen cells, smoothing", "[freq]") {
  data::Dataset d("test");
  d.add(cat("a", {0, 0, 0, 1, 1, 0}, 3));
  d.add(cat("b", {0, 0, 1, 1, 1, 0}, 2));
  const V y{0, 1, 1, 0, 0, 1};
  const auto x = learn::make_matrix(d, {"a", "b"});
  learn::FrequencyClassifier model;
  model.fit(x, y, 2);
  CHECK(model.cells() == 3);
  const auto p = model.predict_proba(x);
  // cell (0,0): rows 0,1,5 -> y = 0,1,1; cell (0,1): row 2 -> 1; cell (1,1): rows 3,4 -> 0.
  CHECK(p[0] == Approx(1.0 / 3));
  CHECK(p[1] == Approx(2.0 / 3));
  CHECK(p[4] == 0.0);
  CHECK(p[5] == 1.0);
  CHECK(p[6] == 1.0);
  // An unseen cell (2, 0) gets the marginal frequencies 3/6, 3/6.
  data::Dataset t("test");
  t.add(cat("a", {2}, 3));
  t.add(cat("b", {0}, 2));
  const auto q = model.predict_proba(learn::make_matrix(t, {"a", "b"}));
  CHECK(q == std::vector<double>{0.5, 0.5});
  // Smoothing alpha = 1: cell (1,1) has counts (2, 0) -> (3/4, 1/4).
  learn::FrequencyClassifier smooth(1.0);
  smooth.fit(x, y, 2);
  const auto ps = smooth.predict_proba(x);
  CHECK(ps[6] == Approx(0.75));
  CHECK(ps[7] == Approx(0.25));
  CHECK(dynamic_cast<learn::FrequencyClassifier&>(*smooth.clone()).alpha() == 1.0);
}

TEST_CASE("frequency classifier: weights act as copies, missing is a level", "[freq]") {
  data::Dataset d("test");
  d.add(data::Column::categorical("a", {0, 0, 1, -1}, {"u", "v"}, {0, 0, 0, 1}));
  const V y{0, 1, 1, 0};
  const std::vector<double> w{2.0, 1.0, 1.0, 1.0};
  learn::FrequencyClassifier model;
  model.fit(learn::make_matrix(d, {"a"}), y, 2, w);
  const auto p = model.predict_proba(learn::make_matrix(d, {"a"}));
  CHECK(p[0] == Approx(2.0 / 3));  // weighted: two copies of row 0
  CHECK(p[6] == 1.0);              // the missing level is its own cell, y = 0
  CHECK(model.cells() == 3);
}

TEST_CASE("frequency classifier: importance is the plug-in MI per column", "[freq]") {
  Rng rng(7, "freq.importance");
  const std::size_t n = 400;
  V a(n), b(n), y(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = static_cast<std::int32_t>(rng.uniform_index(3));
    b[i] = static_cast<std::int32_t>(rng.uniform_index(2));
    y[i] = rng.bernoulli(a[i] == 0 ? 0.8 : 0.3) ? 1 : 0;
  }
  data::Dataset d("test");
  d.add(cat("a", a, 3));
  d.add(cat("b", b, 2));
  learn::FrequencyClassifier model;
  model.fit(learn::make_matrix(d, {"a", "b"}), y, 2);
  const auto imp = model.importance();
  REQUIRE(imp.size() == 2);
  CHECK(imp[0] == Approx(info::mutual_information({y}, {a})).epsilon(1e-12));
  CHECK(imp[1] == Approx(info::mutual_information({y}, {b})).epsilon(1e-12));
  CHECK(imp[0] > imp[1]);
}

TEST_CASE("frequency classifier: input errors", "[freq]") {
  data::Dataset d("test");
  d.add(data::Column::numeric("z", {0.5, 1.5}));
  d.add(cat("a", {0, 1}, 2));
  learn::FrequencyClassifier model;
  CHECK_THROWS_WITH(model.fit(learn::make_matrix(d, {"z"}), V{0, 1}, 2),
                    Catch::Contains("numeric; discretise it first"));
  CHECK_THROWS_AS(model.fit(learn::make_matrix(d, {"a"}), V{0, 2}, 2), InputError);
  CHECK_THROWS_AS(model.fit(learn::make_matrix(d, {"a"}), V{0, 1}, 2, std::vector<double>{0, 0}),
                  InputError);
  CHECK_THROWS_AS(learn::FrequencyClassifier(-1.0), InputError);
  CHECK_THROWS_AS(model.predict_proba(learn::make_matrix(d, {"a"})), InternalError);
}
