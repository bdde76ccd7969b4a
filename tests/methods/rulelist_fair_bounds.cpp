// The fairness-aware bounds of the rule-list search (issue 14): lower bounds checked against an
// exhaustive enumeration of every way the uncaptured rows can be predicted, hand-derived values,
// and the whole search against the brute force over all rule lists up to length 3 (bound (c), by
// capture class, is tested on its own in rulelist_fair_classes.cpp and switched here).
#include <catch2/catch.hpp>
#include <cmath>

#include "core/rng.hpp"
#include "methods/rulelist/fair_bounds.hpp"
#include "methods/rulelist/permutation_map.hpp"
#include "methods/rulelist/search.hpp"
#include "rulelist_brute_force.hpp"

using namespace adm;
using namespace adm::methods::rulelist;

namespace {

struct Exact {
  double unfairness = std::numeric_limits<double>::infinity();  // least (NaN counted as fair: 0)
  double errors = std::numeric_limits<double>::infinity();      // least among fair points
};

// Every integer point (x1, x0) of every group: the unfairness and errors it gives.
Exact enumerate(const std::vector<GroupCells>& cells, fairness::GapMetric metric, double delta,
                bool accept_undefined) {
  Exact best;
  std::vector<std::uint32_t> x1(cells.size(), 0), x0(cells.size(), 0);
  for (;;) {
    std::vector<fairness::GroupRates> rates(cells.size());
    double errors = 0;
    for (std::size_t g = 0; g < cells.size(); ++g) {
      const auto& c = cells[g];
      auto& r = rates[g];
      r.tp = c.tp + x1[g];
      r.fp = c.fp + x0[g];
      r.fn = c.fn + c.u1 - x1[g];
      r.tn = c.tn + c.u0 - x0[g];
      r.rows = r.count = r.tp + r.fp + r.fn + r.tn;
      fairness::finish_rates(r);
      errors += (c.u1 - x1[g]) + x0[g];
    }
    const double u = fairness::gap(rates, metric).value;
    const bool fair = std::isnan(u) ? accept_undefined : u <= delta;
    if (!std::isnan(u) || accept_undefined)
      best.unfairness = std::min(best.unfairness, std::isnan(u) ? 0.0 : u);
    if (fair) best.errors = std::min(best.errors, errors);
    std::size_t g = 0;  // next point, odometer order
    for (; g < cells.size(); ++g) {
      if (x1[g] < cells[g].u1) {
        ++x1[g];
        break;
      }
      x1[g] = 0;
      if (x0[g] < cells[g].u0) {
        ++x0[g];
        break;
      }
      x0[g] = 0;
    }
    if (g == cells.size()) return best;
  }
}

}  // namespace

TEST_CASE("rulelist fair bounds: never above the exact minimum over every prediction",
          "[rulelist][fair_bounds]") {
  Rng rng(14, "fair-bounds");
  std::size_t cases = 0, unfair_positive = 0, errors_positive = 0, infeasible = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t groups = 2 + trial % 2;
    std::vector<GroupCells> cells(groups);
    for (auto& c : cells) {
      // Small groups, sometimes with empty cells, so undefined rates occur.
      c.tp = static_cast<std::uint32_t>(rng.uniform_index(4));
      c.fp = static_cast<std::uint32_t>(rng.uniform_index(3));
      c.tn = static_cast<std::uint32_t>(rng.uniform_index(4));
      c.fn = static_cast<std::uint32_t>(rng.uniform_index(3));
      c.u1 = static_cast<std::uint32_t>(rng.uniform_index(groups == 2 ? 5 : 3));
      c.u0 = static_cast<std::uint32_t>(rng.uniform_index(groups == 2 ? 5 : 3));
    }
    for (auto metric : fairness::kAllGapMetrics)
      for (bool undefined_ok : {false, true})
        for (double delta : {0.05, 0.2, 0.5}) {
          const Exact exact = enumerate(cells, metric, delta, undefined_ok);
          const double lb_u = min_unfairness(cells, metric, undefined_ok);
          INFO("trial " << trial << " metric " << fairness::to_string(metric) << " delta " << delta
                        << " undefined ok " << undefined_ok);
          ++cases;
          CHECK(lb_u <= exact.unfairness + 1e-12);
          unfair_positive += lb_u > 0 && std::isfinite(lb_u);
          // The search asks "bound > budget?"; a yes must be true of every fair prediction.
          auto bound = [&](double budget) {
            return min_fair_errors(cells, metric, delta + 1e-9, undefined_ok, budget);
          };
          for (double budget : {0.5, 1.5, 2.5, 4.5, 1e9, std::numeric_limits<double>::infinity()})
            if (bound(budget) > budget) CHECK(exact.errors > budget);
          if (std::isinf(exact.errors)) {
            infeasible += std::isinf(bound(std::numeric_limits<double>::infinity()));
          } else if (exact.errors >= 1) {
            // How often the relaxation proves the exact count to within one error.
            errors_positive += bound(exact.errors - 1.5) > exact.errors - 1.5;
          }
        }
  }
  CHECK(cases == 400 * 6 * 2 * 3);
  // The bounds are not trivially 0: they say something in many cases.
  CHECK(unfair_positive > 500);
  CHECK(errors_positive > 500);
  CHECK(infeasible > 10);
}

TEST_CASE("rulelist fair bounds: hand-derived values", "[rulelist][fair_bounds]") {
  using fairness::GapMetric;
  // Group a: 10 rows captured and predicted positive (rate >= 10/20); group b: 10 rows captured
  // and predicted negative (rate <= 10/20). Uncaptured: a 6 positives 4 negatives, b 2 + 8.
  std::vector<GroupCells> cells{{6, 4, 0, 0, 6, 4}, {0, 0, 8, 2, 2, 8}};
  // SP: a's rate in [0.5, 1], b's in [0, 0.5]: they can meet at 0.5.
  CHECK(min_unfairness(cells, GapMetric::SP, false) == 0.0);
  // Ideal rates: a (10 + 6) / 20 = 0.8, b 2 / 20 = 0.1. Within 0.1 of each other at the least
  // cost: each unit of rate costs 20 errors in either group; the gap 0.7 must shrink by 0.6,
  // i.e. 12 rows of a or b predicted the other way.
  auto sp = [&](double budget) {
    return min_fair_errors(cells, GapMetric::SP, 0.1 + 1e-9, false, budget);
  };
  CHECK(sp(11.9) > 11.9);
  CHECK(sp(12.0 + 1e-6) <= 12.0 + 1e-6);
  // Fixed captured part: a's rate >= 0.5 + 0.2, b's <= 0.3 -> gap >= 0.4.
  std::vector<GroupCells> fixed{{10, 4, 0, 0, 2, 4}, {0, 0, 10, 4, 2, 4}};
  CHECK(min_unfairness(fixed, GapMetric::SP, false) == Approx(14.0 / 20 - 6.0 / 20));
  CHECK(std::isinf(min_fair_errors(fixed, GapMetric::SP, 0.3, false, 1e9)));
  // EOpp: TPR a in [6/12, 1], b in [0, 2/4]; the ideal TPRs are their maxima 1 and 0.5, so a
  // must come down to 0.6: 12 * 0.4 = 4.8 positives of a predicted negative.
  auto eopp = [&](double budget) {
    return min_fair_errors(cells, GapMetric::EOpp, 0.1 + 1e-9, false, budget);
  };
  CHECK(eopp(4.7) > 4.7);
  CHECK(eopp(4.8 + 1e-6) <= 4.8 + 1e-6);
}

namespace {

std::vector<FairnessConstraint> all_metric_constraints(bool loose) {
  std::vector<FairnessConstraint> v;
  for (auto metric : fairness::kAllGapMetrics) {
    const bool two_rates =
        metric == fairness::GapMetric::EOdds || metric == fairness::GapMetric::CUAE;
    const double eps = (loose ? 0.8 : 0.9) - (two_rates ? 0.1 : 0.0);
    v.push_back({true, metric, eps, metric == fairness::GapMetric::PP});
  }
  return v;
}

}  // namespace

TEST_CASE("rulelist fair bounds: branch-and-bound with each bound on and off equals brute force",
          "[rulelist][fair_bounds]") {
  // Bfs + best_first_after: the queue turns best-first by its stored (float) bounds mid-search.
  const Strategy strategies[] = {Strategy::Curiosity, Strategy::Bfs, Strategy::Dfs,
                                 Strategy::BfsObjective};
  std::size_t cases = 0, pruned_u = 0, pruned_e = 0, pruned_p = 0, pruned_c = 0, fewer = 0,
              fair_differs = 0;
  for (std::uint64_t seed : {1, 2, 3, 4, 5, 6}) {
    const std::size_t groups = seed % 2 == 0 ? 3 : 2;
    const RuleSet set = test::random_rule_set(seed, 70, 8, groups);
    for (double lambda : {0.0, 0.012, 0.04}) {
      const auto unconstrained = test::brute_force(set, lambda, 3, FairnessConstraint{});
      for (bool loose : {false, true})
        for (const auto& fair : all_metric_constraints(loose)) {
          const auto expect = test::brute_force(set, lambda, 3, fair);
          if (expect.found && !(expect.list == unconstrained.list)) ++fair_differs;
          for (Strategy strategy : strategies) {
            std::uint64_t expanded_off = 0;
            for (int mask = 0; mask < 16; ++mask) {
              SearchOptions o;
              o.regularization = lambda;
              o.max_length = 3;
              o.strategy = strategy;
              if (strategy == Strategy::BfsObjective) o.best_first_after = 3;
              o.fairness = fair;
              o.bounds.fair_unfairness = (mask & 1) != 0;
              o.bounds.fair_errors = (mask & 2) != 0;
              o.bounds.fair_permutation_map = (mask & 4) != 0;
              o.bounds.fair_classes = (mask & 8) != 0;
              const auto got = run_serial(set, o);
              INFO("seed " << seed << " lambda " << lambda << " metric "
                           << fairness::to_string(fair.metric) << " epsilon " << fair.epsilon
                           << " strategy " << to_string(strategy) << " mask " << mask);
              ++cases;
              REQUIRE(got.complete);
              REQUIRE(got.best.found == expect.found);
              if (expect.found) {
                CHECK(got.best.objective == expect.objective);
                CHECK(encode(got.best.list) == encode(expect.list));
              }
              pruned_u += got.stats.pruned_fair_unfairness;
              pruned_e += got.stats.pruned_fair_errors;
              if (mask & 4) pruned_p += got.stats.pruned_permutation;
              pruned_c += got.stats.pruned_fair_classes;
              if (mask == 0) expanded_off = got.stats.expanded;
              if (mask == 15) fewer += got.stats.expanded < expanded_off;
            }
          }
        }
    }
  }
  CHECK(cases == 6 * 3 * 2 * 6 * 4 * 16);
  CHECK(fair_differs > 10);  // the constraints change the optimum
  CHECK(pruned_u > 0);       // both bounds prune, and the search expands fewer prefixes
  CHECK(pruned_e > 0);
  CHECK(pruned_p > 0);
  CHECK(pruned_c > 0);
  CHECK(fewer > 20);
}

TEST_CASE("rulelist fair bounds: longer lists, fewer prefixes, same optimum",
          "[rulelist][fair_bounds]") {
  const RuleSet set = test::random_rule_set(21, 200, 10, 2);
  for (auto metric : fairness::kAllGapMetrics) {
    SearchOptions on;
    on.regularization = 0.01;
    on.max_length = 5;
    on.strategy = Strategy::LowerBound;
    on.fairness = {true, metric, 0.95, false};
    SearchOptions off = on;
    off.bounds.fair_unfairness = off.bounds.fair_errors = off.bounds.fair_permutation_map =
        off.bounds.fair_classes = false;
    const auto a = run_serial(set, on), b = run_serial(set, off);
    INFO("metric " << fairness::to_string(metric));
    REQUIRE(a.complete);
    REQUIRE(b.complete);
    REQUIRE(a.best.found == b.best.found);
    if (!a.best.found) continue;
    CHECK(a.best.objective == b.best.objective);
    CHECK(encode(a.best.list) == encode(b.best.list));
    CHECK(a.stats.expanded <= b.stats.expanded);
  }
}

TEST_CASE("rulelist permutation map: a prefix given back is kept; the key suffix separates",
          "[rulelist][fair_bounds]") {
  PermutationMap map;
  const std::vector<std::uint16_t> a{3, 4, 5}, b{3, 5, 4};
  CHECK(map.admit(b, 10));
  CHECK(map.admit(a, 10));  // same errors, smaller order: replaces b
  CHECK_FALSE(map.is_best(b, 10));
  CHECK(map.admit(a, 10));  // a again (given away and back): still admitted
  CHECK_FALSE(map.admit(b, 10));
  // Under a constraint the groups' counts are part of the key: b with other counts is not
  // compared with a.
  CHECK(map.admit(b, 12, "x"));
  CHECK(map.is_best(b, 12, "x"));
  CHECK(map.is_best(a, 10));
}

TEST_CASE("rulelist fair bounds: a stopped search's lower bound stays below the fair optimum",
          "[rulelist][fair_bounds]") {
  const RuleSet set = test::random_rule_set(23, 200, 10, 3);
  std::size_t above_naive = 0, rose = 0;
  for (auto metric : fairness::kAllGapMetrics)
    for (Strategy strategy : {Strategy::Curiosity, Strategy::BfsObjective, Strategy::LowerBound}) {
      SearchOptions o;
      o.regularization = 0.01;
      o.max_length = 5;
      o.strategy = strategy;
      o.fairness = {true, metric, 0.9, false};
      const auto full = run_serial(set, o);
      REQUIRE(full.complete);
      double previous = 0.0;
      for (std::uint64_t nodes : {1, 5, 20, 80}) {
        const auto stopped = run_serial(set, o, nodes);
        if (stopped.complete) continue;
        INFO("metric " << fairness::to_string(metric) << " strategy " << to_string(strategy)
                       << " nodes " << nodes);
        const double lb = lower_bound(stopped, o);
        CHECK(lb <= (full.best.found ? full.best.objective : lb));
        // Every queued prefix keeps its strengthened bound whatever the order, and a prefix's
        // children are bounded at least as high as it was: more work never lowers the bound.
        CHECK(stopped.open_bound >= previous);
        rose += stopped.open_bound > previous;
        previous = stopped.open_bound;
        // The same stop with the equivalent-points and fairness bounds off: the plain bound.
        SearchOptions plain = o;
        plain.bounds.equivalent_points = plain.bounds.fair_unfairness = plain.bounds.fair_errors =
            plain.bounds.fair_permutation_map = plain.bounds.fair_classes = false;
        const auto weak = run_serial(set, plain, nodes);
        above_naive += stopped.open_bound > weak.open_bound;
      }
    }
  CHECK(above_naive > 0);
  CHECK(rose > 0);
}

TEST_CASE("rulelist queue: every entry keeps its bound, rounded down; best-first on demand",
          "[rulelist][fair_bounds]") {
  for (Strategy strategy : {Strategy::Curiosity, Strategy::BfsObjective, Strategy::Dfs}) {
    PrefixQueue q(strategy);
    // Bounds a float cannot hold exactly: the kept one is the float just below.
    const double bounds[] = {0.3000000001, 0.1, 0.2 + 1e-12, 0.45};
    for (std::uint32_t i = 0; i < 4; ++i)
      q.push(i, static_cast<std::uint8_t>(1 + i % 2), bounds[i], 0.5 - 0.1 * i, 0.5);
    for (const auto& e : q.entries()) {
      CHECK(q.lower_bound_of(e) <= bounds[e.node]);
      CHECK(q.lower_bound_of(e) > bounds[e.node] - 1e-7);
    }
    q.turn_best_first();
    CHECK(q.strategy() == Strategy::LowerBound);
    // Now by bound: 0.1, 0.2, 0.3, 0.45.
    std::vector<std::uint32_t> order;
    while (!q.empty()) order.push_back(q.pop().node);
    CHECK(order == std::vector<std::uint32_t>{1, 2, 0, 3});
  }
}
