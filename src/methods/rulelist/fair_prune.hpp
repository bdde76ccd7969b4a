#pragma once
// The search's use of the fairness-aware bounds (fair_bounds.hpp): per-group counts of a prefix
// (from its captured rows and their predictions) or of a child (from its parent's counts and the
// rows its rule adds), and the prune decision against the incumbent.
#include <cstdint>
#include <optional>
#include <vector>

#include "methods/rulelist/bits.hpp"
#include "methods/rulelist/fair_bounds.hpp"
#include "methods/rulelist/fair_classes.hpp"
#include "methods/rulelist/rule_set.hpp"
#include "methods/rulelist/search_options.hpp"

namespace adm::methods::rulelist {

// Rows captured by a prefix's rules and, when `positive` is not null, those it predicts positive
// (`scratch`: a work vector of the same size).
void capture_rows(const RuleSet& set, const std::vector<std::uint16_t>& rules,
                  const std::vector<std::uint8_t>& predictions, Bits& captured, Bits* positive,
                  Bits& scratch);

// The unfairness of the rule list made of a prefix with counts `cells` and a default rule
// predicting `default_positive`: the same value as GroupCounter::unfairness of its predictions
// (the same tallies, in the same arithmetic), from the counts alone.
double list_unfairness(const std::vector<GroupCells>& cells, bool default_positive,
                       fairness::GapMetric metric);

class FairPrune {
 public:
  enum class Verdict { Keep, Unfair, Costly, Classes };

  FairPrune(const RuleSet& set, const SearchOptions& options);
  // Whether any fairness bound is on (a constraint is active and a bound switched on).
  bool on() const { return unfairness_ || errors_ || classes_; }
  // Whether bound (c) (fair_classes.hpp) is on: prefixes then need a ClassState.
  bool classes_on() const { return classes_.has_value(); }
  const ClassBound* class_bound() const { return classes_ ? &*classes_ : nullptr; }
  // The ClassState of a prefix capturing `captured` (nothing when bound (c) is off).
  void load_classes(const Bits& captured, ClassState& out) const;

  // Counts of a prefix capturing `captured`, of which `positive` are predicted positive.
  void cells(const Bits& captured, const Bits& positive, std::vector<GroupCells>& out) const;
  // Counts of the child that adds the rule `rule` (predicting `prediction`) to a prefix with
  // counts `parent` that leaves `uncaptured` rows.
  void child_cells(const std::vector<GroupCells>& parent, const Bits& uncaptured, const Bits& rule,
                   bool prediction, std::vector<GroupCells>& out) const;

  // Unfair: no completion meets the constraint (bound (a), or (b) finding none at any cost).
  // Costly: every fair completion, with `errors` errors already made and at least `length` rules,
  // has an objective above `threshold` (bound (b)). Classes: the same, or no fair completion, by
  // bound (c), asked only when (a) and (b) keep the prefix; `state` is the ClassState of the
  // prefix (rule < 0) or of the parent of the child adding `rule` (null: no bound (c)).
  // Keep otherwise. `least` (when not null) receives the largest lower bound of the uncaptured
  // errors of a fair completion computed on the way (0: none).
  Verdict check(const std::vector<GroupCells>& cells, std::size_t errors, std::size_t length,
                double threshold, const ClassState* state = nullptr, int rule = -1,
                double* least = nullptr) const;
  // The strongest lower bound of the uncaptured errors of a fair completion of a prefix (bounds
  // (b) and, given its state, (c); +inf: no fair completion).
  double least_errors(const std::vector<GroupCells>& cells, const ClassState* state) const;

 private:
  const RuleSet& set_;
  double lambda_, inv_rows_;
  FairnessConstraint fair_;
  bool unfairness_, errors_;
  std::optional<ClassBound> classes_;
  std::vector<Bits> group_pos_;  // group & label, per group
  std::vector<std::uint32_t> size_, pos_;
};

}  // namespace adm::methods::rulelist
