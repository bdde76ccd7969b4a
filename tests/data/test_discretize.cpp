#include <catch2/catch.hpp>
#include <cmath>

#include "data/discretize.hpp"
#include "data_test_util.hpp"

using adm::data::Column;
using adm::data::discretize;
using adm::data::equal_width_cuts;
using adm::data::mdlp_cuts;
using adm::data::quantile_cuts;
using adm::data::to_vector;

namespace {
Column numbers(std::vector<double> v) { return Column::numeric("x", std::move(v)); }
Column range(int from, int to) {
  std::vector<double> v;
  for (int i = from; i <= to; ++i) v.push_back(i);
  return numbers(v);
}
}  // namespace

TEST_CASE("quantile cuts interpolate and merge duplicates", "[data][discretize]") {
  CHECK(quantile_cuts(range(1, 10), 4) == std::vector<double>{3.25, 5.5, 7.75});
  CHECK(quantile_cuts(range(1, 10), 2) == std::vector<double>{5.5});
  CHECK(quantile_cuts(range(1, 10), 1).empty());
  // Mostly zeros: the cuts at 0 would leave an empty first bin, so only 0.25 is kept.
  CHECK(quantile_cuts(numbers({0, 0, 0, 0, 0, 0, 1, 2}), 4) == std::vector<double>{0.25});
  CHECK(quantile_cuts(numbers({3, 3, 3, NAN}), 3).empty());
  CHECK(quantile_cuts(numbers({NAN, 1, 2, 3, NAN}), 2) == std::vector<double>{2});
  CHECK_THROWS_AS(quantile_cuts(range(1, 3), 0), adm::InputError);
}

TEST_CASE("equal-width cuts split [min, max] evenly", "[data][discretize]") {
  CHECK(equal_width_cuts(numbers({0, 3, 10, NAN}), 4) == std::vector<double>{2.5, 5, 7.5});
  CHECK(equal_width_cuts(numbers({-1, 1}), 2) == std::vector<double>{0});
  CHECK(equal_width_cuts(numbers({5, 5}), 3).empty());
}

TEST_CASE("MDLP: separable classes cut once at the boundary midpoint", "[data][discretize]") {
  // Hand computation for n=4: Gain = 1, threshold = (log2 3 + log2 7 - 2)/4 = 0.598.
  CHECK(mdlp_cuts(range(1, 4), {0, 0, 1, 1}) == std::vector<double>{2.5});
  CHECK(mdlp_cuts(range(1, 8), {0, 0, 0, 0, 1, 1, 1, 1}) == std::vector<double>{4.5});
  // Row order does not matter; missing values and missing labels are ignored.
  CHECK(mdlp_cuts(numbers({8, 1, NAN, 7, 2}), {1, 0, 1, 1, 0}) == std::vector<double>{4.5});
  CHECK(mdlp_cuts(numbers({4, 1, 9, 2}), {1, 0, -1, 0}) == std::vector<double>{3});
}

TEST_CASE("MDLP: three separable classes give two cuts", "[data][discretize]") {
  std::vector<std::int32_t> y;
  for (int c = 0; c < 3; ++c) y.insert(y.end(), 10, c);
  CHECK(mdlp_cuts(range(1, 30), y) == std::vector<double>{10.5, 20.5});
}

TEST_CASE("MDLP: noise with small n gives no cut", "[data][discretize]") {
  // Best split (1.5 or 3.5) gains 0.311 < threshold 1.057.
  CHECK(mdlp_cuts(range(1, 4), {0, 1, 0, 1}).empty());
  CHECK(mdlp_cuts(range(1, 6), {0, 1, 1, 0, 0, 1}).empty());
  CHECK(mdlp_cuts(range(1, 5), {1, 1, 1, 1, 1}).empty());  // one class
  // One odd point: Gain 0.544 beats log2(7)/8 = 0.351 but not the full bound 0.566 with Delta.
  CHECK(mdlp_cuts(range(1, 8), {0, 0, 0, 0, 0, 0, 0, 1}).empty());
  // Two odd points: Gain 0.811 > 0.499, cut at 6.5.
  CHECK(mdlp_cuts(range(1, 8), {0, 0, 0, 0, 0, 0, 1, 1}) == std::vector<double>{6.5});
  // Equal values with mixed classes are never split apart.
  CHECK(mdlp_cuts(numbers({1, 1, 1, 1, 2, 2, 2, 2}), {0, 1, 0, 1, 0, 1, 0, 1}).empty());
}

TEST_CASE("discretize gives interval levels in interval order", "[data][discretize]") {
  const auto c = discretize(numbers({1, 2.5, 7, 100, NAN, -3}), {2.5, 7});
  CHECK(c.name() == "x");
  CHECK(c.levels() == std::vector<std::string>{"[-inf,2.5)", "[2.5,7)", "[7,inf)"});
  CHECK(to_vector(c.codes()) == std::vector<std::int32_t>{0, 1, 2, 2, -1, 0});
  CHECK(c.is_missing(4));
  const auto n = discretize(numbers({-5, 0, 20}), {-1, 10});
  CHECK(n.levels() == std::vector<std::string>{"[-inf,-1)", "[-1,10)", "[10,inf)"});
  CHECK(discretize(numbers({1}), {}).levels() == std::vector<std::string>{"[-inf,inf)"});
  CHECK_THROWS_AS(discretize(numbers({1}), {3, 2}), adm::InputError);
  CHECK_THROWS_AS(discretize(Column::categorical("c", {0}, {"a"}), {1}), adm::InputError);
}

TEST_CASE("discretize_numeric touches numeric features only", "[data][discretize]") {
  adm::data::Dataset d("mem");
  d.add(Column::numeric("x", {1, 2, 3, 4, 5, 6, 7, 8}));
  d.add(Column::categorical("c", {0, 1, 0, 1, 0, 1, 0, 1}, {"a", "b"}));
  d.add(Column::numeric("w", {1, 1, 1, 1, 2, 2, 2, 2}));
  d.add(Column::categorical("y", {0, 0, 0, 0, 1, 1, 1, 1}, {"0", "1"}));
  d.roles() = {"y", {}, {"x", "c"}, "w"};
  const auto q = adm::data::discretize_numeric(d, adm::data::DiscretizeMethod::Quantile, 2);
  CHECK(q.column("x").levels() == std::vector<std::string>{"[-inf,4.5)", "[4.5,inf)"});
  CHECK(q.column("w").is_numeric());
  CHECK(q.column("c").levels() == std::vector<std::string>{"a", "b"});
  const auto m = adm::data::discretize_numeric(d, adm::data::DiscretizeMethod::Mdlp, 0);
  CHECK(to_vector(m.column("x").codes()) == std::vector<std::int32_t>{0, 0, 0, 0, 1, 1, 1, 1});
  const auto e = adm::data::discretize_numeric(d, adm::data::DiscretizeMethod::EqualWidth, 7);
  CHECK(e.column("x").level_count() == 7);
  d.roles() = {"w", {}, {"x", "c"}, ""};  // a numeric target
  CHECK_THROWS_AS(adm::data::discretize_numeric(d, adm::data::DiscretizeMethod::Mdlp, 0),
                  adm::InputError);
}
