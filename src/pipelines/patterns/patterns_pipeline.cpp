#include "pipelines/patterns/patterns_pipeline.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "core/elapsed.hpp"
#include "core/error.hpp"
#include "data/split.hpp"
#include "learn/naive_bayes.hpp"
#include "methods/patterns/baselines.hpp"
#include "methods/patterns/cross_validation.hpp"
#include "methods/patterns/fair_learner.hpp"
#include "methods/patterns/miner.hpp"
#include "parallel/communicator.hpp"
#include "pipelines/patterns/nb_parameters.hpp"
#include "pipelines/work_stats.hpp"

namespace adm::pipelines {
namespace {

namespace pt = methods::patterns;

pt::MineMode mode_of(const std::string& name) {
  if (name == "all") return pt::MineMode::All;
  if (name == "top_discrimination") return pt::MineMode::TopDiscrimination;
  return pt::MineMode::TopDivergence;
}

// The model's features in search order, and which of them are sensitive.
std::vector<std::string> model_features(const ExperimentConfig& config, const data::Dataset& data,
                                        std::vector<bool>& sensitive) {
  const auto& roles = data.roles();
  std::set<std::string> wanted(roles.features.begin(), roles.features.end());
  wanted.insert(roles.sensitive.begin(), roles.sensitive.end());
  std::vector<std::string> order = config.patterns.order;
  if (order.empty()) {
    for (const auto& name : data.names())
      if (wanted.count(name)) order.push_back(name);
  } else {
    std::set<std::string> given(order.begin(), order.end());
    if (given != wanted || given.size() != order.size())
      throw InputError(config.file +
                       ": config key 'patterns.order' must list every feature and sensitive "
                       "attribute exactly once");
  }
  sensitive.clear();
  for (const auto& name : order)
    sensitive.push_back(std::find(roles.sensitive.begin(), roles.sensitive.end(), name) !=
                        roles.sensitive.end());
  return order;
}

std::vector<std::vector<std::string>> level_names(const data::Dataset& data,
                                                  const std::vector<std::string>& names) {
  std::vector<std::vector<std::string>> out;
  for (const auto& n : names) out.push_back(data.column(n).levels());
  return out;
}

std::string cap_text(double v) {  // as the config would write it (800, not 800.000000)
  std::ostringstream out;
  out << v;
  return out.str();
}

// The patterns go into the result as tables written in blocks straight from the mine's own
// buffers (kept alive by the result set): their keys as a matrix of states (1 byte a feature; the
// report and `reproduce` render the text from it and /patterns/model) and five numbers each.
// Nothing the size of the list is built here (issue 28, item 16: 200,000 descriptions were 60 MB,
// and the list was built whole before the file was).
void write_patterns(ResultSet& results, const std::string& group,
                    std::shared_ptr<const pt::MineResult> mined) {
  const pt::MineResult& r = *mined;
  const std::size_t n = r.patterns.size(), width = r.patterns.key_size();
  results.add_blocks(
      {group + "/key", ResultBlocks::Type::Byte, n, width,
       [mined, width](std::size_t first, std::size_t count, void* out) {
         auto* at = static_cast<std::uint8_t*>(out);
         for (std::size_t i = first; i < first + count; ++i, at += width)
           std::copy_n(mined->patterns.key_data(i), width, at);
       },
       "Patterns, best first, one row each: the state of each model feature (columns in the order "
       "of /patterns/model/variable): 0 not in the pattern, 1..L its level in y, L+1..2L the same "
       "level in x (sensitive features); levels as in /patterns/model/value.",
       "1"});
  const auto column = [&](const std::string& name, double pt::PatternScores::*field,
                          const std::string& what, const std::string& units) {
    results.add_blocks({group + "/" + name, ResultBlocks::Type::Real, n, 1,
                        [mined, field](std::size_t first, std::size_t count, void* out) {
                          auto* at = static_cast<double*>(out);
                          for (std::size_t i = first; i < first + count; ++i)
                            *at++ = mined->patterns.scores(i).*field;
                        },
                        what, units});
  };
  column("delta", &pt::PatternScores::delta, "Degree of discrimination P(d|xy) - P(d|y).", "1");
  column("divergence", &pt::PatternScores::divergence,
         "Divergence score (min KL to a fair Q), natural log.", "nat");
  column("p_xy", &pt::PatternScores::p_xy, "Probability of the pattern, P(xy).", "1");
  column("p_d_xy", &pt::PatternScores::p_d_xy, "P(d | xy).", "1");
  column("p_d_y", &pt::PatternScores::p_d_y, "P(d | y).", "1");
  results.add(group + "/total_nodes", std::vector<double>{r.total_nodes},
              "Nodes of the whole search tree (every x, y; x possibly empty).", "1");
  results.add(group + "/total_patterns", std::vector<double>{r.total_patterns},
              "Candidate patterns (non-empty x): the paper's '# Pat.'.", "1");
  // How many nodes the bounds let through depends on how fast the ranks shared their cuts.
  results.add("/timing" + group + "/nodes_visited",
              std::vector<std::int64_t>{static_cast<std::int64_t>(r.visited)},
              "Search nodes (patterns, x possibly empty) scored.", "1");
  results.add("/timing" + group + "/proportion", std::vector<double>{r.visited / r.total_nodes},
              "nodes_visited / total_nodes: share of the search space explored.", "1");
}

}  // namespace

void check_patterns_inputs(const ExperimentConfig& config, const data::Dataset& data) {
  std::vector<bool> sensitive;
  const auto names = model_features(config, data, sensitive);
  if (std::none_of(sensitive.begin(), sensitive.end(), [](bool s) { return s; }))
    throw InputError(config.file + ": pipeline 'patterns' needs data.sensitive attributes");
  const auto& target = data.target();
  if (target.is_categorical()) {
    const auto& lv = target.levels();
    if (std::find(lv.begin(), lv.end(), config.patterns.favourable) == lv.end())
      throw InputError(config.file + ": config key 'patterns.favourable': '" +
                       config.patterns.favourable + "' is not a level of the target '" +
                       target.name() + "'");
  }
  learn::nb_table(data, names, config.patterns.favourable);  // types, levels, missing values
  if (config.patterns.fair.enabled && config.patterns.fair.margin >= config.patterns.delta)
    throw InputError(config.file + ": config key 'patterns.fair.margin' must be below delta");
}

void run_patterns(StageContext& context, Timings& timings) {
  const auto& cfg = context.config.patterns;
  auto& comm = context.comm();
  std::vector<bool> sensitive;
  const auto names = model_features(context.config, context.data, sensitive);
  const auto table = learn::nb_table(context.data, names, cfg.favourable);
  const auto lv = level_names(context.data, names);
  const auto counts = learn::NbCounts::of(table);
  const auto nb = learn::NaiveBayes::fit(counts, cfg.alpha);
  auto& res = context.results;
  auto& out = context.summary;
  const std::string model_group = "/patterns/model";
  {
    const auto& levels = context.data.target().levels();
    const std::string other = levels[0] == cfg.favourable ? levels[1] : levels[0];
    write_nb_labels(res, model_group, table, lv, {other, cfg.favourable});
  }
  write_nb_parameters(res, model_group, "unconstrained", nb,
                      "Maximum-likelihood naive Bayes (smoothing patterns.alpha)");
  const pt::MineFn distributed = [&](const pt::PatternModel& m, const pt::MineOptions& o) {
    return pt::mine(comm, m, o);
  };

  timed(timings, "patterns_mine", [&] {
    auto mined_model = nb;
    if (cfg.reference_swapped_prior) mined_model.set_prior(nb.prior(0));
    const pt::PatternModel model(mined_model, sensitive, cfg.delta);
    pt::MineOptions options{mode_of(cfg.mode), cfg.k, true};
    options.max_nodes = cfg.max_nodes;
    options.slice_seconds = cfg.slice_seconds;
    options.max_memory_mb = cfg.max_memory_mb;
    options.root_only = true;  // only the coordinator writes the patterns
    const auto t0 = std::chrono::steady_clock::now();
    dist::FrontierStats stats;
    const auto mined =
        std::make_shared<const pt::MineResult>(pt::mine(comm, model, options, &stats));
    const pt::MineResult& r = *mined;
    const double secs = seconds_since(t0);
    write_patterns(res, "/patterns/mine", mined);
    res.add("/patterns/mine/qualifying",
            std::vector<std::int64_t>{static_cast<std::int64_t>(r.qualifying)},
            "Mode all: patterns with |Delta| > delta (0 in the top-k modes).", "1");
    res.add("/patterns/mine/complete", std::vector<std::int64_t>{r.complete ? 1 : 0},
            "1 when the search ran to the end (the answer is certified), 0 when the node budget "
            "(patterns.max_nodes) or the memory cap (patterns.max_memory_mb) stopped it: the "
            "patterns and count found so far.",
            "1");
    write_frontier_stats(res, "patterns/mine", stats, secs);
    out << "patterns: " << cfg.mode << " k=" << cfg.k << " delta=" << cfg.delta << ": "
        << r.patterns.size() << " patterns";
    if (options.mode == pt::MineMode::All) out << ", " << r.qualifying << " with |Delta| > delta";
    out << "; " << r.visited << " of " << r.total_nodes << " nodes (" << r.visited / r.total_nodes
        << ") in " << secs << " s on " << comm.size() << " rank(s), "
        << (r.complete ? "complete (certified)"
            : r.stopped_by_memory
                ? "stopped by the memory cap (max_memory_mb = " + cap_text(cfg.max_memory_mb) +
                      "; not certified)"
                : "stopped by the node budget (max_nodes = " + std::to_string(cfg.max_nodes) +
                      "; not certified)")
        << "\n";
  });

  timed(timings, "patterns_baselines", [&] {
    const double ll = nb.log_likelihood(counts);
    const double ind = pt::independent_model(counts, sensitive, cfg.alpha).log_likelihood(counts);
    const double ind_avg =
        pt::independent_model(counts, sensitive, cfg.alpha, true).log_likelihood(counts);
    res.add("/patterns/loglik/unconstrained", std::vector<double>{ll},
            "Log-likelihood of the maximum-likelihood naive Bayes on the data.", "nat");
    res.add("/patterns/loglik/independent", std::vector<double>{ind},
            "Sensitive features independent of the decision, ML parameters (P(s|D) = P(s)).",
            "nat");
    res.add("/patterns/loglik/independent_paper", std::vector<double>{ind_avg},
            "As the authors' code: P(s|D) = (P(s|d) + P(s|d-bar)) / 2.", "nat");
    out << "patterns: log-likelihood unconstrained " << ll << ", independent " << ind
        << " (authors' averaging: " << ind_avg << ")\n";
  });

  pt::FairLearnOptions fo;
  fo.delta = cfg.delta;
  fo.ranking = mode_of(cfg.fair.ranking);
  fo.k = cfg.fair.k;
  fo.max_iterations = cfg.fair.max_iterations;
  fo.margin = cfg.fair.margin;
  fo.alpha = cfg.alpha;
  fo.count_remaining = cfg.fair.count_remaining;
  if (cfg.fair.enabled)
    timed(timings, "patterns_fair", [&] {
      const auto t0 = std::chrono::steady_clock::now();
      const auto r = pt::learn_fair(counts, sensitive, fo, distributed);
      const pt::PatternModel final_model(r.model, sensitive, cfg.delta);
      const auto check = pt::mine(comm, final_model, {pt::MineMode::All, 10, true});
      std::vector<std::int64_t> constraints, mined, remaining, nodes;
      std::vector<double> ll;
      std::vector<std::string> status, added;
      for (const auto& it : r.iterations) {
        constraints.push_back(static_cast<std::int64_t>(it.constraints));
        mined.push_back(static_cast<std::int64_t>(it.mined));
        remaining.push_back(it.remaining);
        nodes.push_back(static_cast<std::int64_t>(it.nodes));
        ll.push_back(it.log_likelihood);
        status.push_back(it.solver_status);
      }
      for (const auto& key : r.constraints)
        added.push_back(pt::PatternModel::describe(key, table.names, lv, table.levels));
      const std::string g = "/patterns/fair/";
      res.add(g + "constraints", constraints, "Patterns constrained, per iteration (0 = ML).", "1");
      res.add(g + "mined", mined, "Patterns the top-k miner found, per iteration.", "1");
      res.add(g + "remaining", remaining,
              "Discrimination patterns of each iteration's model (-1: not counted).", "1");
      // Scheduling-dependent (which rank's cut pruned what): under /timing, like the mine's.
      res.add("/timing/patterns/fair/nodes_per_iteration", nodes,
              "Nodes the top-k mine visited, per iteration (depends on scheduling).", "1");
      res.add(g + "loglik", ll, "Log-likelihood per iteration.", "nat");
      res.add(g + "solver_status", status, "Ipopt's status per iteration.");
      res.add(g + "constraint_patterns", added, "The patterns constrained, in order added.");
      res.add(g + "final_patterns",
              std::vector<std::int64_t>{static_cast<std::int64_t>(check.qualifying)},
              "Exhaustive mine of the final model: patterns with |Delta| > delta (0 = fair).", "1");
      res.add(g + "loglik_final", std::vector<double>{r.log_likelihood},
              "Log-likelihood of the delta-fair model.", "nat");
      write_nb_parameters(res, model_group, "delta_fair", r.model,
                          "The delta-fair naive Bayes (the learner's last model; fair when "
                          "final_patterns = 0)");
      out << "patterns: delta-fair learner (" << cfg.fair.ranking << ", k=" << cfg.fair.k
          << "): " << r.iterations.size() - 1 << " iterations, " << r.constraints.size()
          << " constraints, log-likelihood " << r.log_likelihood << ", exhaustive check "
          << check.qualifying << " patterns left, " << seconds_since(t0) << " s\n";
    });

  if (cfg.cv_folds >= 2)
    timed(timings, "patterns_cv", [&] {
      Rng rng(context.config.run.seed, "patterns.cv");
      const auto folds = data::stratified_kfold(table.d, static_cast<int>(cfg.cv_folds), rng);
      const auto acc = context.farm.run("patterns.cv", folds.size(), [&](std::size_t i, Rng&) {
        const auto split = data::fold_split(folds, i);
        return pt::fold_accuracy(table.take(split.train), table.take(split.test), sensitive, fo,
                                 cfg.twonb_alpha);
      });
      if (!context.farm.is_root()) return;  // the folds' accuracies are rank 0's
      const char* names3[] = {"unconstrained", "two_nb", "fair"};
      constexpr double pt::FoldAccuracy::*fields[] = {
          &pt::FoldAccuracy::unconstrained, &pt::FoldAccuracy::two_nb, &pt::FoldAccuracy::fair};
      out << "patterns: " << folds.size() << "-fold CV accuracy";
      for (std::size_t j = 0; j < 3; ++j) {
        std::vector<double> v;
        double mean = 0;
        for (const auto& a : acc) {
          v.push_back(a.*fields[j]);
          mean += a.*fields[j] / static_cast<double>(acc.size());
        }
        res.add(std::string("/patterns/cv/") + names3[j], v, "Test accuracy per fold.", "1");
        res.add(std::string("/patterns/cv/") + names3[j] + "_mean", std::vector<double>{mean},
                "Mean test accuracy over the folds.", "1");
        out << " " << names3[j] << " " << mean;
      }
      out << "\n";
    });
}

}  // namespace adm::pipelines
