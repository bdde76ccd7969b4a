#include "pipelines/rulelist/rulelist_config.hpp"

#include "core/error.hpp"

namespace adm::pipelines {
namespace {

const std::vector<std::string> kMetricNames = {"sp", "pp", "pe", "eopp", "eodds", "cuae"};

}  // namespace

void describe(config::Fields& f, RulelistBoundsSection& s) {
  f.boolean("hierarchical", s.hierarchical,
            "Hierarchical objective lower bound (CORELS Thm 1): prune when the prefix's errors "
            "plus lambda per rule exceed the best objective.");
  f.boolean("lookahead", s.lookahead, "Lookahead bound (Lemma 2): children cost one more lambda.");
  f.boolean("support", s.support,
            "Minimum support (Thm 10): every rule captures at least lambda * n rows. Off under a "
            "fairness constraint unless fair_unsafe_bounds.");
  f.boolean("accurate_support", s.accurate_support,
            "Minimum accurate support (Thm 11): every rule classifies at least lambda * n rows "
            "correctly. Off under a fairness constraint unless fair_unsafe_bounds.");
  f.boolean("equivalent_points", s.equivalent_points,
            "Equivalent-points bound (Thm 15): rows no rule can tell apart cost their minority.");
  f.boolean("permutation_map", s.permutation_map,
            "Permutation map (Cor. 16): keep one prefix per set of rules. Under a fairness "
            "constraint it is keyed by the groups' counts too (fair_permutation_map), unless "
            "fair_unsafe_bounds.");
  f.boolean("fair_unfairness", s.fair_unfairness,
            "Under a fairness constraint: prune a prefix when no completion can meet it (lower "
            "bound of the unfairness from the rows it leaves; keeps certification).");
  f.boolean("fair_errors", s.fair_errors,
            "Under a fairness constraint: prune a prefix when the fewest errors of a fair "
            "completion, plus lambda per rule, cannot beat the best rule list (keeps "
            "certification).");
  f.boolean("fair_permutation_map", s.fair_permutation_map,
            "Under a fairness constraint (without fair_unsafe_bounds): keep the permutation map, "
            "comparing only permutations whose groups have the same captured true and false "
            "positives (they give every completion the same unfairness; keeps certification).");
  f.boolean("fair_classes", s.fair_classes,
            "Under a fairness constraint (sp, pe, eopp, eodds): as fair_errors, with the rows a "
            "prefix leaves predicted by capture class (rows every rule treats alike are predicted "
            "alike; keeps certification).");
}

void describe(config::Fields& f, RulelistParetoSection& s) {
  f.boolean("enabled", s.enabled,
            "Run the epsilon-constraint sweep with cross-validation (one farm task per metric, "
            "epsilon and fold).");
  f.text_list("metrics", s.metrics, "Fairness metrics, one front each: sp pp pe eopp eodds cuae.");
  f.real("epsilon_min", s.epsilon_min, "Smallest epsilon (accept UNF <= 1 - epsilon).", {0, 1});
  f.real("epsilon_max", s.epsilon_max, "Largest epsilon.", {0, 1});
  f.count("epsilon_count", s.epsilon_count, "Number of evenly spaced epsilon values.", {1, 10000});
  f.count("folds", s.folds, "Cross-validation folds (stratified by the label).", {2, 100});
  f.count("max_nodes", s.max_nodes,
          "Prefix expansions per search of the sweep (0 = rulelist.max_nodes).");
  if (f.mode() == config::Fields::Mode::Read) {
    for (const auto& m : s.metrics) gap_metric(m);
    if (s.epsilon_min > s.epsilon_max) f.fail("epsilon_min", "must not exceed epsilon_max");
  }
}

void describe(config::Fields& f, RulelistSection& s) {
  using methods::rulelist::Strategy;
  f.text("antecedents", s.antecedents,
         "mine: single items, negations and pairs with support >= min_support (FairCORELS 5.1); "
         "columns: every feature is a 0/1 column used as one rule.",
         {"mine", "columns"});
  f.boolean("negations", s.negations, "Mining: add the negation of every item.");
  f.integer("max_cardinality", s.max_cardinality, "Mining: items per rule (1 or 2).", {1, 2});
  f.real("min_support", s.min_support, "Mining: minimum support (fraction of rows) of a pair.",
         {0, 1});
  f.boolean("drop_duplicates", s.drop_duplicates,
            "Keep only the first of rules capturing exactly the same rows.");
  f.path("corels_out", s.corels_out,
         "CORELS .out file of rule captures; when set, the rules, labels and groups come from the "
         "corels_* files instead of the data set.");
  f.path("corels_label", s.corels_label, "CORELS .label file (needed with corels_out).");
  f.path("corels_minor", s.corels_minor,
         "CORELS .minor file (equivalent-points minority); empty = computed from the rules.");
  f.path("corels_groups", s.corels_groups,
         "Sensitive groups in CORELS' layout, one '{group} 0 1 ...' line per group (optional).");
  f.real("regularization", s.regularization, "lambda: objective = error + lambda * rules.", {0, 1});
  f.count("max_length", s.max_length, "Longest rule list (0 = only the bounds limit it).",
          {0, 255});
  f.choice("strategy", s.strategy, "Search order of the prefix queue.",
           {{"bfs", Strategy::Bfs},
            {"bfs_objective", Strategy::BfsObjective},
            {"lower_bound", Strategy::LowerBound},
            {"curiosity", Strategy::Curiosity},
            {"objective", Strategy::Objective},
            {"dfs", Strategy::Dfs}});
  f.count("best_first_after", s.best_first_after,
          "After this many expansions on a rank in `strategy`'s order (to find a good rule list "
          "early), re-order its queue best-first by lower bound (lower_bound), which proves "
          "optimality with the fewest expansions (0 = keep `strategy`).");
  f.section("bounds", s.bounds, "CORELS bounds, each switchable.");
  f.count("max_nodes", s.max_nodes,
          "Stop after this many prefix expansions, all ranks (0 = none).");
  f.count("max_trie_nodes", s.max_trie_nodes,
          "Stop when a rank's prefix trie holds more nodes, a received prefix waiting in the queue "
          "counting as one (FairCORELS' n; 0 = no limit).");
  f.real("max_memory_mb", s.max_memory_mb,
         "Stop before a rank's process (its resident memory) would exceed this many MiB: the "
         "search structures get what the process did not hold when the search began, less room "
         "for messages and the lower bound (0 = no limit).",
         {0, 1e9});
  f.real("time_limit", s.time_limit,
         "Stop a search after this many wall-clock seconds on each rank (0 = none), writing the "
         "best rule list found with its lower bound and optimality gap; each Pareto fold search "
         "has the same limit.",
         {0, 1e9});
  f.count("polish_lists", s.polish_lists,
          "When a search stops before it certifies its answer, improve its best rule list by "
          "local search (delete, replace, insert or swap a rule; fair lists only) until no move "
          "helps or this many lists were scored (0 = do not polish). Deterministic; does not "
          "change the lower bound.");
  f.real("slice_seconds", s.slice_seconds,
         "Distributed search: longest expansion between two polls for bounds, work and "
         "termination messages.",
         {1e-5, 1});
  std::vector<std::string> metrics = {"none"};
  metrics.insert(metrics.end(), kMetricNames.begin(), kMetricNames.end());
  f.text("metric", s.metric, "Fairness constraint of the main search (none = unconstrained).",
         metrics);
  f.real("epsilon", s.epsilon, "Accept a rule list only when UNF <= 1 - epsilon.", {0, 1});
  f.boolean("accept_undefined", s.accept_undefined,
            "Count an unmeasurable unfairness (a group with no rows for a rate) as fair.");
  f.boolean("fair_unsafe_bounds", s.fair_unsafe_bounds,
            "Keep the support and permutation bounds under a fairness constraint, as FairCORELS "
            "does (faster, but the optimum is no longer certified).");
  f.section("pareto", s.pareto, "Epsilon-constraint Pareto fronts with cross-validation.");
  if (f.mode() == config::Fields::Mode::Read && !s.corels_out.empty() && s.corels_label.empty())
    f.fail("corels_label", "is needed with corels_out");
}

fairness::GapMetric gap_metric(const std::string& name) {
  for (std::size_t i = 0; i < kMetricNames.size(); ++i)
    if (kMetricNames[i] == name) return fairness::kAllGapMetrics[i];
  throw InputError("rulelist: unknown fairness metric '" + name +
                   "' (sp, pp, pe, eopp, eodds, cuae)");
}

methods::rulelist::SearchOptions search_options(const RulelistSection& s,
                                                const std::string& metric_override,
                                                double epsilon_override) {
  methods::rulelist::SearchOptions o;
  o.regularization = s.regularization;
  o.max_length = s.max_length;
  o.strategy = s.strategy;
  o.best_first_after = s.best_first_after;
  o.bounds = {s.bounds.hierarchical,     s.bounds.lookahead,         s.bounds.support,
              s.bounds.accurate_support, s.bounds.equivalent_points, s.bounds.permutation_map,
              s.bounds.fair_unfairness,  s.bounds.fair_errors,       s.bounds.fair_permutation_map,
              s.bounds.fair_classes};
  o.max_trie_nodes = s.max_trie_nodes;
  o.max_memory_mb = s.max_memory_mb;
  o.time_limit = s.time_limit;
  o.fair_unsafe_bounds = s.fair_unsafe_bounds;
  const std::string metric = metric_override.empty() ? s.metric : metric_override;
  o.fairness.active = metric != "none";
  if (o.fairness.active) o.fairness.metric = gap_metric(metric);
  o.fairness.epsilon = epsilon_override >= 0 ? epsilon_override : s.epsilon;
  o.fairness.accept_undefined = s.accept_undefined;
  return o;
}

}  // namespace adm::pipelines
