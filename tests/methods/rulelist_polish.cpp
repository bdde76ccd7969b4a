#include <catch2/catch.hpp>

#include "methods/rulelist/polish.hpp"
#include "rulelist_brute_force.hpp"

using namespace adm;
using namespace adm::methods::rulelist;

namespace {

// Every list one move from `rules` (delete, swap neighbours, replace, insert), written out here
// independently of polish.cpp's enumeration.
std::vector<std::vector<std::uint16_t>> neighbours(const std::vector<std::uint16_t>& rules,
                                                   std::size_t rule_count, std::size_t max_length) {
  std::vector<std::vector<std::uint16_t>> out;
  const std::size_t k = rules.size();
  for (std::size_t i = 0; i < k; ++i) {
    auto v = rules;
    v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
    out.push_back(v);
    if (i + 1 < k) {
      v = rules;
      std::swap(v[i], v[i + 1]);
      out.push_back(v);
    }
  }
  for (std::uint16_t r = 0; r < rule_count; ++r) {
    if (std::find(rules.begin(), rules.end(), r) != rules.end()) continue;
    for (std::size_t i = 0; i < k; ++i) {
      auto v = rules;
      v[i] = r;
      out.push_back(v);
    }
    for (std::size_t i = 0; i <= k && (max_length == 0 || k < max_length); ++i) {
      auto v = rules;
      v.insert(v.begin() + static_cast<std::ptrdiff_t>(i), r);
      out.push_back(v);
    }
  }
  return out;
}

Incumbent incumbent_of(const test::BruteScore& s) { return {true, s.list, s.objective, 0.0}; }

}  // namespace

TEST_CASE("rulelist polish: a fair local optimum no worse than its start, by brute force",
          "[rulelist][polish]") {
  std::size_t moved = 0, cases = 0, below_start = 0;
  for (std::uint64_t seed : {11, 12, 13, 14}) {
    const std::size_t groups = seed % 2 ? 2 : 3;
    const RuleSet set = test::random_rule_set(seed, 90, 9, groups);
    for (double lambda : {0.0, 0.01, 0.03})
      for (int c = 0; c < 3; ++c) {
        SearchOptions options;
        options.regularization = lambda;
        options.max_length = c == 2 ? 2 : 0;
        if (c > 0)
          options.fairness = {true, c == 1 ? fairness::GapMetric::SP : fairness::GapMetric::EOpp,
                              0.9, false};
        // Start: the empty list (fair under SP and EOpp: one prediction for everyone) and a
        // two-rule list when it is fair.
        std::vector<std::vector<std::uint16_t>> starts{{}, {3, 1}};
        for (const auto& rules : starts) {
          const auto start = test::brute_score(set, rules, lambda, options.fairness);
          if (!start.fair) continue;
          ++cases;
          const PolishResult p = polish(set, options, incumbent_of(start), 0);
          REQUIRE(p.local_optimum);
          REQUIRE(p.best.found);
          // Its figures are the list's own, recomputed row by row.
          const auto again = test::brute_score(set, p.best.list.rules, lambda, options.fairness);
          REQUIRE(again.fair);
          REQUIRE(again.list == p.best.list);
          REQUIRE(again.objective == p.best.objective);
          REQUIRE(p.best.objective <= start.objective);
          if (options.max_length) REQUIRE(p.best.list.length() <= options.max_length);
          if (p.best.objective < start.objective) ++below_start;
          if (p.improvements > 0) ++moved;
          // No list one move away is fair and better in the canonical order.
          for (const auto& n :
               neighbours(p.best.list.rules, set.rules.size(), options.max_length)) {
            const auto s = test::brute_score(set, n, lambda, options.fairness);
            CHECK_FALSE((s.fair &&
                         canonically_better(s.objective, n, p.best.objective, p.best.list.rules)));
          }
          // Never below the optimum (brute force over every list of up to 3 rules, or 2).
          const auto best =
              test::brute_force(set, lambda, options.max_length ? 2 : 3, options.fairness);
          REQUIRE(best.found);
          if (!options.max_length && p.best.list.length() <= 3)
            REQUIRE(p.best.objective >= best.objective);
          // From the optimum nothing moves.
          const PolishResult still = polish(set, options, {true, best.list, best.objective, 0}, 0);
          if (options.max_length || best.list.length() < 3) {
            REQUIRE(still.improvements == 0);
            REQUIRE(still.best.list == best.list);
          }
        }
      }
  }
  REQUIRE(cases >= 50);
  REQUIRE(moved > cases / 2);  // the starts are poor: polishing must move most of them
  REQUIRE(below_start > cases / 2);
}

TEST_CASE("rulelist polish: the list budget stops it, and no start is no answer",
          "[rulelist][polish]") {
  const RuleSet set = test::random_rule_set(21, 80, 8, 2);
  SearchOptions options;
  options.regularization = 0.01;
  const auto start = test::brute_score(set, {}, 0.01, options.fairness);
  const PolishResult p = polish(set, options, incumbent_of(start), 5);
  REQUIRE(p.evaluated == 5);
  REQUIRE_FALSE(p.local_optimum);
  REQUIRE(p.best.objective <= start.objective);
  const PolishResult none = polish(set, options, Incumbent{}, 0);
  REQUIRE_FALSE(none.best.found);
  REQUIRE(none.evaluated == 0);
}
