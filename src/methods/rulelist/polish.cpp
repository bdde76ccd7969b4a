#include "methods/rulelist/polish.hpp"

#include <algorithm>

namespace adm::methods::rulelist {

ListScorer::ListScorer(const RuleSet& set, const SearchOptions& options)
    : set_(set),
      options_(options),
      groups_(set),
      inv_rows_(set.rows ? 1.0 / static_cast<double>(set.rows) : 0.0),
      captured_(set.rows),
      fresh_(set.rows),
      positive_(set.rows) {}

ScoredList ListScorer::score(const std::vector<std::uint16_t>& rules) {
  ScoredList out;
  captured_.clear();
  positive_.clear();
  std::size_t errors = 0;
  for (const auto r : rules) {
    const Bits& rule = set_.rules[r].captures;
    fresh_ = rule;
    fresh_.and_not(captured_);
    const std::size_t cap = fast_count_and(fresh_, fresh_);
    if (cap == 0) continue;  // the search never adds such a rule: it changes no prediction
    const std::size_t pos = fast_count_and(fresh_, set_.labels);
    const std::uint8_t pred = 2 * pos > cap ? 1 : 0;  // the majority, ties to 0, as the search
    errors += pred ? cap - pos : pos;
    captured_ |= fresh_;
    if (pred) positive_ |= fresh_;
    out.list.rules.push_back(r);
    out.list.predictions.push_back(pred);
  }
  // The default rule predicts the majority of the rows no rule captured.
  fresh_ = ~captured_;
  const std::size_t rest = fresh_.count(), rest_pos = fast_count_and(fresh_, set_.labels);
  out.list.default_prediction = 2 * rest_pos > rest ? 1 : 0;
  errors += out.list.default_prediction ? rest - rest_pos : rest_pos;
  if (out.list.default_prediction) positive_ |= fresh_;
  // The same formula and counts as the search, so equal lists get bitwise equal objectives.
  out.objective = objective_value(errors, out.list.length(), inv_rows_, options_.regularization);
  out.unfairness = fairness::kNaN;
  if (options_.fairness.active) {
    out.unfairness = groups_.unfairness(positive_, options_.fairness.metric);
    out.fair = options_.fairness.accepts(out.unfairness);
  }
  return out;
}

namespace {

// The rule lists one move away from `rules` (see polish.hpp), each passed to `visit`; `visit`
// returns false to stop early (the list budget is spent).
template <typename Visit>
bool for_each_neighbour(const std::vector<std::uint16_t>& rules, std::size_t rule_count,
                        std::size_t max_length, Visit&& visit) {
  const std::size_t k = rules.size();
  std::vector<char> used(rule_count, 0);
  for (const auto r : rules) used[r] = 1;
  std::vector<std::uint16_t> next;
  for (std::size_t i = 0; i < k; ++i) {  // delete
    next = rules;
    next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
    if (!visit(next)) return false;
  }
  for (std::size_t i = 0; i + 1 < k; ++i) {  // swap neighbours: a rule captures rows earlier
    next = rules;
    std::swap(next[i], next[i + 1]);
    if (!visit(next)) return false;
  }
  for (std::size_t r = 0; r < rule_count; ++r) {
    if (used[r]) continue;
    const auto rule = static_cast<std::uint16_t>(r);
    for (std::size_t i = 0; i < k; ++i) {  // replace
      next = rules;
      next[i] = rule;
      if (!visit(next)) return false;
    }
    if (max_length != 0 && k + 1 > max_length) continue;
    for (std::size_t i = 0; i <= k; ++i) {  // insert
      next = rules;
      next.insert(next.begin() + static_cast<std::ptrdiff_t>(i), rule);
      if (!visit(next)) return false;
    }
  }
  return true;
}

}  // namespace

PolishResult polish(const RuleSet& set, const SearchOptions& options, const Incumbent& start,
                    std::uint64_t max_lists) {
  PolishResult out;
  out.best = start;
  if (!start.found) return out;
  ListScorer scorer(set, options);
  for (;;) {
    // Best improvement over the whole neighbourhood: the move taken does not depend on the order
    // moves are tried in, only on the canonical order of the lists they reach.
    ScoredList step;
    bool improved = false;
    const bool finished = for_each_neighbour(
        out.best.list.rules, set.rules.size(), options.max_length,
        [&](const std::vector<std::uint16_t>& rules) {
          if (max_lists != 0 && out.evaluated >= max_lists) return false;
          ++out.evaluated;
          ScoredList s = scorer.score(rules);
          if (!s.fair) return true;
          const double bar = improved ? step.objective : out.best.objective;
          const auto& bar_rules = improved ? step.list.rules : out.best.list.rules;
          if (canonically_better(s.objective, s.list.rules, bar, bar_rules)) {
            step = std::move(s);
            improved = true;
          }
          return true;
        });
    if (improved) {
      out.best = Incumbent{true, step.list, step.objective, step.unfairness};
      ++out.improvements;
    }
    if (!finished) return out;
    if (!improved) {
      out.local_optimum = true;
      return out;
    }
  }
}

}  // namespace adm::methods::rulelist
