#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/rng.hpp"

using adm::Rng;

TEST_CASE("rng streams depend on seed, name and index only", "[core][rng]") {
  Rng a(42, "bootstrap", 7), b(42, "bootstrap", 7), c(42, "bootstrap", 8), d(42, "folds", 7);
  const auto x = a.next_u64();
  CHECK(x == b.next_u64());
  CHECK(x != c.next_u64());
  CHECK(x != d.next_u64());
  CHECK(Rng(43, "bootstrap", 7).next_u64() != x);
}

TEST_CASE("rng distributions have the right moments", "[core][rng]") {
  Rng r(1, "moments");
  const int n = 200000;
  double su = 0, sn = 0, sn2 = 0;
  std::vector<int> counts(5, 0);
  for (int i = 0; i < n; ++i) {
    const double u = r.uniform();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
    su += u;
    const double z = r.normal();
    sn += z;
    sn2 += z * z;
    counts[r.uniform_index(5)]++;
  }
  CHECK(su / n == Approx(0.5).margin(0.005));
  CHECK(sn / n == Approx(0.0).margin(0.01));
  CHECK(sn2 / n == Approx(1.0).margin(0.02));
  for (int c : counts) CHECK(c / double(n) == Approx(0.2).margin(0.005));
}

TEST_CASE("categorical draws follow the weights and skip zeros", "[core][rng]") {
  Rng r(5, "cat");
  const std::vector<double> w = {0.0, 1.0, 3.0, 0.0};
  std::vector<int> counts(4, 0);
  for (int i = 0; i < 40000; ++i) counts[r.categorical(w)]++;
  CHECK(counts[0] == 0);
  CHECK(counts[3] == 0);
  CHECK(counts[2] / 40000.0 == Approx(0.75).margin(0.01));
  CHECK_THROWS(r.categorical(std::vector<double>{0.0, 0.0}));
  CHECK_THROWS(r.uniform_index(0));
}
