// Bound (c) of the rule-list search (fair_classes.hpp): the fewest errors of a fair completion with
// the uncaptured rows predicted by capture class, checked against an exhaustive enumeration of
// every way to predict the uncaptured classes, against the row-wise bound (b), and on hand-derived
// values.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/rng.hpp"
#include "methods/rulelist/fair_classes.hpp"
#include "methods/rulelist/fair_prune.hpp"
#include "rulelist_brute_force.hpp"

using namespace adm;
using namespace adm::methods::rulelist;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The least errors on the rows `captured` leaves, over every prediction of each uncaptured class
// (one value per class) whose list is fair; rows' own predictions are in `positive` when captured.
double exact_fair_errors(const RuleSet& set, const Bits& captured, const Bits& positive,
                         fairness::GapMetric metric, double delta) {
  const auto id = capture_classes(set.rules, set.rows);
  std::vector<std::uint32_t> open;  // uncaptured classes
  for (std::size_t row = 0; row < set.rows; ++row)
    if (!captured.get(row) && std::find(open.begin(), open.end(), id[row]) == open.end())
      open.push_back(id[row]);
  REQUIRE(open.size() <= 16);
  double best = kInf;
  for (std::uint32_t pick = 0; pick < (1U << open.size()); ++pick) {
    std::vector<fairness::GroupRates> rates(set.groups.size());
    double errors = 0;
    for (std::size_t row = 0; row < set.rows; ++row) {
      bool pred = positive.get(row);
      if (!captured.get(row)) {
        const auto at = std::find(open.begin(), open.end(), id[row]) - open.begin();
        pred = (pick >> at) & 1U;
        errors += pred != set.labels.get(row);
      }
      for (std::size_t g = 0; g < set.groups.size(); ++g) {
        if (!set.groups[g].get(row)) continue;
        auto& r = rates[g];
        (set.labels.get(row) ? (pred ? r.tp : r.fn) : (pred ? r.fp : r.tn)) += 1;
      }
    }
    for (auto& r : rates) {
      r.rows = r.count = r.tp + r.fp + r.fn + r.tn;
      fairness::finish_rates(r);
    }
    const double u = fairness::gap(rates, metric).value;
    if (!std::isnan(u) && u <= delta) best = std::min(best, errors);
  }
  return best;
}

const fairness::GapMetric kLinear[] = {fairness::GapMetric::SP, fairness::GapMetric::PE,
                                       fairness::GapMetric::EOpp, fairness::GapMetric::EOdds};

}  // namespace

TEST_CASE("rulelist class bound: never above the exact minimum over every class prediction",
          "[rulelist][fair_bounds][fair_classes]") {
  Rng rng(14, "fair-classes");
  std::size_t cases = 0, above_rows = 0, above_minority = 0, tight = 0, infeasible = 0,
              joint_above = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const std::size_t groups = 2 + seed % 2;
    // 5 rules over 40 rows: at most 32 classes, fewer left uncaptured by a prefix.
    const RuleSet set = test::random_rule_set(seed, 40, 5, groups);
    for (int trial = 0; trial < 6; ++trial) {
      // A random prefix of one or two rules with arbitrary predictions (the bound holds for any).
      std::vector<std::uint16_t> rules{static_cast<std::uint16_t>(rng.uniform_index(5))};
      if (trial % 2) rules.push_back(static_cast<std::uint16_t>((rules[0] + 1 + trial) % 5));
      std::vector<std::uint8_t> preds;
      for (std::size_t i = 0; i < rules.size(); ++i) preds.push_back(rng.bernoulli(0.5));
      Bits captured(set.rows), positive(set.rows), scratch(set.rows);
      capture_rows(set, rules, preds, captured, &positive, scratch);
      for (auto metric : kLinear)
        for (double delta : {0.05, 0.15, 0.3}) {
          SearchOptions o;
          o.fairness = {true, metric, 1.0 - delta, false};
          const FairPrune fair(set, o);
          const ClassBound bound(set, metric);
          std::vector<GroupCells> cells;
          fair.cells(captured, positive, cells);
          ClassState state;
          bound.load(captured, state);
          INFO("seed " << seed << " trial " << trial << " metric " << fairness::to_string(metric)
                       << " delta " << delta);
          ++cases;
          const double exact = exact_fair_errors(set, captured, positive, metric, delta);
          const double lb = bound.min_errors(cells, state, -1, delta + 1e-9, kInf);
          CHECK(lb <= exact + 1e-9);
          if (std::isinf(exact)) {
            infeasible += std::isinf(lb);
            continue;
          }
          tight += lb > exact - 1.0;
          const double rows = min_fair_errors(cells, metric, delta + 1e-9, false, kInf);
          above_rows += lb > rows + 1e-9;
          if (bound.covers_rows()) CHECK(lb >= rows - 1e-9);  // the search then skips (b)
          above_minority += lb > state.minority + 1e-9;
          if (metric == fairness::GapMetric::EOdds) {
            // The joint sides (dTPR +- dFPR) on top of the one-rate ones: never below the larger
            // of the EOpp (TPR) and PE (FPR) bounds where every group has both rates.
            double one_rate = 0;
            for (auto single : {fairness::GapMetric::EOpp, fairness::GapMetric::PE}) {
              const ClassBound b1(set, single);
              ClassState s1;
              b1.load(captured, s1);
              one_rate = std::max(one_rate, b1.min_errors(cells, s1, -1, delta + 1e-9, kInf));
            }
            bool defined = true;
            for (const auto& c : cells)
              defined = defined && c.tp + c.fn + c.u1 > 0 && c.fp + c.tn + c.u0 > 0;
            if (defined) CHECK(lb >= one_rate - 1e-9);
            joint_above += lb > one_rate + 1e-9;
          }
          // With a budget: "bound > budget" must be true of every fair prediction.
          for (double budget : {0.5, 2.5, 5.5, 10.5})
            if (bound.min_errors(cells, state, -1, delta + 1e-9, budget) > budget)
              CHECK(exact > budget);
          // A child (prefix + rule r) bounded from its parent's state = from its own state.
          for (std::uint16_t r = 0; r < 5; ++r) {
            if (std::find(rules.begin(), rules.end(), r) != rules.end()) continue;
            Bits uncaptured = ~captured;
            std::vector<GroupCells> child;
            fair.child_cells(cells, uncaptured, set.rules[r].captures, r % 2 == 0, child);
            Bits ccap = captured, cpos = positive, fresh = set.rules[r].captures;
            fresh.and_not(captured);
            ccap |= fresh;
            if (r % 2 == 0) cpos |= fresh;
            ClassState own;
            bound.load(ccap, own);
            const double via_parent = bound.min_errors(child, state, r, delta + 1e-9, kInf);
            const double direct = bound.min_errors(child, own, -1, delta + 1e-9, kInf);
            CHECK((via_parent == direct || std::fabs(via_parent - direct) < 1e-9));
            CHECK(direct <= exact_fair_errors(set, ccap, cpos, metric, delta) + 1e-9);
          }
        }
    }
  }
  CHECK(cases == 40 * 6 * 4 * 3);
  // Not trivial: above the row-wise bound and the equivalent points often, often exact.
  CHECK(above_rows > 100);
  CHECK(above_minority > 100);
  CHECK(tight > 200);
  CHECK(infeasible > 0);
  INFO("EOdds cases where the joint sides raise the bound: " << joint_above);
  CHECK(joint_above > 0);
}

TEST_CASE("rulelist class bound: hand-derived values", "[rulelist][fair_bounds][fair_classes]") {
  // One rule r0 splits 20 rows into two classes. Class A (r0): 8 rows, 6 positive, group a 6
  // (5 positive) + group b 2 (1 positive). Class B (rest): 12 rows, 4 positive, group a 4
  // (0 positive) + group b 8 (4 positive). Groups: a 10 rows, b 10 rows.
  RuleSet set;
  set.source = "hand";
  set.rows = 20;
  set.labels = Bits(20);
  set.rules.push_back({"r0", Bits(20)});
  std::vector<std::int32_t> codes(20);
  auto row = [&](std::size_t i, bool in_a, bool group_a, bool y) {
    if (in_a) set.rules[0].captures.set(i);
    codes[i] = group_a ? 0 : 1;
    if (y) set.labels.set(i);
  };
  std::size_t i = 0;
  for (int k = 0; k < 5; ++k) row(i++, true, true, true);
  row(i++, true, true, false);
  row(i++, true, false, true);
  row(i++, true, false, false);
  for (int k = 0; k < 4; ++k) row(i++, false, true, false);
  for (int k = 0; k < 4; ++k) row(i++, false, false, true);
  for (int k = 0; k < 4; ++k) row(i++, false, false, false);
  set_groups(set, codes, {"a", "b"});
  set.minority = equivalent_minority(set.rules, set.labels);
  const ClassBound bound(set, fairness::GapMetric::SP);
  CHECK(bound.classes() == 2);
  // Nothing captured. x* = (A positive, B negative): errors 2 + 4 = 6, selection rates a 6/10,
  // b 2/10, gap 0.4. Moving A to negative lowers the gap by 0.6 - 0.2 = 0.4 at 6 - 2 = 4 errors;
  // moving B to positive lowers it by 0.8 - 0.4 = 0.4 at 8 - 4 = 4 errors. To 0.1: 0.3 / 0.4 * 4
  // = 3 more errors; to 0: 4 more.
  SearchOptions o;
  o.fairness = {true, fairness::GapMetric::SP, 0.9, false};
  const FairPrune fair(set, o);
  Bits none(20), positive(20);
  std::vector<GroupCells> cells;
  fair.cells(none, positive, cells);
  ClassState state;
  bound.load(none, state);
  CHECK(state.minority == 6);
  CHECK(bound.min_errors(cells, state, -1, 0.1, kInf) == Approx(9.0));
  CHECK(bound.min_errors(cells, state, -1, 0.5, kInf) == Approx(6.0));
  CHECK(bound.min_errors(cells, state, -1, 0.0, kInf) == Approx(10.0));
  // EOpp: all of a's 5 positives are in A, b has 1 in A and 4 in B: TPR a 1, b 0.2 at x*; either
  // move lowers the gap by 0.8 at 4 errors: to 0.1, 0.7 / 0.8 * 4 = 3.5 more.
  const ClassBound eopp(set, fairness::GapMetric::EOpp);
  ClassState eopp_state;  // a state belongs to its bound (its moves are the bound's)
  eopp.load(none, eopp_state);
  CHECK(eopp.min_errors(cells, eopp_state, -1, 0.1, kInf) == Approx(9.5));
  // Child r0 predicting positive: A captured (2 errors); only B is left, at x* negative: TPR a
  // = 5/5, b = 1/5 + 4/5 x_B, so x_B >= 0.875 costs 0.875 * 4 = 3.5 on top of B's minority 4.
  const double child = eopp.min_errors(
      [&] {
        std::vector<GroupCells> c;
        fair.child_cells(cells, ~none, set.rules[0].captures, true, c);
        return c;
      }(),
      eopp_state, 0, 0.1, kInf);
  CHECK(child == Approx(7.5));
}
