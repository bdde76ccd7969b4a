// Where the lower bound of a fairness-constrained rule-list search is loose (issue 30 item 1):
// the root's class relaxation (bound (c) of fair_classes.hpp) against the best rule lists of each
// length, with and without the constraint, and the two restrictions of the relaxation that were
// candidates for a stronger bound (NOTES.md, "A bound that charges rules"):
//   * rule cover: a list with default v and m more rules predicts not-v only on rows inside the
//     union of m rule supports, so its errors are at least E(v) - cover_m(v), E(v) the errors of
//     predicting v everywhere and cover_m(v) the most margin (|n1 - n0| of the classes whose
//     majority is not v) that m supports cover (exact maximum over rules and pairs);
//   * integrality: each class is predicted whole, so the fairness knapsack is 0/1 (exact dynamic
//     programme over the integer margins; one-rate metrics, two groups).
// Usage: rulelist_bound_gap CONFIG [MAX_LENGTH=4] [SECONDS=60]
//   CONFIG: a rulelist config (its data, rules, lambda, metric and epsilon are used). For each
//   length 1..MAX_LENGTH the best list of at most that many rules is searched best-first for at
//   most SECONDS (certified when "complete 1"), under the constraint and without it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "data/load.hpp"
#include "methods/rulelist/fair_prune.hpp"
#include "methods/rulelist/search.hpp"
#include "pipelines/experiment_config.hpp"
#include "pipelines/rulelist/rulelist_config.hpp"
#include "pipelines/rulelist/rulelist_pipeline.hpp"

namespace {

using namespace adm::methods::rulelist;

struct Classes {
  std::size_t count = 0;
  std::vector<std::uint32_t> id;              // per row
  std::vector<std::size_t> rep;               // a row of each class
  std::vector<double> n0, n1;                 // negatives / positives per class
  std::vector<std::vector<double>> in_group;  // [group][class]: rows counted by the rate
};

// One-rate metrics: which rows a group's rate counts (0 selection, 1 positives, 2 negatives).
int rate_rows(adm::fairness::GapMetric m) {
  using adm::fairness::GapMetric;
  return m == GapMetric::SP ? 0 : m == GapMetric::EOpp ? 1 : m == GapMetric::PE ? 2 : -1;
}

Classes classes_of(const RuleSet& set, int rate) {
  Classes k;
  k.id = capture_classes(set.rules, set.rows, &k.count);
  k.rep.assign(k.count, 0);
  k.n0.assign(k.count, 0);
  k.n1.assign(k.count, 0);
  k.in_group.assign(set.groups.size(), std::vector<double>(k.count, 0));
  for (std::size_t row = set.rows; row-- > 0;) {
    const auto c = k.id[row];
    k.rep[c] = row;
    const bool y = set.labels.get(row);
    (y ? k.n1 : k.n0)[c] += 1;
    const bool counted = rate == 0 || (rate == 1 && y) || (rate == 2 && !y);
    for (std::size_t g = 0; g < set.groups.size(); ++g)
      if (counted && set.groups[g].get(row)) k.in_group[g][c] += 1;
  }
  return k;
}

// The rule-cover restriction for default v: E(v), the margin the default gets wrong, and the
// most of it one rule and two rules cover.
void rule_cover(const RuleSet& set, const Classes& k, int v) {
  std::vector<double> wrong(k.count);
  double ev = 0, total = 0;
  for (std::size_t c = 0; c < k.count; ++c) {
    ev += v ? k.n0[c] : k.n1[c];
    wrong[c] = std::max(0.0, v ? k.n0[c] - k.n1[c] : k.n1[c] - k.n0[c]);
    total += wrong[c];
  }
  const std::size_t rules = set.rules.size();
  std::vector<std::vector<char>> in(rules, std::vector<char>(k.count, 0));
  double one = 0, two = 0;
  for (std::size_t r = 0; r < rules; ++r) {
    double s = 0;
    for (std::size_t c = 0; c < k.count; ++c)
      if (set.rules[r].captures.get(k.rep[c])) s += wrong[c], in[r][c] = 1;
    one = std::max(one, s);
  }
  for (std::size_t a = 0; a < rules; ++a)
    for (std::size_t b = a + 1; b < rules; ++b) {
      double s = 0;
      for (std::size_t c = 0; c < k.count; ++c)
        if (in[a][c] || in[b][c]) s += wrong[c];
      two = std::max(two, s);
    }
  std::printf(
      "rule cover, default %d: E(v) %.0f, margin the default gets wrong %.0f; one rule covers %.0f "
      "(errors >= %.0f), two rules %.0f (errors >= %.0f)\n",
      v, ev, total, one, ev - one, two, ev - two);
}

// Bound (c)'s fractional knapsack at the root (one side, the side d(x*) is on) and the 0/1 one.
void integrality(const RuleSet& set, const Classes& k, double delta) {
  if (set.groups.size() != 2) return;
  double t[2] = {0, 0};
  for (int g = 0; g < 2; ++g)
    for (double w : k.in_group[g]) t[g] += w;
  auto coefficient = [&](std::size_t c) {
    return k.in_group[0][c] / t[0] - k.in_group[1][c] / t[1];
  };
  double d = 0;
  for (std::size_t c = 0; c < k.count; ++c)
    if (k.n1[c] > k.n0[c]) d += coefficient(c);
  const double need = std::fabs(d) - delta;
  if (need <= 0) {
    std::printf("integrality: the class majorities are fair (d %.4f)\n", d);
    return;
  }
  struct Move {
    double gain, cost;
  };
  std::vector<Move> moves;  // classes whose move off their majority brings d towards 0
  for (std::size_t c = 0; c < k.count; ++c) {
    const double a = coefficient(c), change = k.n1[c] > k.n0[c] ? -a : a;
    if (change * d < 0) moves.push_back({std::fabs(a), std::fabs(k.n1[c] - k.n0[c])});
  }
  std::sort(moves.begin(), moves.end(),
            [](const Move& x, const Move& y) { return x.cost * y.gain < y.cost * x.gain; });
  double lp = 0, left = need;
  for (const Move& m : moves) {
    if (m.gain >= left) {
      lp += m.cost * left / m.gain;
      left = 0;
      break;
    }
    lp += m.cost;
    left -= m.gain;
  }
  // Most gain per integer cost (costs are integer margins).
  double most_cost = 0;
  for (const Move& m : moves) most_cost += m.cost;
  std::vector<double> gain(static_cast<std::size_t>(most_cost) + 1, -1);
  gain[0] = 0;
  for (const Move& m : moves)
    for (auto c = gain.size(); c-- > static_cast<std::size_t>(m.cost);)
      if (gain[c - static_cast<std::size_t>(m.cost)] >= 0)
        gain[c] = std::max(gain[c], gain[c - static_cast<std::size_t>(m.cost)] + m.gain);
  std::size_t integer = 0;
  while (integer < gain.size() && gain[integer] < need - 1e-12) ++integer;
  std::printf("integrality: d(x*) %.4f, delta %.4f; fairness errors LP %.2f, 0/1 %zu\n", d, delta,
              left > 0 ? INFINITY : lp, integer);
}

void by_length(const RuleSet& set, SearchOptions options, std::size_t longest, double seconds) {
  options.strategy = Strategy::LowerBound;
  options.best_first_after = 0;
  options.max_trie_nodes = 0;
  options.max_memory_mb = 3000;
  options.time_limit = seconds;
  for (std::size_t length = 1; length <= longest; ++length) {
    options.max_length = length;
    const auto r = run_serial(set, options);
    const double rules = static_cast<double>(r.best.list.rules.size());
    std::printf(
        "  at most %zu rules: complete %d, objective %.7f, errors %.0f, rules %.0f, lower bound "
        "%.7f, expanded %llu\n",
        length, r.complete ? 1 : 0, r.best.objective,
        std::round((r.best.objective - options.regularization * rules) *
                   static_cast<double>(set.rows)),
        rules, lower_bound(r, options), static_cast<unsigned long long>(r.stats.expanded));
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: rulelist_bound_gap CONFIG [MAX_LENGTH=4] [SECONDS=60]\n");
    return 2;
  }
  const auto config = adm::pipelines::load_config(argv[1]);
  const auto data = adm::data::load_dataset(config.data);
  const auto set = adm::pipelines::rulelist_rules(config, data);
  auto options = adm::pipelines::search_options(config.rulelist);
  options.fair_unsafe_bounds = false;
  const std::size_t longest = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 4;
  const double seconds = argc > 3 ? std::atof(argv[3]) : 60;
  const double n = static_cast<double>(set.rows);
  const Classes k = classes_of(set, rate_rows(options.fairness.metric));
  double minority = 0;
  for (std::size_t c = 0; c < k.count; ++c) minority += std::min(k.n0[c], k.n1[c]);
  std::printf(
      "rows %zu, rules %zu, capture classes %zu, lambda %g (lambda n = %.2f errors), "
      "class minority %.0f\n",
      set.rows, set.rules.size(), k.count, options.regularization, options.regularization * n,
      minority);
  if (options.fairness.active) {
    FairPrune fair(set, options);
    Bits none(set.rows);
    std::vector<GroupCells> cells;
    fair.cells(none, none, cells);
    ClassState state;
    fair.load_classes(none, state);
    const double least = fair.least_errors(cells, &state);
    std::printf("root relaxation (bounds (b), (c)): %.1f errors, bound %.7f with one rule\n", least,
                least / n + options.regularization);
    if (rate_rows(options.fairness.metric) >= 0)
      integrality(set, k, 1.0 - options.fairness.epsilon);
  }
  for (int v : {0, 1}) rule_cover(set, k, v);
  if (options.fairness.active) {
    std::printf("best lists under the constraint:\n");
    by_length(set, options, longest, seconds);
  }
  options.fairness.active = false;
  std::printf("best lists without it:\n");
  by_length(set, options, longest, seconds);
  return 0;
}
