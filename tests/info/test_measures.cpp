#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "data/dataset.hpp"
#include "info/count_measures.hpp"
#include "info/measures.hpp"

using namespace adm;
using info::InfoOptions;
using V = std::vector<std::int32_t>;

namespace {
V random_codes(Rng& rng, std::size_t n, std::uint64_t k) {
  V v(n);
  for (auto& c : v) c = static_cast<std::int32_t>(rng.uniform_index(k));
  return v;
}
}  // namespace

TEST_CASE("entropy of simple distributions", "[info]") {
  CHECK(info::entropy({V{0, 1}}) == 1.0);        // fair coin
  CHECK(info::entropy({V{0, 0, 1, 2}}) == 1.5);  // (1/2, 1/4, 1/4)
  CHECK(info::entropy({V{3, 3, 3}}) == 0.0);
  const std::vector<double> counts{2, 1, 1, 0};
  CHECK(info::entropy_from_counts(counts) == 1.5);
  // Miller–Madow: m = 3 nonzero cells, N = 4 -> + 2 / (2 * 4 * ln 2).
  CHECK(info::entropy_from_counts(counts, true) ==
        Approx(1.5 + 2.0 / (8.0 * std::numbers::ln2)).epsilon(1e-14));
  InfoOptions mm;
  mm.miller_madow = true;
  CHECK(info::entropy({V{0, 0, 1, 2}}, mm) ==
        Approx(1.5 + 0.25 / std::numbers::ln2).epsilon(1e-14));
  CHECK_THROWS_AS(info::entropy_from_counts(std::vector<double>{0, 0}), InputError);
  CHECK_THROWS_AS(info::entropy_from_counts(std::vector<double>{1, -1}), InputError);
}

TEST_CASE("mutual information: copies, independence, XOR", "[info]") {
  const V x{0, 1, 0, 1};
  CHECK(info::mutual_information({x}, {x}) == 1.0);
  // Balanced 2 x 3 product table (each cell twice): exactly 0, not just close.
  V a, b;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int r = 0; r < 2; ++r) a.push_back(i), b.push_back(j);
  CHECK(info::mutual_information({a}, {b}) == 0.0);
  // XOR: Y = X1 ^ X2 on the four combinations.
  const V x1{0, 0, 1, 1}, x2{0, 1, 0, 1}, y{0, 1, 1, 0};
  CHECK(info::mutual_information({y}, {x1}) == 0.0);
  CHECK(info::conditional_mutual_information({y}, {x1}, {x2}) == 1.0);
  CHECK(info::mutual_information({y}, {x1, x2}) == 1.0);
  CHECK(info::joint_entropy({x1}, {x2}) == 2.0);
  CHECK(info::conditional_entropy({y}, {x1, x2}) == 0.0);
  CHECK(info::conditional_entropy({y}, {x1}) == 1.0);
}

TEST_CASE("mutual information of a 2x3 table in closed form", "[info]") {
  // counts  y=0 y=1 y=2 | x
  //   x=0:    2   1   1 | 4
  //   x=1:    0   1   3 | 4
  //   y:      2   2   4 | N = 8
  // I = sum c/N log2(c N / (c_x c_y)) = 2/8*log2(2) + 1/8*log2(1) + 1/8*log2(1/2) + 1/8*log2(1)
  //   + 3/8*log2(3/2) = 1/8 + 3/8 log2(3/2)   (= H(X) + H(Y) - H(X,Y) = 1 + 1.5 - (2.75 - 3/8 log2
  //   3))
  const double expected = 1.0 / 8.0 + 3.0 / 8.0 * std::log2(3.0 / 2.0);
  const std::vector<double> table{2, 1, 1, 0, 1, 3};
  CHECK(info::mutual_information_from_table(table, 2, 3) == Approx(expected).epsilon(1e-14));
  const V x{0, 0, 0, 0, 1, 1, 1, 1}, y{0, 0, 1, 2, 1, 2, 2, 2};
  CHECK(info::mutual_information({x}, {y}) == Approx(expected).epsilon(1e-14));
  // Miller–Madow through the entropy decomposition with an empty Z:
  // (m_x - 1) + (m_y - 1) - (m_xy - 1) = 1 + 2 - 4 = -1 -> - 1 / (2 * 8 * ln 2).
  const double mm = expected - 1.0 / (16.0 * std::numbers::ln2);
  CHECK(info::mutual_information_from_table(table, 2, 3, true) == Approx(mm).epsilon(1e-14));
  InfoOptions opt;
  opt.miller_madow = true;
  CHECK(info::mutual_information({x}, {y}, opt) == Approx(mm).epsilon(1e-14));
  CHECK_THROWS_AS(info::mutual_information_from_table(table, 3, 3), InputError);
}

TEST_CASE("chain rule, symmetry and dense tables agree on random data", "[info]") {
  Rng rng(11, "info-random");
  const std::size_t n = 400;
  const V x = random_codes(rng, n, 3), y = random_codes(rng, n, 4), z = random_codes(rng, n, 2);
  const double i_x_yz = info::mutual_information({x}, {y, z});
  const double i_x_z = info::mutual_information({x}, {z});
  const double i_x_y_given_z = info::conditional_mutual_information({x}, {y}, {z});
  CHECK(i_x_yz == Approx(i_x_z + i_x_y_given_z).margin(1e-12));
  CHECK(info::mutual_information({x}, {y}) ==
        Approx(info::mutual_information({y}, {x})).margin(1e-15));
  CHECK(i_x_y_given_z == Approx(info::conditional_mutual_information({y}, {x}, {z})).margin(1e-15));
  // Entropy identities: I(X;Y|Z) = H(X,Z) + H(Y,Z) - H(X,Y,Z) - H(Z).
  const double via_h =
      info::entropy({x, z}) + info::entropy({y, z}) - info::entropy({x, y, z}) - info::entropy({z});
  CHECK(i_x_y_given_z == Approx(via_h).margin(1e-12));
  // The same CMI from a dense [z][x][y] table.
  std::vector<double> table(2 * 3 * 4, 0.0);
  for (std::size_t i = 0; i < n; ++i) table[(z[i] * 3 + x[i]) * 4 + y[i]] += 1.0;
  CHECK(info::conditional_mutual_information_from_table(table, 3, 4, 2) ==
        Approx(i_x_y_given_z).margin(1e-13));
  InfoOptions mm;
  mm.miller_madow = true;
  const double via_h_mm = info::entropy({x, z}, mm) + info::entropy({y, z}, mm) -
                          info::entropy({x, y, z}, mm) - info::entropy({z}, mm);
  CHECK(info::conditional_mutual_information({x}, {y}, {z}, mm) == Approx(via_h_mm).margin(1e-12));
}

TEST_CASE("a set of columns equals its single combined column", "[info]") {
  Rng rng(12, "info-sets");
  const std::size_t n = 300;
  const V x1 = random_codes(rng, n, 3), x2 = random_codes(rng, n, 3), y = random_codes(rng, n, 2);
  V combined(n);
  for (std::size_t i = 0; i < n; ++i) combined[i] = x1[i] * 3 + x2[i];
  CHECK(info::mutual_information({y}, {x1, x2}) ==
        Approx(info::mutual_information({y}, {combined})).margin(1e-15));
  CHECK(info::entropy({x1, x2}) == Approx(info::entropy({combined})).margin(1e-15));
}

TEST_CASE("integer weights equal duplicated rows", "[info]") {
  Rng rng(13, "info-weights");
  const std::size_t n = 200;
  const V x = random_codes(rng, n, 3), y = random_codes(rng, n, 3), z = random_codes(rng, n, 2);
  std::vector<double> w(n);
  V xd, yd, zd;
  for (std::size_t i = 0; i < n; ++i) {
    w[i] = static_cast<double>(rng.uniform_index(4));  // 0..3 copies
    for (int k = 0; k < static_cast<int>(w[i]); ++k)
      xd.push_back(x[i]), yd.push_back(y[i]), zd.push_back(z[i]);
  }
  for (bool mm : {false, true}) {
    InfoOptions weighted;
    weighted.weights = w;
    weighted.miller_madow = mm;
    InfoOptions plain;
    plain.miller_madow = mm;
    CHECK(info::entropy({x, y}, weighted) == Approx(info::entropy({xd, yd}, plain)).margin(1e-12));
    CHECK(info::conditional_mutual_information({x}, {y}, {z}, weighted) ==
          Approx(info::conditional_mutual_information({xd}, {yd}, {zd}, plain)).margin(1e-12));
    CHECK(info::conditional_entropy({x}, {z}, weighted) ==
          Approx(info::conditional_entropy({xd}, {zd}, plain)).margin(1e-12));
  }
  InfoOptions bad;
  const std::vector<double> negative(n, -1.0);
  bad.weights = negative;
  CHECK_THROWS_AS(info::entropy({x}, bad), InputError);
}

TEST_CASE("missing rows are skipped jointly and datasets are named", "[info]") {
  const V x{0, 1, 0, 1, -1}, y{0, 1, 0, 1, 1};
  CHECK_THROWS_AS(info::mutual_information({x}, {y}), InputError);
  InfoOptions skip;
  skip.missing = info::MissingPolicy::Skip;
  CHECK(info::mutual_information({x}, {y}, skip) == 1.0);
  // Alone, Y is complete, so all 5 rows count: H(2/5, 3/5).
  CHECK(info::entropy({y}, skip) == Approx(0.9709505944546686).epsilon(1e-12));
  data::Dataset ds("embedded:test");
  ds.add(data::Column::categorical("a", {0, 1, 0, 1}, {"u", "v"}));
  ds.add(data::Column::categorical("b", {0, 1, 0, 1}, {"u", "v"}));
  ds.add(data::Column::numeric("n", {1.0, 2.0, 3.0, 4.0}));
  CHECK(info::mutual_information(ds, {"a"}, {"b"}) == 1.0);
  CHECK(info::conditional_mutual_information(ds, {"a"}, {"b"}, {}) == 1.0);
  CHECK_THROWS_AS(info::mutual_information(ds, {"a"}, {"n"}), InputError);
}
