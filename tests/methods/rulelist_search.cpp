#include <catch2/catch.hpp>
#include <cmath>

#include "methods/rulelist/search.hpp"
#include "rulelist_brute_force.hpp"

using namespace adm;
using namespace adm::methods::rulelist;

namespace {

const Strategy kStrategies[] = {Strategy::Bfs,       Strategy::BfsObjective, Strategy::LowerBound,
                                Strategy::Curiosity, Strategy::Objective,    Strategy::Dfs};

// All bounds on, each one off in turn, all off.
std::vector<std::pair<std::string, Bounds>> bound_variants() {
  std::vector<std::pair<std::string, Bounds>> v{{"all", Bounds{}}};
  const char* names[] = {"hierarchical", "lookahead",  "support",
                         "accurate",     "equivalent", "permutation"};
  for (int i = 0; i < 6; ++i) {
    Bounds b;
    bool* flags[] = {&b.hierarchical,     &b.lookahead,         &b.support,
                     &b.accurate_support, &b.equivalent_points, &b.permutation_map};
    *flags[i] = false;
    v.emplace_back(std::string("no ") + names[i], b);
  }
  v.emplace_back("none", Bounds{false, false, false, false, false, false});
  return v;
}

std::vector<FairnessConstraint> constraints() {
  FairnessConstraint none;
  FairnessConstraint sp{true, fairness::GapMetric::SP, 0.9, false};
  FairnessConstraint eodds{true, fairness::GapMetric::EOdds, 0.85, false};
  FairnessConstraint pp{true, fairness::GapMetric::PP, 0.8, true};
  return {none, sp, eodds, pp};
}

}  // namespace

TEST_CASE("rulelist: branch-and-bound equals brute force up to length 3", "[rulelist]") {
  std::size_t fair_differs = 0, cases = 0;
  for (std::uint64_t seed : {1, 2, 3, 4, 5, 6}) {
    const std::size_t groups = seed % 3 == 0 ? 3 : 2;  // a three-valued sensitive attribute too
    const RuleSet set = test::random_rule_set(seed, 70, 8, groups);
    for (double lambda : {0.0, 0.012, 0.04, 0.08}) {
      const auto unconstrained = test::brute_force(set, lambda, 3, FairnessConstraint{});
      for (const auto& fair : constraints()) {
        const auto expect = test::brute_force(set, lambda, 3, fair);
        REQUIRE(expect.lists == 1 + 8 + 56 + 336);
        if (expect.found && !(expect.list == unconstrained.list)) ++fair_differs;
        for (Strategy strategy : kStrategies)
          for (const auto& [name, bounds] : bound_variants()) {
            for (bool unsafe : {false, true}) {
              if (unsafe && !fair.active) continue;
              SearchOptions o;
              o.regularization = lambda;
              o.max_length = 3;
              o.strategy = strategy;
              o.bounds = bounds;
              o.fairness = fair;
              o.fair_unsafe_bounds = unsafe;
              const auto got = run_serial(set, o);
              INFO("seed " << seed << " lambda " << lambda << " metric "
                           << fairness::to_string(fair.metric) << " active " << fair.active
                           << " strategy " << to_string(strategy) << " bounds " << name);
              ++cases;
              REQUIRE(got.complete);
              REQUIRE(got.best.found == expect.found);
              if (!expect.found) continue;
              // The replacement bounds are unsafe under a constraint: only their objective can
              // be checked against the brute force, as an upper bound.
              if (unsafe) {
                CHECK(got.best.objective >= expect.objective);
                continue;
              }
              CHECK(got.best.objective == expect.objective);
              CHECK(encode(got.best.list) == encode(expect.list));
            }
          }
      }
    }
  }
  CHECK(cases > 1000);
  CHECK(fair_differs > 3);  // the constraints really change the optimum
}

TEST_CASE("rulelist: bounds prune and the optimum is unchanged without a length limit",
          "[rulelist]") {
  const RuleSet set = test::random_rule_set(11, 200, 12, 2);
  SearchOptions all;
  all.regularization = 0.01;
  SearchOptions few = all;
  few.bounds = Bounds{true, false, false, false, false, false};
  const auto a = run_serial(set, all), b = run_serial(set, few);
  REQUIRE(a.complete);
  REQUIRE(b.complete);
  CHECK(a.best.objective == b.best.objective);
  CHECK(encode(a.best.list) == encode(b.best.list));
  CHECK(a.stats.expanded < b.stats.expanded);
  CHECK(a.stats.pruned_support + a.stats.pruned_equivalent + a.stats.pruned_permutation > 0);
  // The objective reported is that of the list evaluated from scratch.
  const auto e = evaluate(set, a.best.list, all.regularization);
  CHECK(e.objective == a.best.objective);
}

TEST_CASE("rulelist: begin/step/end resumes to the same answer", "[rulelist]") {
  const RuleSet set = test::random_rule_set(5, 150, 10, 2);
  SearchOptions o;
  o.regularization = 0.005;
  o.strategy = Strategy::Bfs;
  const auto whole = run_serial(set, o);
  RulelistSearch s(set, o);
  s.start();
  std::size_t calls = 0;
  while (!s.done()) s.step(3), ++calls;
  CHECK(calls > 5);
  const auto r = s.result();
  CHECK(r.complete);
  CHECK(encode(r.best.list) == encode(whole.best.list));
  CHECK(r.stats.expanded == whole.stats.expanded);
  // A node budget stops early and says so.
  const auto cut = run_serial(set, o, 5);
  CHECK_FALSE(cut.complete);
}

TEST_CASE("rulelist: frontier split over simulated ranks keeps the optimum", "[rulelist]") {
  // Serial stand-in for frontier_search: rounds of steps, shared threshold, work handed from the
  // busiest to idle searches, findings merged.
  for (std::uint64_t seed : {21, 22}) {
    const RuleSet set = test::random_rule_set(seed, 120, 10, 3);
    for (const auto& fair : constraints()) {
      SearchOptions o;
      o.regularization = 0.008;
      o.max_length = 4;
      o.fairness = fair;
      const auto serial = run_serial(set, o);
      for (std::size_t ranks : {2, 4}) {
        std::vector<std::unique_ptr<RulelistSearch>> s;
        for (std::size_t r = 0; r < ranks; ++r)
          s.push_back(std::make_unique<RulelistSearch>(set, o));
        s[0]->start();
        for (int round = 0; round < 100000; ++round) {
          bool any = false;
          for (auto& x : s) x->step(2), any = any || !x->done();
          double t = s[0]->threshold();
          for (auto& x : s) t = std::min(t, x->threshold());
          for (auto& x : s) x->tighten(t);
          for (auto& x : s)
            if (x->done())
              for (auto& y : s)
                if (y->frontier_size() > 1) {
                  x->take(y->give(y->frontier_size() / 2));
                  break;
                }
          if (!any) break;
        }
        std::vector<std::string> f;
        for (auto& x : s) f.push_back(x->findings());
        const auto merged = merge_findings(f);
        INFO("seed " << seed << " ranks " << ranks << " metric " << fair.active);
        CHECK(merged.complete);
        CHECK(merged.best.objective == serial.best.objective);
        CHECK(encode(merged.best.list) == encode(serial.best.list));
      }
    }
  }
}
