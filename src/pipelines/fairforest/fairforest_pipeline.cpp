#include "pipelines/fairforest/fairforest_pipeline.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "fairness/fair_metrics.hpp"
#include "learn/classifier.hpp"
#include "learn/tree_export.hpp"
#include "methods/fairforest/fair_tree_task.hpp"
#include "methods/fairforest/feature_discrimination.hpp"
#include "methods/fairforest/model_metrics.hpp"
#include "pipelines/fairforest/fairforest_data.hpp"
#include "pipelines/fairforest/fairforest_models.hpp"
#include "pipelines/fairforest/fairforest_sweep.hpp"
#include "report/result_figures.hpp"

namespace adm {

// A model's metrics, the result of a "fairforest.metrics" task: the estimates write_model and the
// summary read (every field but task, rows and groups, which the writer does not use).
template <>
struct Codec<fairness::FairEstimate> {
  static void put(ByteWriter& w, const fairness::FairEstimate& e) {
    for (const double v : {e.value, e.ci.lower, e.ci.upper}) Codec<double>::put(w, v);
    Codec<std::uint64_t>::put(w, e.ci.used);
  }
  static fairness::FairEstimate take(ByteReader& r) {
    fairness::FairEstimate e;
    e.value = Codec<double>::take(r);
    e.ci.lower = Codec<double>::take(r);
    e.ci.upper = Codec<double>::take(r);
    e.ci.used = Codec<std::uint64_t>::take(r);
    return e;
  }
};

template <>
struct Codec<fairness::FairMetricsReport> {
  using E = Codec<fairness::FairEstimate>;
  static void put(ByteWriter& w, const fairness::FairMetricsReport& m) {
    for (const auto* e : {&m.accuracy, &m.majority_accuracy, &m.rmse, &m.mse, &m.discrimination,
                          &m.delta, &m.maxd, &m.inconsistency})
      E::put(w, *e);
    Codec<double>::put(w, m.maxd_threshold);
    Codec<std::uint8_t>::put(w, m.constant_predictions ? 1 : 0);
    Codec<std::uint64_t>::put(w, m.replicates);
    E::put(w, m.maxd_min_group);
    Codec<double>::put(w, m.maxd_min_group_plugin);
    Codec<double>::put(w, m.maxd_min_group_threshold);
  }
  static fairness::FairMetricsReport take(ByteReader& r) {
    fairness::FairMetricsReport m;
    for (auto* e : {&m.accuracy, &m.majority_accuracy, &m.rmse, &m.mse, &m.discrimination, &m.delta,
                    &m.maxd, &m.inconsistency})
      *e = E::take(r);
    m.maxd_threshold = Codec<double>::take(r);
    m.constant_predictions = Codec<std::uint8_t>::take(r) != 0;
    m.replicates = Codec<std::uint64_t>::take(r);
    m.maxd_min_group = E::take(r);
    m.maxd_min_group_plugin = Codec<double>::take(r);
    m.maxd_min_group_threshold = Codec<double>::take(r);
    return m;
  }
};

}  // namespace adm

namespace adm::pipelines {
namespace {

namespace ff = methods::fairforest;

// The protected attribute a model uses: none, the nominal one (_F) or the numeric one (_Fc).
const ff::Protected* protection_of(const std::string& model, const FairforestData& d) {
  if (model.ends_with("_Fc")) return &*d.numeric;
  if (model.ends_with("_F")) return &*d.nominal;
  return nullptr;
}

void write_estimate(ResultSet& out, const std::string& path, const fairness::FairEstimate& e,
                    const std::string& what, double level) {
  out.add(path, std::vector<double>{e.value, e.ci.lower, e.ci.upper},
          what + ": value, then the lower and upper bound of its " +
              std::to_string(static_cast<int>(std::lround(level * 100))) +
              "% percentile bootstrap interval (NaN: not applicable or no bootstrap).",
          "1");
}

// Inconsistency's feature columns: the evaluated rows' features, the same for every model.
std::vector<std::vector<double>> knn_features(const FairforestData& d, const data::Dataset& data) {
  const data::Dataset& table = d.evaluated(data);
  std::vector<const data::Column*> cols;
  for (const auto& f : d.features) cols.push_back(&table.column(f));
  return fairness::knn_columns(cols);
}

// `neighbours`: Inconsistency's neighbour lists of knn_features for these rows, shared by models.
fairness::FairMetricsReport score(const ExperimentConfig& config, const FairforestData& d,
                                  const data::Dataset& data, const ff::ModelOutcome& o,
                                  const std::vector<std::uint32_t>& neighbours) {
  const auto& cfg = config.fairforest;
  const auto& pb = d.problem;
  std::vector<double> truth(o.rows.size());
  for (std::size_t q = 0; q < o.rows.size(); ++q)
    truth[q] = pb.regression() ? pb.values[o.rows[q]] : static_cast<double>(pb.labels[o.rows[q]]);
  std::vector<std::int32_t> group;
  std::vector<double> numeric;
  if (d.nominal)
    for (const std::size_t r : o.rows) group.push_back(d.nominal->codes[r]);
  if (d.numeric)
    for (const std::size_t r : o.rows) numeric.push_back(d.numeric->values[r]);
  const auto knn = knn_features(d, data);
  fairness::FairMetricsInputs in;
  in.task = pb.regression() ? fairness::FairTask::Regression : fairness::FairTask::Classification;
  in.y_true = truth;
  in.y_pred = o.prediction;
  in.group = group;
  in.groups = d.nominal ? d.nominal->levels : 0;
  if (d.nominal) in.group_name = d.nominal->name;
  in.protected_value = numeric;
  if (d.numeric) in.protected_name = d.numeric->name;
  in.knn_features = &knn;
  in.knn_k = cfg.inconsistency_k;
  in.knn_neighbours = &neighbours;
  fairness::FairMetricsOptions opt;
  opt.replicates = cfg.bootstrap;
  opt.level = cfg.confidence;
  opt.seed = config.run.seed;
  opt.stream = "fairforest.metrics";  // one stream for every model: paired intervals
  opt.maxd_min_group = cfg.maxd_min_group;
  return fairness::fair_metrics(in, opt);
}

void write_model(ResultSet& out, const std::string& name, const fairness::FairMetricsReport& m,
                 const ff::ModelOutcome& o, double level, std::uint64_t min_group) {
  const std::string g = "/fairforest/models/" + name;
  out.add(g + "/prediction", o.prediction,
          "Held-out prediction per evaluated row (class code, or mean for regression).", "1");
  out.add(g + "/importance", o.importance,
          "Mean decrease in label impurity per feature (/fairforest/features), share of the total.",
          "1");
  write_estimate(out, g + "/accuracy", m.accuracy, "Accuracy", level);
  write_estimate(out, g + "/majority_accuracy", m.majority_accuracy,
                 "Accuracy of always predicting the most frequent class", level);
  write_estimate(out, g + "/rmse", m.rmse, "Root mean squared error", level);
  write_estimate(out, g + "/mse", m.mse, "Mean squared error", level);
  write_estimate(out, g + "/discrimination", m.discrimination,
                 "Discrimination (eq. 6/7) on the nominal protected attribute", level);
  write_estimate(out, g + "/delta", m.delta, "Delta = Accuracy - Discrimination", level);
  write_estimate(out, g + "/maxd", m.maxd, "MaxD (eq. 8) on the numeric protected attribute",
                 level);
  write_estimate(out, g + "/inconsistency", m.inconsistency, "Inconsistency (eq. 9)", level);
  out.add(g + "/maxd_threshold", std::vector<double>{m.maxd_threshold},
          "Threshold t of MaxD's best split {x < t} vs {x >= t}.", "1");
  const std::string rule = " over thresholds leaving >= " + std::to_string(min_group) +
                           " rows on each side (fairforest.maxd_min_group)";
  out.add(g + "/maxd_min_group",
          std::vector<double>{m.maxd_min_group.value, m.maxd_min_group.ci.lower,
                              m.maxd_min_group.ci.upper},
          "MaxD (eq. 8)" + rule +
              ": bias-corrected value (2 v - mean of the bootstrap "
              "replicates, v = maxd_min_group_plugin; v itself without bootstrap), then the lower "
              "and upper bound of its " +
              std::to_string(static_cast<int>(std::lround(level * 100))) +
              "% basic (reverse-percentile) bootstrap interval [2 v - q_hi, 2 v - q_lo]; all "
              "clamped at 0 (NaN: no such threshold, or no bootstrap for the bounds).",
          "1");
  out.add(g + "/maxd_min_group_plugin", std::vector<double>{m.maxd_min_group_plugin},
          "MaxD (eq. 8)" + rule + " on the held-out rows, before bias correction.", "1");
  out.add(g + "/maxd_min_group_threshold", std::vector<double>{m.maxd_min_group_threshold},
          "Threshold t of the best split {x < t} vs {x >= t}" + rule + ".", "1");
  out.add(g + "/constant_predictions", std::vector<std::int64_t>{m.constant_predictions ? 1 : 0},
          "1 when every held-out prediction is the same (accuracy is then a majority rate).", "1");
}

// One fair tree, stored so the report can draw it: the first tree of the first fold of the first
// fair model in the config (DT_F, DT_Fc or a fair forest's), grown again exactly as its task grew
// it (same rows and streams), since the tasks return predictions, never trees.
void store_fair_tree(ResultSet& out, const ExperimentConfig& config, const FairforestData& d,
                     const data::Dataset& data, const ff::Evaluation& eval) {
  const auto& cfg = config.fairforest;
  const auto fair = std::find_if(cfg.models.begin(), cfg.models.end(),
                                 [](const std::string& m) { return m.find("_F") != m.npos; });
  if (fair == cfg.models.end()) return;
  const ff::Protected* prot = protection_of(*fair, d);
  const ff::ModelSpec spec = fairforest_spec(cfg, *fair, prot, d.problem.x.cols);
  const learn::DecisionTree tree =
      ff::grow_tree(d.problem, prot, spec, eval.train[0], config.run.seed, 0, 0);
  learn::export_tree(tree, out, "/fairforest/tree", d.features,
                     learn::level_labels(data, d.features));
  out.add("/fairforest/tree_model",
          std::vector<std::string>{*fair, spec.forest ? "tree 1 of fold 1" : "fold 1"},
          "The model of /fairforest/tree, and which of its trees it is (grown on that fold's "
          "training rows).");
}

}  // namespace

void check_fairforest_inputs(const ExperimentConfig& config, const data::Dataset& data) {
  prepare_fairforest(config, data);
}

void run_fairforest(StageContext& context, Timings& timings) {
  const auto& config = context.config;
  const auto& cfg = config.fairforest;
  const FairforestData d = prepare_fairforest(config, context.data);
  Rng fold_rng(config.run.seed, "fairforest.folds");
  const ff::Evaluation eval = d.test ? ff::holdout(d.train_rows, d.problem.x.rows)
                                     : ff::cross_validation(d.problem, cfg.folds, fold_rng);
  ResultSet& out = context.results;
  out.add("/fairforest/features", d.features, "Feature columns, in matrix order.");
  out.add("/fairforest/model_names", cfg.models, "Models fitted, in config order.");
  // What the class codes of /fairforest/models/*/prediction mean: code k is the k-th level, code 1
  // the positive one (a target recoded by data.positive has 0 = any other level).
  if (!d.classes.empty())
    out.add("/fairforest/target_levels",
            config.data.positive.empty()
                ? d.classes
                : std::vector<std::string>{"not " + config.data.positive, config.data.positive},
            "The target's level of each prediction class code; code 1 is the positive level.");
  out.add("/fairforest/folds", std::vector<std::int64_t>{static_cast<std::int64_t>(eval.folds())},
          "Folds of the protocol (1 = the test file).", "1");

  std::map<std::string, ff::ModelOutcome> outcomes;
  auto fit = [&](const std::string& name) -> const ff::ModelOutcome& {
    const ff::Protected* prot = protection_of(name, d);
    const ff::ModelSpec spec = fairforest_spec(cfg, name, prot, d.problem.x.cols);
    const std::string stage = "fairforest." + name;
    ff::ModelOutcome outcome;
    timed(timings, stage.c_str(), [&] {
      const auto results =
          context.farm.run(stage, ff::task_count(spec, eval), [&](std::size_t i, Rng&) {
            return ff::run_task(d.problem, prot, spec, eval, config.run.seed, i);
          });
      // The votes stay on rank 0; the metrics tasks and the sweep need only the forest's held-out
      // predictions, so every rank gets those.
      if (context.farm.is_root()) outcome = ff::assemble(d.problem, spec, eval, results);
      context.farm.share(outcome);
    });
    return outcomes[name] = std::move(outcome);
  };

  context.summary << "fairforest: "
                  << (d.test ? "test file"
                             : std::to_string(eval.folds()) + "-fold cross-validation")
                  << ", " << d.problem.x.rows - (d.test ? d.train_rows : 0) << " evaluated rows\n";
  for (const auto& name : cfg.models) fit(name);
  // Each model's metrics (bootstrap intervals, Inconsistency's neighbour search) is one task, so
  // the ranks share them instead of every rank computing all of them.
  // Inconsistency's neighbour search depends on the rows' features only, not on the model, and is
  // most of a task's cost: a rank searches once, at its first metrics task, for every model it
  // scores (at 10^5 rows ~0.1 ms a row; it was searched again for each model).
  std::once_flag searched;
  std::vector<std::uint32_t> neighbours;
  std::vector<fairness::FairMetricsReport> reports;
  timed(timings, "fairforest.metrics", [&] {
    reports = context.farm.run("fairforest.metrics", cfg.models.size(), [&](std::size_t i, Rng&) {
      const auto& outcome = outcomes.at(cfg.models[i]);
      std::call_once(searched, [&] {
        neighbours = fairness::nearest_neighbours(knn_features(d, context.data),
                                                  outcome.rows.size(), cfg.inconsistency_k);
      });
      return score(config, d, context.data, outcome, neighbours);
    });
  });
  if (!cfg.models.empty()) {  // every model is evaluated on the same rows
    const auto& rows = outcomes.at(cfg.models.front()).rows;
    out.add("/fairforest/rows", std::vector<std::int64_t>(rows.begin(), rows.end()),
            "Row (0-based: the data's rows, then a test file's) of each entry of "
            "/fairforest/models/*/prediction and each column of /fairforest/sweep/prediction.",
            "1");
  }
  for (std::size_t i = 0; i < reports.size(); ++i) {  // rank 0 only: the other ranks have none
    const auto& name = cfg.models[i];
    const ff::ModelOutcome& o = outcomes.at(name);
    const auto& m = reports[i];
    write_model(out, name, m, o, cfg.confidence, cfg.maxd_min_group);
    context.summary << "  " << name << ": "
                    << (d.problem.regression()
                            ? "RMSE " + fixed(m.rmse.value)
                            : "accuracy " + fixed(m.accuracy.value) + " (majority " +
                                  fixed(m.majority_accuracy.value) + ")")
                    << ", discrimination " << fixed(m.discrimination.value) << ", MaxD "
                    << fixed(m.maxd.value) << ", inconsistency " << fixed(m.inconsistency.value)
                    << (m.constant_predictions ? "  [constant predictions]" : "") << "\n";
  }

  if (context.farm.is_root()) store_fair_tree(out, config, d, context.data, eval);

  if (cfg.sweep) {
    if (!outcomes.count("RF")) fit("RF");
    run_fairforest_sweep(context, timings, d, eval, outcomes.at("RF"));
  }

  const auto& fair_name = cfg.importance_model;
  if (!fair_name.empty() && outcomes.count("RF") && outcomes.count(fair_name)) {
    const auto& rf = outcomes.at("RF").importance;
    const auto& fair = outcomes.at(fair_name).importance;
    out.add("/fairforest/importance/standard", rf, "RF's MDI share per feature (Figures 1-2).",
            "1");
    out.add("/fairforest/importance/fair", fair,
            fair_name + "'s MDI share per feature (Figures 1-2).", "1");
    // The SVG beside the result is the report's figure, drawn from the datasets just added.
    const auto drawn = report::document_of(out, "/fairforest");
    out.add_file("importance.svg",
                 report::importance_figure(report::ResultData(drawn, ""),
                                           "Feature importance: " + config.run.name));
  }
}

}  // namespace adm::pipelines
