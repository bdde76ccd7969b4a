#pragma once
// FairCORELS' epsilon-constraint sweep (Sec. 5.2): for each epsilon and cross-validation fold,
// the fair rule list learned on the training rows is scored on the test rows; test error and
// unfairness are averaged per epsilon and the non-dominated points form the Pareto front.
#include <cstdint>
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "methods/rulelist/search.hpp"

namespace adm::methods::rulelist {

// `count` evenly spaced values from lo to hi (count = 1: lo).
std::vector<double> epsilon_grid(double lo, double hi, std::size_t count);

struct FoldOutcome {
  bool found = false;     // some rule list met the constraint on the training rows
  bool complete = false;  // certified optimal on the training rows
  double train_objective = 0.0;
  double train_unfairness = 0.0;
  double test_error = 0.0;
  double test_unfairness = 0.0;
  std::uint64_t expanded = 0;
  std::string list;  // encode() of the rule list
};

// Learns on `train` (serially, at most max_nodes expansions, 0 = no limit) and scores on `test`.
FoldOutcome fit_fold(const RuleSet& train, const RuleSet& test, const SearchOptions& options,
                     std::uint64_t max_nodes);
// As a task-farm result and back (numbers only).

struct ParetoPoint {
  double epsilon = 0.0;
  double error = 0.0;       // mean test error over the folds with a rule list
  double unfairness = 0.0;  // mean test unfairness over the same folds (NaN values skipped)
  std::size_t folds = 0;    // folds that found a rule list
};

// Means over the folds of one epsilon.
ParetoPoint average(double epsilon, const std::vector<FoldOutcome>& folds);

// Indices of the points no other point dominates (both coordinates <=, one <), sorted by
// unfairness then error; points with NaN coordinates or no folds are left out. Exact duplicates
// are kept once (the first).
std::vector<std::size_t> non_dominated(const std::vector<ParetoPoint>& points);

}  // namespace adm::methods::rulelist

namespace adm {

// A fold's outcome as a farm task's result.
template <>
struct Codec<methods::rulelist::FoldOutcome> {
  static void put(ByteWriter& w, const methods::rulelist::FoldOutcome& o) {
    Codec<std::uint8_t>::put(w,
                             static_cast<std::uint8_t>((o.found ? 1 : 0) | (o.complete ? 2 : 0)));
    for (const double v : {o.train_objective, o.train_unfairness, o.test_error, o.test_unfairness})
      Codec<double>::put(w, v);
    Codec<std::uint64_t>::put(w, o.expanded);
    Codec<std::string>::put(w, o.list);
  }
  static methods::rulelist::FoldOutcome take(ByteReader& r) {
    methods::rulelist::FoldOutcome o;
    const auto flags = Codec<std::uint8_t>::take(r);
    o.found = (flags & 1) != 0;
    o.complete = (flags & 2) != 0;
    o.train_objective = Codec<double>::take(r);
    o.train_unfairness = Codec<double>::take(r);
    o.test_error = Codec<double>::take(r);
    o.test_unfairness = Codec<double>::take(r);
    o.expanded = Codec<std::uint64_t>::take(r);
    o.list = Codec<std::string>::take(r);
    return o;
  }
};

}  // namespace adm
