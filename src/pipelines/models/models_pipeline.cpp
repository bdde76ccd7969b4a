#include "pipelines/models/models_pipeline.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "core/error.hpp"
#include "data/split.hpp"
#include "info/ml_cmi.hpp"
#include "learn/metrics.hpp"
#include "learn/random_forest.hpp"
#include "pipelines/audit/audit_stages.hpp"
#include "pipelines/infogram/infogram_pipeline.hpp"
#include "pipelines/models/model_factory.hpp"
#include "pipelines/models/models_scoring.hpp"

namespace adm::pipelines {
namespace {

// The feature list for the summary table: in full when short, else its start and the count.
std::string short_list(const std::vector<std::string>& names) {
  const std::string all = join_names(names);
  if (all.size() <= 80) return all;
  return all.substr(0, 60) + "... (" + std::to_string(names.size()) + " features)";
}

bool needs_infogram(const ExperimentConfig& config) {
  if (config.models.alfa && config.alfa.admissible.empty()) return true;
  for (const auto& m : config.models.model) {
    if (m.features == "admissible" && config.alfa.admissible.empty()) return true;
    if (m.kind == "lasso" && m.penalty != "none") return true;
    if (m.kind == "forest" && m.candidates != "uniform") return true;
  }
  return false;
}

// The model's columns: its feature set plus `add`, without repeats, in that order.
std::vector<std::string> model_columns(const ModelSpec& spec, const data::Dataset& data,
                                       const std::vector<std::string>& admissible) {
  std::vector<std::string> cols;
  if (spec.features == "admissible") cols = admissible;
  if (spec.features == "all") cols = data.roles().features;
  if (spec.features == "columns") cols = spec.columns;
  for (const auto& a : spec.add)
    if (std::find(cols.begin(), cols.end(), a) == cols.end()) cols.push_back(a);
  return cols;
}

double mean(const std::vector<double>& v) {
  double s = 0;
  std::size_t n = 0;
  for (double x : v)
    if (!std::isnan(x)) s += x, ++n;
  return n ? s / static_cast<double>(n) : std::nan("");
}

double stdev(const std::vector<double>& v) {
  const double m = mean(v);
  double s = 0;
  std::size_t n = 0;
  for (double x : v)
    if (!std::isnan(x)) s += (x - m) * (x - m), ++n;
  return n > 1 ? std::sqrt(s / static_cast<double>(n - 1)) : std::nan("");
}

}  // namespace

void check_models_inputs(const ExperimentConfig& config, const data::Dataset& data) {
  const auto& models = config.models;
  const auto key = [&](std::size_t i, const std::string& k) {
    return config.file + ": config key 'models.model[" + std::to_string(i) + "]." + k + "'";
  };
  if (models.model.empty())
    throw InputError(config.file + ": config key 'models.model': no model given");
  if (!data.target().is_categorical())
    throw InputError(config.file + ": config key 'data.target': column '" + data.target().name() +
                     "' is numeric; the models pipeline needs a categorical outcome");
  if (needs_infogram(config)) check_infogram_inputs(config, data);
  for (std::size_t i = 0; i < models.model.size(); ++i) {
    const auto& m = models.model[i];
    for (std::size_t j = 0; j < i; ++j)
      if (models.model[j].name == m.name)
        throw InputError(key(i, "name") + ": model name '" + m.name + "' is used twice");
    if (m.features == "columns" && m.columns.empty())
      throw InputError(key(i, "columns") + ": features = \"columns\" needs a list of columns");
    for (const auto* list : {&m.columns, &m.add})
      for (const auto& c : *list) {
        if (!data.has(c))
          throw InputError(key(i, list == &m.columns ? "columns" : "add") + ": unknown column '" +
                           c + "' in " + data.source());
        if (c == data.roles().target)
          throw InputError(key(i, list == &m.columns ? "columns" : "add") + ": column '" + c +
                           "' is the target");
      }
  }
  const double test_rows = static_cast<double>(data.rows()) * models.test_fraction;
  if (test_rows < 1 || static_cast<double>(data.rows()) - test_rows < 2)
    throw InputError(config.file + ": config key 'models.test_fraction': leaves " +
                     std::to_string(data.rows()) + " rows without a usable train/test split");
}

void run_models(StageContext& context, Timings& timings) {
  const auto& config = context.config;
  const auto& data = context.data;
  const auto& roles = data.roles();
  const auto& section = config.models;
  auto& results = context.results;
  auto& out = context.summary;

  timed(timings, "data", [&] { describe_data_stage(context); });
  InfogramOutcome infogram;
  if (needs_infogram(config))
    timed(timings, "infogram", [&] { infogram = infogram_stage(context); });
  const auto& admissible =
      config.alfa.admissible.empty() ? infogram.admissible : config.alfa.admissible;

  std::vector<PreparedModel> models;
  for (const auto& spec : section.model) {
    PreparedModel p{spec, model_columns(spec, data, admissible), {}};
    if (p.columns.empty())
      throw InputError(config.file + ": model '" + spec.name +
                       "' has no features (the admissible set is empty)");
    for (const auto& c : p.columns) {
      const auto at = std::find(infogram.features.begin(), infogram.features.end(), c);
      const bool scored = at != infogram.features.end();
      const auto j = static_cast<std::size_t>(at - infogram.features.begin());
      p.inputs.safety.push_back(scored ? infogram.net[j] : 0.0);
      p.inputs.relevance.push_back(scored ? infogram.relevance[j] : 0.0);
    }
    p.inputs.folds = section.folds;
    models.push_back(std::move(p));
  }

  std::size_t classes = 0;
  const auto y = info::response_codes(data, roles.target, &classes);
  std::vector<data::TrainTest> splits;
  for (std::size_t r = 0; r < section.repeats; ++r) {
    Rng rng(config.run.seed, "models.split", r);
    splits.push_back(data::stratified_train_test_split(y, section.test_fraction, rng));
  }

  std::vector<std::vector<double>> scores;
  timed(timings, "models.score",
        [&] { scores = score_models(context, models, splits, y, classes); });
  // The scores are rank 0's (it writes them); the other ranks only take part in the forest and
  // ALFA stages below, so NaN stands in for the scores they never write.
  const bool root = context.farm.is_root();
  if (!root) scores.assign(models.size() * section.repeats, std::vector<double>(3, std::nan("")));

  // The reported model: fitted on all rows (identically on every rank), its decisions ALFA-tested.
  results.add(
      "/models/names",
      [&] {
        std::vector<std::string> n;
        for (const auto& m : models) n.push_back(m.spec.name);
        return n;
      }(),
      "Models, in config order.");
  results.add("/models/admissible", admissible, "X_A: the InfoGram's admissible set.");
  // What the class codes of trees and decisions mean (class k = the k-th level; a target recoded
  // by data.positive has codes 0 = any other level, 1 = the positive one).
  results.add("/models/target_levels",
              config.data.positive.empty()
                  ? data.target().levels()
                  : std::vector<std::string>{"not " + config.data.positive, config.data.positive},
              "The target's level of each class code (class k of /models/*/tree and decisions).");
  results.add("/models/test_fraction", std::vector<double>{section.test_fraction},
              "Share of rows in each random stratified test split.", "fraction");
  out << "models on " << section.repeats << " random stratified splits ("
      << section.test_fraction * 100 << "% test), X_A = {" << join_names(admissible) << "}:\n";
  char line[256];
  std::snprintf(line, sizeof line, "  %-12s %-7s %8s %7s %7s %9s %8s  %s\n", "model", "kind",
                "accuracy", "sd", "AUC", "alpha", "p", "features");
  out << line;
  const auto t_full = std::chrono::steady_clock::now();
  for (std::size_t m = 0; m < models.size(); ++m) {
    const auto& model = models[m];
    const std::string base = "/models/" + model.spec.name;
    std::vector<double> acc, auc, auc_labels;
    for (std::size_t r = 0; r < section.repeats; ++r) {
      acc.push_back(scores[m * section.repeats + r][0]);
      auc.push_back(scores[m * section.repeats + r][1]);
      auc_labels.push_back(scores[m * section.repeats + r][2]);
    }
    results.add(base + "/kind", std::vector<std::string>{model.spec.kind}, "Learner.");
    results.add(base + "/features", model.columns, "Columns of the model.");
    results.add(base + "/accuracy", acc, "Test accuracy per random split.", "fraction");
    results.add(base + "/auc", auc, "Test ROC AUC per split (binary outcomes; NaN otherwise).",
                "probability");
    results.add(base + "/accuracy_mean", std::vector<double>{mean(acc)}, "Mean test accuracy.",
                "fraction");
    results.add(base + "/accuracy_sd", std::vector<double>{stdev(acc)},
                "Standard deviation of the test accuracy over splits.", "fraction");
    results.add(base + "/auc_mean", std::vector<double>{mean(auc)}, "Mean test AUC.",
                "probability");
    results.add(base + "/auc_labels", auc_labels,
                "AUC of the predicted labels instead of the probabilities per split: (TPR + TNR) "
                "/ 2, the balanced accuracy (what an AUC of hard decisions measures).",
                "probability");
    results.add(base + "/auc_labels_mean", std::vector<double>{mean(auc_labels)},
                "Mean AUC of the predicted labels.", "probability");

    auto full = make_model(model.spec, model.inputs, config.learner);
    full->reseed(Rng(config.run.seed, "models.full", m).next_u64());
    const auto x_all = learn::make_matrix(data, model.columns);
    std::vector<double> proba;
    if (auto* forest = dynamic_cast<learn::RandomForest*>(full.get())) {
      // The forest on all rows: blocks of trees are tasks; each block stays on its rank and
      // returns only per-row sums (predictions, OOB) and importances.
      const auto index = learn::DecisionTree::index_columns(x_all);
      const learn::TreeTarget target{y, classes, {}};
      const learn::TreeBlocks tree_blocks(forest->params().trees, kForestBlock);
      std::vector<std::vector<double>> blocks;
      timed(timings, ("models.forest_trees." + model.spec.name).c_str(), [&] {
        blocks = context.farm.run(
            "models.forest." + model.spec.name, tree_blocks.count(), [&](std::size_t b, Rng&) {
              return forest->fit_block(x_all, index, target, {}, tree_blocks.first(b),
                                       tree_blocks.size(b));
            });
      });
      // Rank 0 assembles the forest; the other ranks need only its decisions (for ALFA).
      if (root) {
        forest->assemble_blocks(x_all, target, {}, blocks);
        proba = forest->fitted();
      }
      context.farm.share(proba);
    } else {
      full->fit(x_all, y, classes);
      proba = full->predict_proba(x_all);
    }
    const auto decisions = learn::predicted_classes(proba, classes);
    const auto levels = learn::level_labels(data, model.columns);
    const auto text = root ? describe_model(*full, model.columns, levels) : std::string();
    if (!text.empty())
      results.add(base + "/model", std::vector<std::string>{text},
                  "The model fitted on all rows, as text.");
    if (root) {  // a forest is assembled on rank 0 only
      export_model(*full, model.columns, levels, results, base);
      results.add(base + "/importance", full->importance(),
                  "Importance of each feature in the model fitted on all rows.", "learner units");
    }
    AlfaResult a{std::nan(""), std::nan(""), std::nan(""), std::nan("")};
    if (section.alfa && model.spec.alfa && !roles.sensitive.empty())
      a = alfa_of_response(context, "model." + model.spec.name, decisions, classes, admissible,
                           base + "/alfa");
    std::snprintf(line, sizeof line, "  %-12s %-7s %8.4f %7.4f %7.4f %9.5f %8.4f  %s\n",
                  model.spec.name.c_str(), model.spec.kind.c_str(), mean(acc), stdev(acc),
                  mean(auc), a.alpha, a.p_value, short_list(model.columns).c_str());
    out << line;
    if (!text.empty()) out << text << (text.back() == '\n' ? "" : "\n");
  }
  timings.emplace_back(
      "models.full_and_alfa",
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t_full).count());
}

}  // namespace adm::pipelines
