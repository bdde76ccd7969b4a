#pragma once
// Config section [rulelist]: Fair rule lists (pipeline = rulelist): CORELS branch-and-bound under
// fairness constraints (FairCORELS), distributed over the ranks, and epsilon-constraint Pareto
// fronts with cross-validation.
#include <cstdint>
#include <string>
#include <vector>

#include "core/config_fields.hpp"
#include "methods/rulelist/search_options.hpp"

namespace adm::pipelines {

struct RulelistBoundsSection {
  bool hierarchical = true;
  bool lookahead = true;
  bool support = true;
  bool accurate_support = true;
  bool equivalent_points = true;
  bool permutation_map = true;
  bool fair_unfairness = true;
  bool fair_errors = true;
  bool fair_permutation_map = true;
  bool fair_classes = true;
};

struct RulelistParetoSection {
  bool enabled = false;
  std::vector<std::string> metrics = {"sp"};  // one front per metric
  double epsilon_min = 0.0;
  double epsilon_max = 1.0;
  std::uint64_t epsilon_count = 60;
  std::uint64_t folds = 5;
  std::uint64_t max_nodes = 0;  // per (metric, epsilon, fold) search; 0 = rulelist.max_nodes
};

struct RulelistSection {
  // Rules: mined from the data set, its 0/1 columns as they are, or CORELS' files.
  std::string antecedents = "mine";  // mine | columns
  bool negations = true;
  std::int64_t max_cardinality = 2;
  double min_support = 0.01;
  bool drop_duplicates = true;
  std::string corels_out, corels_label, corels_minor, corels_groups;
  // Search.
  double regularization = 0.01;
  std::uint64_t max_length = 0;
  methods::rulelist::Strategy strategy = methods::rulelist::Strategy::Curiosity;
  std::uint64_t best_first_after = 0;  // expansions per rank before the queue turns best-first
  RulelistBoundsSection bounds;
  std::uint64_t max_nodes = 0;
  std::uint64_t max_trie_nodes = 0;
  double max_memory_mb = 0.0;
  double time_limit = 0.0;  // seconds per rank and search (0 = none)
  // A stopped search's best list is polished by local search scoring at most this many lists.
  std::uint64_t polish_lists = 1000000;
  double slice_seconds = 0.0005;  // several ranks: longest expansion between two message polls
  // Fairness constraint of the main search.
  std::string metric = "none";  // none | sp | pp | pe | eopp | eodds | cuae
  double epsilon = 0.0;
  bool accept_undefined = false;
  bool fair_unsafe_bounds = false;
  RulelistParetoSection pareto;
};

void describe(config::Fields& f, RulelistBoundsSection& s);
void describe(config::Fields& f, RulelistParetoSection& s);
void describe(config::Fields& f, RulelistSection& s);

// The search options a section describes (fairness from `metric`, or from `metric_override` when
// not empty, with `epsilon`).
methods::rulelist::SearchOptions search_options(const RulelistSection& s,
                                                const std::string& metric_override = "",
                                                double epsilon_override = -1.0);
fairness::GapMetric gap_metric(const std::string& name);  // "sp" .. "cuae"; InputError otherwise

}  // namespace adm::pipelines
