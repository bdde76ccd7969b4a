#include "methods/rulelist/search_options.hpp"

#include <cmath>

#include "core/error.hpp"

namespace adm::methods::rulelist {

const char* to_string(Strategy s) {
  switch (s) {
    case Strategy::Bfs:
      return "bfs";
    case Strategy::BfsObjective:
      return "bfs_objective";
    case Strategy::LowerBound:
      return "lower_bound";
    case Strategy::Curiosity:
      return "curiosity";
    case Strategy::Objective:
      return "objective";
    case Strategy::Dfs:
      return "dfs";
  }
  return "?";
}

bool FairnessConstraint::accepts(double unfairness) const {
  if (!active) return true;
  if (std::isnan(unfairness)) return accept_undefined;
  return unfairness <= 1.0 - epsilon;
}

Bounds effective_bounds(const SearchOptions& options) {
  Bounds b = options.bounds;
  if (options.fairness.active && !options.fair_unsafe_bounds) {
    b.support = false;
    b.accurate_support = false;
    b.permutation_map = b.permutation_map && b.fair_permutation_map;
  }
  return b;
}

bool fair_keyed_permutations(const SearchOptions& options) {
  return options.fairness.active && !options.fair_unsafe_bounds;
}

bool certifiable(const SearchOptions& options) {
  const Bounds& b = options.bounds;
  return !(options.fairness.active && options.fair_unsafe_bounds &&
           (b.support || b.accurate_support || b.permutation_map));
}

void check_search_options(const SearchOptions& options) {
  if (!(options.regularization >= 0.0) || !std::isfinite(options.regularization))
    throw SearchOptionError("regularization", "must be finite and >= 0");
  if (options.max_length > 255) throw SearchOptionError("max_length", "must be at most 255");
  // Without a length limit only the bounds end the search, and they need a cost per rule.
  const auto& b = options.bounds;
  if (options.max_length == 0 &&
      (options.regularization == 0.0 || !(b.hierarchical || b.lookahead)))
    throw SearchOptionError("max_length",
                            "0 (no limit) needs regularization > 0 and the hierarchical or "
                            "lookahead bound, or the search never ends");
  if (!(options.fairness.epsilon >= 0.0 && options.fairness.epsilon <= 1.0))
    throw SearchOptionError("epsilon", "must be in [0, 1]");
  if (!(options.time_limit >= 0.0) || !std::isfinite(options.time_limit))
    throw SearchOptionError("time_limit", "must be finite and >= 0");
}

}  // namespace adm::methods::rulelist
