#include <algorithm>
#include <catch2/catch.hpp>
#include <limits>
#include <vector>

#include "core/rng.hpp"
#include "core/score_sort.hpp"

using namespace adm;

TEST_CASE("score sort: descending and stable, as std::stable_sort", "[core]") {
  Rng rng(1, "score_sort");
  for (const std::size_t n : {0u, 1u, 2u, 17u, 1000u, 70000u}) {
    std::vector<ScoredIndex> items;
    for (std::size_t i = 0; i < n; ++i) {
      // Duplicates, zeros (both signs), subnormals, and scores of very different magnitudes.
      double s = 0;
      switch (rng.uniform_index(6)) {
        case 0:
          s = 0.0;
          break;
        case 1:
          s = -0.0;
          break;
        case 2:
          s = std::numeric_limits<double>::denorm_min() * double(rng.uniform_index(4));
          break;
        case 3:
          s = double(rng.uniform_index(5)) / 4;
          break;
        case 4:
          s = rng.uniform() * 1e300;
          break;
        default:
          s = rng.uniform();
          break;
      }
      items.push_back({s, static_cast<std::uint32_t>(i)});
    }
    auto expected = items;
    std::stable_sort(expected.begin(), expected.end(),
                     [](const ScoredIndex& a, const ScoredIndex& b) { return a.score > b.score; });
    sort_by_descending_score(items);
    REQUIRE(items.size() == expected.size());
    for (std::size_t i = 0; i < n; ++i) {
      INFO("n " << n << " at " << i);
      CHECK(items[i].index == expected[i].index);
    }
  }
}

// A top-k list's scores often share their top 20 or more bits: the digits they share are skipped,
// and the ones below them must still order everything.
TEST_CASE("score sort: scores that share their high bits", "[core]") {
  Rng rng(2, "score_sort.narrow");
  for (const double spread : {1e-3, 1e-9, 1e-14}) {
    std::vector<ScoredIndex> items;
    for (std::uint32_t i = 0; i < 50000; ++i)
      items.push_back({0.28 + spread * double(rng.uniform_index(30000)), i});
    auto expected = items;
    std::stable_sort(expected.begin(), expected.end(),
                     [](const ScoredIndex& a, const ScoredIndex& b) { return a.score > b.score; });
    sort_by_descending_score(items);
    bool same = true;
    for (std::size_t i = 0; i < items.size(); ++i)
      same = same && items[i].index == expected[i].index;
    INFO("spread " << spread);
    CHECK(same);
  }
}
