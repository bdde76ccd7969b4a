#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "fairness/bootstrap_ci.hpp"
#include "fairness/group_fairness.hpp"
#include "fairness/group_fairness_flat.hpp"

using namespace adm;
using namespace adm::fairness;

TEST_CASE("flat report: names match values and round-trip with NaNs", "[fairness]") {
  // Group 2 has no positives (TPR NaN); three groups.
  const std::vector<std::int32_t> y{1, 0, 1, 0, 0, 0, 1, 1};
  const std::vector<std::int32_t> p{1, 0, 0, 1, 1, 0, 1, 0};
  const std::vector<std::int32_t> g{0, 0, 0, 1, 2, 2, 1, 1};
  const FairnessReport r = evaluate(FairnessInputs{y, p, g});
  const auto v = to_vector(r);
  const auto names = metric_names(3);
  REQUIRE(v.size() == names.size());
  REQUIRE(v.size() == flat_size(3));
  CHECK(names[0] == "groups");
  CHECK(v[0] == 3);
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == "group[2].tpr")
      CHECK(std::isnan(v[i]));
    else if (names[i] == "eodds.value")
      CHECK(v[i] == r.eodds.value);
    else if (names[i] == "di.ratio_vs_reference[2]")
      CHECK(v[i] == r.di.ratio_vs_reference[2]);
  const auto back = to_vector(from_vector(v));
  REQUIRE(back.size() == v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    INFO(names[i]);
    if (std::isnan(v[i]))
      CHECK(std::isnan(back[i]));
    else
      CHECK(back[i] == v[i]);
  }
  CHECK_THROWS_AS(from_vector(std::vector<double>(v.begin(), v.end() - 1)), InputError);
}

TEST_CASE("bootstrap percentile intervals ignore NaN replicates", "[fairness]") {
  // Metric 0: 0..100 (101 values) -> 90 % interval [5, 95] exactly (h = 100 p).
  // Metric 1: 1, 2, 3, 4 then NaNs -> at level 0.5, p = 0.25, 0.75: h = 0.75, 2.25 -> 1.75, 3.25.
  // Metric 2: always NaN -> NaN interval, used = 0.
  const double nan = std::nan("");
  std::vector<std::vector<double>> reps;
  for (int i = 0; i <= 100; ++i) reps.push_back({100.0 - i, i < 4 ? i + 1.0 : nan, nan});
  const auto ci90 = bootstrap_ci(reps, 0.9);
  REQUIRE(ci90.size() == 3);
  CHECK(ci90[0].lower == Approx(5.0));
  CHECK(ci90[0].upper == Approx(95.0));
  CHECK(ci90[0].used == 101);
  const auto ci50 = bootstrap_ci(reps, 0.5);
  CHECK(ci50[1].lower == Approx(1.75));
  CHECK(ci50[1].upper == Approx(3.25));
  CHECK(ci50[1].used == 4);
  CHECK(std::isnan(ci50[2].lower));
  CHECK(std::isnan(ci50[2].upper));
  CHECK(ci50[2].used == 0);
  CHECK_THROWS_AS(bootstrap_ci(reps, 1.0), InputError);
  reps.push_back({1.0});
  CHECK_THROWS_AS(bootstrap_ci(reps, 0.9), InputError);
  CHECK(sorted_quantile({7.0}, 0.3) == 7.0);
}

TEST_CASE("percentile intervals need enough replicates for their level", "[fairness]") {
  using adm::fairness::min_interval_replicates;
  using adm::fairness::too_few_replicates;
  CHECK(min_interval_replicates(0.95) == 41);
  CHECK(min_interval_replicates(0.9) == 21);
  CHECK(min_interval_replicates(0.99) == 201);
  CHECK(min_interval_replicates(0.5) == 5);
  CHECK(too_few_replicates(0, 0.95).empty());
  CHECK(too_few_replicates(41, 0.95).empty());
  CHECK(too_few_replicates(40, 0.95) ==
        "a 95 % percentile interval needs at least 41 replicates (got 40), else its ends are the "
        "extreme replicates; use 0 for no intervals");
  CHECK_FALSE(too_few_replicates(1, 0.95).empty());
}
