#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/rng.hpp"
#include "data/split.hpp"
#include "fairness/group_rates.hpp"

using namespace adm;
using namespace adm::fairness;

namespace {

// Bitwise equality of two tallies, NaN rates included.
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
void require_same(const GroupRates& a, const GroupRates& b) {
  for (auto [x, y] : {std::pair{a.rows, b.rows},
                      {a.tp, b.tp},
                      {a.fp, b.fp},
                      {a.tn, b.tn},
                      {a.fn, b.fn},
                      {a.count, b.count},
                      {a.selection_rate, b.selection_rate},
                      {a.tpr, b.tpr},
                      {a.fpr, b.fpr},
                      {a.ppv, b.ppv},
                      {a.npv, b.npv},
                      {a.accuracy, b.accuracy}})
    REQUIRE(same_bits(x, y));
}

// Random rows: `groups` groups (the last one absent, so a replicate has an empty group), some
// missing codes, optional weights.
struct RandomRows {
  std::vector<std::int32_t> y, p, g;
  std::vector<double> w;
  RandomRows(std::size_t n, std::size_t groups, bool weighted, Rng& rng) {
    for (std::size_t i = 0; i < n; ++i) {
      y.push_back(rng.uniform() < 0.4 ? 1 : 0);
      p.push_back(rng.uniform() < 0.5 ? 1 : 0);
      g.push_back(static_cast<std::int32_t>(rng.uniform_index(groups - 1)));
      if (rng.uniform() < 0.03) (rng.uniform() < 0.5 ? y : g).back() = -1;
      if (weighted) w.push_back(0.1 + 3 * rng.uniform());
    }
  }
};

}  // namespace

TEST_CASE("replicate tallies from multiplicities equal tallies of the sorted sample, bit for bit",
          "[fairness][bootstrap]") {
  for (bool weighted : {false, true}) {
    Rng data_rng(7, "test.rows");
    RandomRows rows(3000, 4, weighted, data_rng);
    FairnessInputs in{rows.y, rows.p, rows.g, rows.w, 4, true};
    const ReplicateTally replicate(in);
    for (std::uint64_t b = 0; b < 5; ++b) {
      Rng a(11, "test.boot", b),
          c(11, "test.boot", b);  // the same draws, as a list and as multiplicities
      const auto sample = data::bootstrap_sample(rows.y.size(), a);
      const auto times = data::bootstrap_counts(rows.y.size(), c);
      const GroupTally want = tally_groups(in, sample);
      const GroupTally got = replicate(times);
      REQUIRE(got.groups == want.groups);
      REQUIRE(got.rows_used == want.rows_used);
      REQUIRE(got.rows_skipped == want.rows_skipped);
      REQUIRE(got.rows_skipped > 0);
      REQUIRE(same_bits(got.total_weight, want.total_weight));
      require_same(got.overall, want.overall);
      for (std::size_t k = 0; k < want.groups; ++k)
        require_same(got.per_group[k], want.per_group[k]);
      REQUIRE(got.per_group[3].count == 0);  // the absent group: NaN rates, as in tally_groups
    }
  }
}

TEST_CASE("replicate tallies validate every row once, at construction", "[fairness][bootstrap]") {
  std::vector<std::int32_t> y{1, 0, -1}, p{1, 1, 0}, g{0, 1, 1};
  FairnessInputs in{y, p, g, {}, 2, false};
  REQUIRE_THROWS(ReplicateTally(in));  // a missing outcome where missing rows are not allowed
  in.skip_missing = true;
  const ReplicateTally replicate(in);
  const std::vector<std::uint32_t> times{2, 0, 1};
  const auto t = replicate(times);
  REQUIRE(t.rows_used == 2);
  REQUIRE(t.rows_skipped == 1);
  REQUIRE(t.per_group[0].tp == 2);
  REQUIRE_THROWS(replicate(std::vector<std::uint32_t>{1, 1}));
}
