#pragma once
// Test helpers for the rule-list search: random small problems and an independent brute force
// that enumerates every rule list up to a length with plain per-row loops.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "fairness/gaps.hpp"
#include "methods/rulelist/rule_list.hpp"
#include "methods/rulelist/search_options.hpp"

namespace adm::test {

// n rows, `rules` random antecedents of varied density, labels depending on some of them,
// `groups` sensitive groups correlated with the labels.
inline methods::rulelist::RuleSet random_rule_set(std::uint64_t seed, std::size_t n,
                                                  std::size_t rules, std::size_t groups) {
  using namespace methods::rulelist;
  Rng rng(seed, "rulelist-test");
  RuleSet set;
  set.source = "random:" + std::to_string(seed);
  set.rows = n;
  set.labels = Bits(n);
  std::vector<double> density(rules);
  for (auto& d : density) d = 0.03 + 0.6 * rng.uniform();  // some rules capture only a few rows
  for (std::size_t r = 0; r < rules; ++r) set.rules.push_back({"r" + std::to_string(r), Bits(n)});
  std::vector<std::int32_t> codes(n);
  std::vector<std::string> names;
  for (std::size_t g = 0; g < groups; ++g) names.push_back("g" + std::to_string(g));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t r = 0; r < rules; ++r)
      if (rng.bernoulli(density[r])) set.rules[r].captures.set(i);
    // Labels from a planted rule list (r0 -> 1, r1 -> 0, r2 -> 1, else 0) with 15% noise, so
    // optimal lists have two or three rules; group 1 leans positive, so constraints bite.
    const auto& c = set.rules;
    bool y = c[0].captures.get(i)                ? true
             : rules > 1 && c[1].captures.get(i) ? false
                                                 : rules > 2 && c[2].captures.get(i);
    codes[i] = static_cast<std::int32_t>(rng.uniform_index(groups ? groups : 1));
    if (rng.bernoulli(codes[i] == 1 ? 0.25 : 0.1)) y = !y;
    if (y) set.labels.set(i);
  }
  set.minority = equivalent_minority(set.rules, set.labels);
  if (groups) set_groups(set, codes, names);
  return set;
}

struct BruteBest {
  bool found = false;
  methods::rulelist::RuleList list;
  double objective = 0.0;
  std::size_t lists = 0;  // rule lists enumerated
};

// One sequence of rules scored with plain per-row loops: each rule predicts the majority label
// of the rows it is the first to capture (ties: negative), the default the majority of the rest.
struct BruteScore {
  methods::rulelist::RuleList list;
  double objective = 0.0;
  bool fair = true;
};

inline BruteScore brute_score(const methods::rulelist::RuleSet& set,
                              const std::vector<std::uint16_t>& seq, double lambda,
                              const methods::rulelist::FairnessConstraint& fair) {
  using namespace methods::rulelist;
  const std::size_t n = set.rows;
  // Classify every row by the first rule that captures it.
  std::vector<int> owner(n, -1);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < seq.size(); ++k)
      if (set.rules[seq[k]].captures.get(i)) {
        owner[i] = static_cast<int>(k);
        break;
      }
  BruteScore out;
  out.list.rules = seq;
  std::vector<std::size_t> cap(seq.size() + 1, 0), pos(seq.size() + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t slot = owner[i] < 0 ? seq.size() : static_cast<std::size_t>(owner[i]);
    ++cap[slot];
    pos[slot] += set.labels.get(i) ? 1 : 0;
  }
  std::size_t errors = 0;
  std::vector<std::uint8_t> pred(seq.size() + 1);
  for (std::size_t k = 0; k <= seq.size(); ++k) {
    pred[k] = 2 * pos[k] > cap[k] ? 1 : 0;
    errors += pred[k] ? cap[k] - pos[k] : pos[k];
  }
  out.list.predictions.assign(pred.begin(), pred.end() - 1);
  out.list.default_prediction = pred.back();
  out.objective = objective_value(errors, seq.size(), 1.0 / static_cast<double>(n), lambda);
  if (fair.active) {
    std::vector<fairness::GroupRates> rates(set.groups.size());
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t g = 0; g < set.groups.size(); ++g)
        if (set.groups[g].get(i)) {
          const int p = pred[owner[i] < 0 ? seq.size() : static_cast<std::size_t>(owner[i])];
          const bool y = set.labels.get(i);
          auto& r = rates[g];
          r.count += 1;
          (p ? (y ? r.tp : r.fp) : (y ? r.fn : r.tn)) += 1;
        }
    for (auto& r : rates) fairness::finish_rates(r);
    out.fair = fair.accepts(fairness::gap(rates, fair.metric).value);
  }
  return out;
}

// Every sequence of distinct rules of length <= max_length, majority predictions (ties predict
// the negative class), least in the order (objective, length, rule indices) among the fair ones.
inline BruteBest brute_force(const methods::rulelist::RuleSet& set, double lambda,
                             std::size_t max_length,
                             const methods::rulelist::FairnessConstraint& fair) {
  using namespace methods::rulelist;
  BruteBest best;
  const std::size_t m = set.rules.size();
  std::vector<std::uint16_t> seq;
  auto visit = [&](auto&& self) -> void {
    const BruteScore scored = brute_score(set, seq, lambda, fair);
    const RuleList& list = scored.list;
    const double obj = scored.objective;
    const bool ok = scored.fair;
    ++best.lists;
    const bool better = !best.found || obj < best.objective ||
                        (obj == best.objective &&
                         (seq.size() < best.list.rules.size() ||
                          (seq.size() == best.list.rules.size() && seq < best.list.rules)));
    if (ok && better) best = BruteBest{true, list, obj, best.lists};
    if (seq.size() == max_length) return;
    for (std::size_t r = 0; r < m; ++r) {
      if (std::find(seq.begin(), seq.end(), r) != seq.end()) continue;
      seq.push_back(static_cast<std::uint16_t>(r));
      self(self);
      seq.pop_back();
    }
  };
  visit(visit);
  return best;
}

}  // namespace adm::test
