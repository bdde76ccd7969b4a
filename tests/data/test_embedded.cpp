#include <catch2/catch.hpp>
#include <cmath>

#include "core/error.hpp"
#include "data/embedded.hpp"
#include "info/measures.hpp"

using adm::data::make_embedded;
using adm::data::to_vector;

TEST_CASE("embedded datasets are fixed per draw and differ across draws", "[data][embedded]") {
  for (const auto& name : adm::data::embedded_names()) {
    const std::uint64_t n = name == "shapley_synthetic" ? 128 : 100;  // a distribution's cells
    const auto a = make_embedded(name, n, 0), b = make_embedded(name, n, 0);
    const auto c = make_embedded(name, n, 1);
    REQUIRE(a.rows() == n);
    CHECK(to_vector(a.column(a.cols() - 1).codes()) == to_vector(b.column(b.cols() - 1).codes()));
    bool differs = false;
    for (std::size_t j = 0; j < a.cols(); ++j) {
      const auto &x = a.column(j), &y = c.column(j);
      differs = differs || (x.is_numeric() ? to_vector(x.values()) != to_vector(y.values())
                                           : to_vector(x.codes()) != to_vector(y.codes()));
    }
    CHECK(differs);
  }
  CHECK_THROWS_AS(make_embedded("nope", 10), adm::InputError);
}

TEST_CASE("Example 1 has one bit of conditional information, its null none", "[data][embedded]") {
  const auto d = make_embedded("example1", 5000);
  CHECK(adm::info::conditional_mutual_information(d, {"Y"}, {"X"}, {"S"}) ==
        Approx(1.0).margin(1e-3));
  CHECK(adm::info::mutual_information(d, {"Y"}, {"X"}) < 0.01);  // X alone says nothing
  const auto n = make_embedded("example1_null", 5000);
  CHECK(adm::info::conditional_mutual_information(n, {"Y"}, {"X"}, {"S"}) < 0.01);
}

TEST_CASE("Example 3's imitator is built from the core features", "[data][embedded]") {
  const auto d = make_embedded("example3", 20000);
  REQUIRE(d.cols() == 51);
  const auto& x1 = d.column("X1").values();
  const auto& x2 = d.column("X2").values();
  const auto& x50 = d.column("X50").values();
  double se = 0;
  for (std::size_t i = 0; i < d.rows(); ++i) {
    const double e = x50[i] - (2 * x1[i] - x2[i]);
    se += e * e;
  }
  CHECK(se / d.rows() == Approx(2.0).epsilon(0.05));  // noise variance 2
}

TEST_CASE("the Shapley paper's synthetic model is the awk generator's, bit for bit",
          "[data][embedded]") {
  // Draw 1's cells 0, 77 and 127 as the awk generator
  // (tests/reproductions/shapley_bayes_figure2.sh) prints them (%.17g), and a distribution: weights
  // summing to 1, y and a binary.
  const auto d = make_embedded("shapley_synthetic", 0, 1);
  REQUIRE(d.rows() == 128);
  const auto& w = d.column("w").values();
  CHECK(w[0] == 0.0021930390653068163);
  CHECK(w[77] == 9.5048375894479052e-05);
  CHECK(w[127] == 0.023171038096916903);
  double total = 0;
  for (double v : w) total += v;
  CHECK(total == Approx(1.0).margin(1e-12));
  CHECK(d.column("y").codes()[77] == 1);  // cell 77 = 1001101: a 1, x1 0, x2 0, x3 1, x4 1, x5 0
  CHECK(d.column("x3").codes()[77] == 1);
  CHECK(d.column("x5").codes()[77] == 0);
  CHECK_THROWS_AS(make_embedded("shapley_synthetic", 100, 1), adm::InputError);
}
