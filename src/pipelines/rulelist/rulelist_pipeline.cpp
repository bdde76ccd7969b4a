#include "pipelines/rulelist/rulelist_pipeline.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "data/discretize.hpp"
#include "data/split.hpp"
#include "methods/rulelist/corels_format.hpp"
#include "methods/rulelist/mining.hpp"
#include "methods/rulelist/pareto.hpp"
#include "methods/rulelist/polish.hpp"
#include "methods/rulelist/search.hpp"
#include "parallel/frontier_search.hpp"
#include "pipelines/work_stats.hpp"
#include "report/result_figures.hpp"

namespace adm::pipelines {
namespace {

namespace rl = methods::rulelist;

const char* kMetricNames[] = {"sp", "pp", "pe", "eopp", "eodds", "cuae"};

// A search proves its answer optimal when every frontier emptied and no option could have pruned
// the optimum away.
bool certified(const dist::FrontierStats& fs, const rl::SearchOptions& options) {
  return fs.complete && !fs.stopped_by_budget && !fs.stopped_by_method && rl::certifiable(options);
}

// Why the search stopped: the config keys whose limits it hit ("none": it ran to the end).
std::string stopped_by(const rl::SearchResult& merged, const dist::FrontierStats& fs) {
  std::string why;
  auto add = [&](bool hit, const char* key) {
    if (hit) why += (why.empty() ? "" : ",") + std::string(key);
  };
  add(fs.stopped_by_budget, "max_nodes");
  add(merged.stats.stopped_by_trie, "max_trie_nodes");
  add(merged.stats.stopped_by_memory, "max_memory_mb");
  add(merged.stats.stopped_by_time, "time_limit");
  if (why.empty() && !fs.complete) why = "stopped";
  return why.empty() ? "none" : why;
}

// The same in words, with the limit, for the summary.
std::string stop_words(const std::string& key, const RulelistSection& cfg) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%g", cfg.max_memory_mb);
  if (key == "max_nodes")
    return "the node budget (max_nodes = " + std::to_string(cfg.max_nodes) + ")";
  if (key == "max_trie_nodes")
    return "the trie limit (max_trie_nodes = " + std::to_string(cfg.max_trie_nodes) + ")";
  if (key == "max_memory_mb") return "the memory cap (max_memory_mb = " + std::string(buf) + ")";
  std::snprintf(buf, sizeof buf, "%g", cfg.time_limit);
  if (key == "time_limit") return "the time limit (time_limit = " + std::string(buf) + " s)";
  return key;
}

void write_search(ResultSet& out, const rl::RuleSet& set, const rl::SearchResult& merged,
                  const dist::FrontierStats& fs, const std::vector<rl::SearchStats>& per_rank,
                  double seconds, const rl::SearchOptions& options) {
  const std::string g = "/rulelist";
  const auto& best = merged.best;
  const double lambda = options.regularization;
  out.add(g + "/search/certified", std::vector<std::int64_t>{certified(fs, options) ? 1 : 0},
          "1 when every frontier emptied and no unsafe bound was used: the rule list is optimal "
          "under the constraint.",
          "");
  out.add(g + "/search/stopped_by", std::vector<std::string>{stopped_by(merged, fs)},
          "Why the search stopped: the config keys whose limits it hit, comma-separated (none: "
          "it ran to the end).");
  // A search that ran to its end has one lower bound whatever the ranks did. One stopped before
  // it (a node budget, a limit) reports the open bound of the prefixes left, and at several ranks
  // which prefixes were left depends on which rank expanded what: scheduling, so under /timing.
  const std::string bound_group = fs.complete ? g + "/search" : "/timing/rulelist/search";
  out.add(bound_group + "/lower_bound", std::vector<double>{rl::lower_bound(merged, options)},
          "No rule list has a lower objective: the lowest lower bound still open, or the best "
          "objective when none is (NaN: unsafe bounds leave no valid bound).",
          "");
  out.add(bound_group + "/gap", std::vector<double>{rl::optimality_gap(merged, options)},
          "Optimality gap: best objective - lower_bound (0 when certified; NaN: no rule list "
          "found or no valid bound).",
          "");
  write_frontier_stats(out, "rulelist/search", fs, seconds);
  // How the work went depends on which rank expanded what: /timing, like the times.
  const std::string t = "/timing/rulelist/search";
  std::vector<std::int64_t> expanded, peak_trie, routed;
  std::vector<double> peak_mb;
  for (const auto& s : per_rank) {
    expanded.push_back(static_cast<std::int64_t>(s.expanded));
    peak_trie.push_back(static_cast<std::int64_t>(s.peak_trie_nodes));
    routed.push_back(static_cast<std::int64_t>(s.routed));
    peak_mb.push_back(s.peak_bytes / 1048576.0);
  }
  out.add(t + "/expanded_per_rank", expanded, "Prefixes expanded by each rank.", "prefixes");
  out.add(t + "/routed_per_rank", routed,
          "Children each rank sent to the rank owning their rule set.", "prefixes");
  out.add(t + "/peak_trie_nodes_per_rank", peak_trie, "Largest prefix trie per rank.", "nodes");
  out.add(t + "/peak_memory_per_rank", peak_mb,
          "Largest size of the search structures (trie, queue, permutation map) per rank.", "MiB");
  const auto& s = merged.stats;
  out.add(t + "/queued", std::vector<std::int64_t>{static_cast<std::int64_t>(s.queued)},
          "Prefixes put into a queue, all ranks.", "prefixes");
  out.add(t + "/pruned",
          std::vector<std::int64_t>{static_cast<std::int64_t>(s.pruned_support),
                                    static_cast<std::int64_t>(s.pruned_accurate_support),
                                    static_cast<std::int64_t>(s.pruned_hierarchical),
                                    static_cast<std::int64_t>(s.pruned_lookahead),
                                    static_cast<std::int64_t>(s.pruned_equivalent),
                                    static_cast<std::int64_t>(s.pruned_permutation),
                                    static_cast<std::int64_t>(s.dropped_at_pop)},
          "Children pruned by: support, accurate support, hierarchical, lookahead, equivalent "
          "points, permutation map; then prefixes dropped when leaving the queue.",
          "prefixes");
  out.add(t + "/pruned_fair",
          std::vector<std::int64_t>{static_cast<std::int64_t>(s.pruned_fair_unfairness),
                                    static_cast<std::int64_t>(s.pruned_fair_errors),
                                    static_cast<std::int64_t>(s.pruned_fair_classes)},
          "Prefixes pruned by the fairness-aware bounds: no fair completion; no fair completion "
          "beats the best rule list; the same by capture class (fair_classes).",
          "prefixes");
  out.add(
      g + "/rules",
      [&] {
        std::vector<std::string> names;
        for (const auto& r : set.rules) names.push_back(r.name);
        return names;
      }(),
      "Antecedents searched, in index order.");
  if (!best.found) return;
  const auto e = rl::evaluate(set, best.list, lambda);
  out.add(g + "/best/rule_list", std::vector<std::string>{rl::describe(set, best.list)},
          "The best rule list found.");
  out.add(g + "/best/encoded", std::vector<std::string>{rl::encode(best.list)},
          "Rule indices:predictions, then | default prediction.");
  out.add(g + "/best/objective", std::vector<double>{best.objective},
          "Training error + lambda * rules.", "");
  out.add(g + "/best/accuracy", std::vector<double>{e.accuracy}, "Training accuracy.", "");
  out.add(g + "/best/length",
          std::vector<std::int64_t>{static_cast<std::int64_t>(best.list.length())},
          "Rules before the default.", "rules");
  out.add(g + "/best/unfairness", std::vector<double>(e.unfairness.begin(), e.unfairness.end()),
          "Training unfairness: sp, pp, pe, eopp, eodds, cuae (NaN: not measurable).", "");
  // Per-group rates of the best list on the training rows: what its unfairness is a gap of.
  const rl::GroupCounter counter(set);
  if (counter.groups() == 0) return;
  const auto rates = counter.rates(rl::predict(set, best.list));
  std::vector<double> count, sel, tpr, fpr, ppv, npv;
  for (const auto& r : rates) {
    count.push_back(r.count), sel.push_back(r.selection_rate), tpr.push_back(r.tpr);
    fpr.push_back(r.fpr), ppv.push_back(r.ppv), npv.push_back(r.npv);
  }
  out.add(g + "/best/groups", set.group_names, "Sensitive groups, in the order of the rates.");
  out.add(g + "/best/group_count", count, "Training rows per group.", "rows");
  out.add(g + "/best/selection_rate", sel, "P(prediction = positive | group), training rows.",
          "fraction");
  out.add(g + "/best/tpr", tpr, "True positive rate per group (NaN: no positives).", "fraction");
  out.add(g + "/best/fpr", fpr, "False positive rate per group (NaN: no negatives).", "fraction");
  out.add(g + "/best/ppv", ppv, "Positive predictive value per group.", "fraction");
  out.add(g + "/best/npv", npv, "Negative predictive value per group.", "fraction");
}

void write_polish(ResultSet& out, const rl::PolishResult& polished, double found_objective) {
  const std::string g = "/rulelist/polish";
  out.add(g + "/found_objective", std::vector<double>{found_objective},
          "Objective of the best rule list the search found, before polishing.", "");
  out.add(g + "/improvements",
          std::vector<std::int64_t>{static_cast<std::int64_t>(polished.improvements)},
          "Moves that improved it (each to the best list one move away).", "moves");
  out.add(g + "/lists_scored",
          std::vector<std::int64_t>{static_cast<std::int64_t>(polished.evaluated)},
          "Rule lists the local search scored.", "lists");
  out.add(g + "/local_optimum", std::vector<std::int64_t>{polished.local_optimum ? 1 : 0},
          "1 when no move improves the best list (0: stopped by polish_lists).", "");
}

void run_pareto(StageContext& context, const rl::RuleSet& set) {
  const auto& cfg = context.config.rulelist;
  const auto& p = cfg.pareto;
  std::vector<std::int32_t> labels(set.rows);
  for (std::size_t i = 0; i < set.rows; ++i) labels[i] = set.labels.get(i) ? 1 : 0;
  Rng fold_rng(context.config.run.seed, "rulelist-folds");
  const auto folds = data::stratified_kfold(labels, static_cast<int>(p.folds), fold_rng);
  const auto eps = rl::epsilon_grid(p.epsilon_min, p.epsilon_max, p.epsilon_count);
  const std::size_t per_metric = eps.size() * folds.size();
  const std::uint64_t budget = p.max_nodes ? p.max_nodes : cfg.max_nodes;
  auto results =
      context.farm.run("rulelist-pareto", p.metrics.size() * per_metric, [&](std::size_t i, Rng&) {
        const auto& metric = p.metrics[i / per_metric];
        const double epsilon = eps[(i % per_metric) / folds.size()];
        const auto split = data::fold_split(folds, i % folds.size());
        const auto train = rl::restrict_rows(set, split.train);
        const auto test = rl::restrict_rows(set, split.test);
        return rl::fit_fold(train, test, search_options(cfg, metric, epsilon), budget);
      });
  if (!context.farm.is_root()) return;  // the folds' outcomes, and what is written, are rank 0's
  for (std::size_t m = 0; m < p.metrics.size(); ++m) {
    const std::string g = "/rulelist/pareto/" + p.metrics[m];
    std::vector<rl::ParetoPoint> points;
    std::vector<double> complete;
    for (std::size_t e = 0; e < eps.size(); ++e) {
      std::vector<rl::FoldOutcome> outcomes;
      for (std::size_t f = 0; f < folds.size(); ++f) {
        outcomes.push_back(results[m * per_metric + e * folds.size() + f]);
        complete.push_back(outcomes.back().complete ? 1.0 : 0.0);
      }
      points.push_back(rl::average(eps[e], outcomes));
    }
    const auto front = rl::non_dominated(points);
    std::vector<double> err, unf, epsilon, found;
    for (const auto& pt : points) {
      epsilon.push_back(pt.epsilon);
      err.push_back(pt.error);
      unf.push_back(pt.unfairness);
      found.push_back(static_cast<double>(pt.folds));
    }
    context.results.add(g + "/epsilon", epsilon, "Constraint UNF <= 1 - epsilon.", "");
    context.results.add(g + "/test_error", err, "Mean test error over the folds.", "");
    context.results.add(g + "/test_unfairness", unf, "Mean test unfairness over the folds.", "");
    context.results.add(g + "/folds_found", found, "Folds where a rule list met the constraint.",
                        "folds");
    context.results.add(
        g + "/certified", complete,
        "Per epsilon and fold (row-major): 1 = the training search completed and used no "
        "unsafe bound (certified optimal).",
        "", {eps.size(), folds.size()});
    std::vector<std::int64_t> front_idx(front.begin(), front.end());
    context.results.add(g + "/front", front_idx,
                        "Indices of the non-dominated epsilon values, by unfairness.", "");
    // The SVG beside the result is the report's figure, drawn from the datasets just added.
    const auto drawn = report::document_of(context.results, g);
    context.results.add_file("rulelist_pareto_" + p.metrics[m] + ".svg",
                             report::pareto_figure(report::ResultData(drawn, ""), p.metrics[m]));
    context.summary << "rulelist pareto " << p.metrics[m] << ": " << front.size()
                    << " non-dominated of " << points.size() << " epsilon values\n";
    for (auto i : front)
      context.summary << "  epsilon " << fixed(points[i].epsilon, 3) << "  error "
                      << fixed(points[i].error) << "  unfairness " << fixed(points[i].unfairness)
                      << "\n";
  }
}

}  // namespace

rl::RuleSet rulelist_rules(const ExperimentConfig& config, const data::Dataset& data) {
  const auto& s = config.rulelist;
  if (!s.corels_out.empty()) {
    auto set = rl::read_corels({s.corels_out, s.corels_label, s.corels_minor, s.corels_groups});
    if (s.drop_duplicates) {
      // Dropping duplicate, empty or full rules leaves the equivalence classes as they are, so a
      // minority vector read from the .minor file stays valid.
      const rl::Bits minority = set.minority;
      rl::prune_rules(set, true);
      if (!s.corels_minor.empty()) set.minority = minority;
    }
    return set;
  }
  const data::Dataset ready = binned(config, data);
  rl::MiningOptions o;
  o.columns_are_rules = s.antecedents == "columns";
  o.negations = s.negations;
  o.max_cardinality = static_cast<int>(s.max_cardinality);
  o.min_support = s.min_support;
  o.drop_duplicates = s.drop_duplicates;
  return rl::mine_rules(ready, o);
}

void check_rulelist_inputs(const ExperimentConfig& config, const data::Dataset& data) {
  const auto& s = config.rulelist;
  auto fail = [&](const std::string& key, const std::string& what) {
    throw InputError(config.file + ": config key 'rulelist." + key + "': " + what);
  };
  if (s.corels_out.empty()) {
    if (data.roles().target.empty()) fail("antecedents", "rule lists need data.target");
    std::string neg, pos;
    rl::binary_labels(data, &neg, &pos);
  }
  const bool fair = s.metric != "none" || s.pareto.enabled;
  if (fair && s.corels_out.empty() && data.roles().sensitive.empty())
    fail(s.metric != "none" ? "metric" : "pareto.enabled",
         "a fairness constraint needs data.sensitive");
  if (fair && !s.corels_out.empty() && s.corels_groups.empty())
    fail(s.metric != "none" ? "metric" : "pareto.enabled",
         "a fairness constraint needs rulelist.corels_groups with CORELS files");
  try {
    rl::check_search_options(search_options(config.rulelist));
  } catch (const rl::SearchOptionError& e) {
    fail(e.option(), e.problem());  // the option's name is its config key in [rulelist]
  }
}

void run_rulelist(StageContext& context, Timings& timings) {
  const auto& config = context.config;
  const auto& cfg = config.rulelist;
  rl::RuleSet set;
  timed(timings, "rulelist_rules", [&] { set = rulelist_rules(config, context.data); });
  context.summary << "rulelist: " << set.rules.size() << " rules over " << set.rows << " rows ("
                  << set.source << ")\n";
  const auto options = search_options(cfg);
  rl::SearchResult merged;
  dist::FrontierStats fs;
  std::vector<rl::SearchStats> per_rank;
  double seconds = 0;
  timed(timings, "rulelist_search", [&] {
    rl::RulelistSearch search(set, options);
    dist::FrontierOptions fo;
    fo.slice_seconds = cfg.slice_seconds;
    fo.max_nodes = cfg.max_nodes;
    fo.findings_on_root_only = true;  // only the coordinator writes the result and its summary
    const auto t0 = std::chrono::steady_clock::now();
    const auto findings = dist::frontier_search(context.comm(), search, fo, &fs);
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    merged = rl::merge_findings(findings, &per_rank);
  });
  // A search stopped by a limit: the coordinator polishes its best list (the others' copy of the
  // result is not written).
  rl::PolishResult polished;
  const double found_objective = merged.best.objective;
  const bool polish = !certified(fs, options) && merged.best.found && cfg.polish_lists > 0 &&
                      context.farm.is_root();
  if (polish)
    timed(timings, "rulelist_polish", [&] {
      polished = rl::polish(set, options, merged.best, cfg.polish_lists);
      merged.best = polished.best;
    });
  write_search(context.results, set, merged, fs, per_rank, seconds, options);
  if (polish) write_polish(context.results, polished, found_objective);
  auto& out = context.summary;
  out << "rulelist search: ";
  if (certified(fs, options))
    out << "certified optimal";
  else if (!rl::certifiable(options))
    out << "NOT certified: fair_unsafe_bounds under a fairness constraint may prune the fair "
           "optimum";
  else {
    out << "NOT certified: stopped by ";
    const std::string why = stopped_by(merged, fs);
    for (std::size_t b = 0, e; b < why.size(); b = e + 1) {
      e = std::min(why.find(',', b), why.size());
      out << (b ? " and " : "") << stop_words(why.substr(b, e - b), cfg);
    }
  }
  out << " in " << fixed(seconds, 2) << " s, " << fs.total_nodes() << " prefixes";
  if (cfg.metric != "none") out << ", constraint " << cfg.metric << " <= " << 1 - cfg.epsilon;
  out << "\n";
  if (polish)
    out << "polished: objective " << fixed(found_objective) << " -> "
        << fixed(merged.best.objective) << " in " << polished.improvements << " moves, "
        << polished.evaluated << " lists scored"
        << (polished.local_optimum ? " (a local optimum)" : " (stopped by polish_lists)") << "\n";
  if (!certified(fs, options) && rl::certifiable(options))
    out << "lower bound " << fixed(rl::lower_bound(merged, options)) << ", optimality gap "
        << fixed(rl::optimality_gap(merged, options)) << "\n";
  if (cfg.max_memory_mb > 0) {
    double peak = 0;
    for (const auto& s : per_rank) peak = std::max(peak, s.peak_bytes);
    std::uint64_t rss = 0;  // the process, what the cap bounds (rank 0 has every rank's)
    for (auto r : fs.peak_rss) rss = std::max(rss, r);
    out << "search memory: peak " << fixed(peak / 1048576.0, 2) << " MiB of structures, "
        << fixed(static_cast<double>(rss) / 1048576.0, 1)
        << " MiB resident on a rank (max_memory_mb = " << cfg.max_memory_mb << ")\n";
  }
  if (merged.best.found) {
    const auto e = rl::evaluate(set, merged.best.list, options.regularization);
    out << rl::describe(set, merged.best.list) << "\n"
        << "objective " << fixed(merged.best.objective) << "  accuracy " << fixed(e.accuracy);
    for (std::size_t m = 0; m < 6 && !set.groups.empty(); ++m)
      out << "  " << kMetricNames[m] << " " << fixed(e.unfairness[m], 3);
    out << "\n";
  } else {
    out << "no rule list met the constraint\n";
  }
  if (cfg.pareto.enabled) timed(timings, "rulelist_pareto", [&] { run_pareto(context, set); });
}

}  // namespace adm::pipelines
