#include "pipelines/models/model_factory.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <sstream>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "learn/cart.hpp"
#include "learn/cart_prune.hpp"
#include "learn/glm_classifier.hpp"
#include "learn/lasso_classifier.hpp"
#include "learn/random_forest.hpp"
#include "learn/rank_transform.hpp"
#include "learn/tree_export.hpp"
#include "pipelines/models/learner_factory.hpp"

namespace adm::pipelines {
namespace {

// COREtree / FINEtree: a CART tree grown like rpart, optionally on rank-transformed inputs, pruned
// at the complexity chosen by K-fold CV (folds drawn from the learner's seed).
class PrunedTreeClassifier : public learn::ProbabilisticClassifier {
 public:
  PrunedTreeClassifier(learn::CartParams params, std::string prune, bool rank, std::size_t folds)
      : params_(std::move(params)), prune_(std::move(prune)), rank_(rank), folds_(folds) {}

  void fit(const learn::FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
           std::span<const double> weights) override {
    const learn::FeatureMatrix& input = rank_ ? (transformed_ = transform_.fit_transform(x)) : x;
    if (prune_ == "none") {
      tree_ = learn::DecisionTree(params_);
      tree_.fit(input, y, classes, weights);
      table_.clear();
      return;
    }
    Rng rng(seed_, "tree.cv", 0);
    const learn::TreeTarget target{y, classes, {}};
    const std::size_t folds = std::min<std::size_t>(folds_, x.rows);
    auto pruned =
        learn::fit_pruned(params_, input, target, weights, folds, rng, prune_ == "cv_1se");
    tree_ = std::move(pruned.tree);
    table_ = std::move(pruned.table);
    chosen_ = pruned.row;
  }
  std::vector<double> predict_proba(const learn::FeatureMatrix& x) const override {
    return tree_.predict_proba(rank_ ? transform_.transform(x) : x);
  }
  std::vector<double> importance() const override { return tree_.importance(); }
  void reseed(std::uint64_t seed) override { seed_ = seed; }
  std::unique_ptr<ProbabilisticClassifier> clone() const override {
    return std::make_unique<PrunedTreeClassifier>(params_, prune_, rank_, folds_);
  }

  const learn::DecisionTree& tree() const { return tree_; }
  const std::vector<learn::CpRow>& table() const { return table_; }
  std::size_t chosen() const { return chosen_; }

  std::string text(const std::vector<std::string>& names, const learn::LevelLabels& levels) const {
    std::ostringstream out;
    out << tree_.to_text(names, levels);
    if (table_.empty()) return out.str();
    out << "\ncost-complexity pruning, " << folds_ << "-fold CV (chosen: *):\n"
        << "        CP nsplit rel_error    xerror      xstd\n";
    char line[120];
    for (std::size_t i = 0; i < table_.size(); ++i) {
      const auto& r = table_[i];
      std::snprintf(line, sizeof line, "%10.6f %6zu %9.5f %9.5f %9.5f%s\n", r.cp, r.nsplit,
                    r.rel_error, r.xerror, r.xstd, i == chosen_ ? " *" : "");
      out << line;
    }
    return out.str();
  }

 private:
  learn::CartParams params_;
  std::string prune_;
  bool rank_;
  std::size_t folds_;
  std::uint64_t seed_ = 0;
  learn::RankTransform transform_;
  learn::FeatureMatrix transformed_;
  learn::DecisionTree tree_;
  std::vector<learn::CpRow> table_;
  std::size_t chosen_ = 0;
};

// A random forest whose inputs may be rank-transformed first.
learn::ForestParams forest_params(const ModelSpec& spec, const ModelInputs& inputs) {
  learn::ForestParams p;
  p.trees = static_cast<std::size_t>(spec.trees);
  p.mtry = static_cast<std::size_t>(spec.mtry);
  p.criterion = spec.criterion;
  if (spec.candidates == "safety") p.feature_weights = inputs.safety;
  return p;
}

// w_j = 1 / F_j (or 1 / R_j); +inf (never enters) where the InfoGram value is 0.
std::vector<double> penalty_factors(const std::vector<double>& values) {
  std::vector<double> w;
  for (double v : values) w.push_back(v > 0 ? 1 / v : std::numeric_limits<double>::infinity());
  return w;
}

}  // namespace

std::unique_ptr<learn::ProbabilisticClassifier> make_model(const ModelSpec& spec,
                                                           const ModelInputs& inputs,
                                                           const LearnerSection& learner) {
  if (spec.kind == "gbm") return make_learner(learner);
  if (spec.kind == "tree") {
    learn::CartParams p;
    p.max_depth = static_cast<std::size_t>(spec.max_depth);
    p.min_split = static_cast<std::size_t>(spec.min_split);
    p.min_leaf = static_cast<std::size_t>(spec.min_leaf);
    p.cp = spec.cp;
    p.criterion = spec.criterion;
    return std::make_unique<PrunedTreeClassifier>(p, spec.prune, spec.rank_transform, inputs.folds);
  }
  if (spec.kind == "glm") {
    learn::GlmParams p;
    p.stepwise = spec.stepwise;
    return std::make_unique<learn::GlmClassifier>(p);
  }
  if (spec.kind == "lasso") {
    learn::LassoParams p;
    if (spec.penalty == "safety") p.penalty = penalty_factors(inputs.safety);
    if (spec.penalty == "relevance") p.penalty = penalty_factors(inputs.relevance);
    p.folds = inputs.folds;
    p.one_se = spec.lambda == "1se";
    return std::make_unique<learn::LassoClassifier>(p);
  }
  if (spec.kind == "forest")
    return std::make_unique<learn::RandomForest>(forest_params(spec, inputs));
  throw InputError("models: kind '" + spec.kind + "' is not available");
}

void export_model(const learn::ProbabilisticClassifier& model,
                  const std::vector<std::string>& names, const learn::LevelLabels& levels,
                  ResultSet& results, const std::string& base) {
  if (const auto* t = dynamic_cast<const PrunedTreeClassifier*>(&model)) {
    learn::export_tree(t->tree(), results, base + "/tree", names, levels);
    std::vector<double> cp, rel, xerr, xstd;
    for (const auto& r : t->table())
      cp.push_back(r.cp), rel.push_back(r.rel_error), xerr.push_back(r.xerror),
          xstd.push_back(r.xstd);
    if (cp.empty()) return;
    results.add(base + "/cptable/cp", cp, "Complexity parameters of the pruning sequence.",
                "fraction of root risk");
    results.add(base + "/cptable/rel_error", rel, "Training risk over the root's.", "fraction");
    results.add(base + "/cptable/xerror", xerr, "Cross-validated risk over the root's.",
                "fraction");
    results.add(base + "/cptable/xstd", xstd, "Standard error of xerror.", "fraction");
    results.add(base + "/cptable/chosen", std::vector<std::int64_t>{std::int64_t(t->chosen())},
                "Row of the table the tree was pruned at.", "index");
  } else if (const auto* glm = dynamic_cast<const learn::GlmClassifier*>(&model)) {
    std::vector<std::string> kept;
    for (auto c : glm->terms()) kept.push_back(names.at(c));
    results.add(base + "/terms", kept, "Columns in the final model (after stepwise selection).");
    if (!glm->logistic()) return;
    const auto& fit = *glm->logistic();
    std::vector<std::string> coef_names;
    std::vector<double> est, se, z, p;
    for (const auto& c : fit.coefficients)
      coef_names.push_back(c.name), est.push_back(c.estimate), se.push_back(c.std_error),
          z.push_back(c.z), p.push_back(c.p_value);
    results.add(base + "/coefficients/names", coef_names, "Design columns (intercept first).");
    results.add(base + "/coefficients/estimate", est, "Coefficient estimates (NaN: aliased).",
                "log-odds");
    results.add(base + "/coefficients/std_error", se, "Standard errors.", "log-odds");
    results.add(base + "/coefficients/z", z, "Wald z statistics.", "1");
    results.add(base + "/coefficients/p_value", p, "Two-sided p-values of z.", "probability");
    results.add(base + "/aic", std::vector<double>{fit.aic}, "Akaike information criterion.", "1");
    results.add(base + "/deviance", std::vector<double>{fit.deviance}, "Residual deviance.", "1");
  } else if (const auto* lasso = dynamic_cast<const learn::LassoClassifier*>(&model)) {
    if (!lasso->cv()) return;
    const auto& cv = *lasso->cv();
    std::vector<std::string> coef_names{"(Intercept)"};
    coef_names.insert(coef_names.end(), cv.path.names.begin(), cv.path.names.end());
    results.add(base + "/coefficients/names", coef_names, "Design columns (intercept first).");
    results.add(base + "/coefficients/estimate", lasso->coefficients(),
                "Coefficients at the chosen lambda (0: not selected).", "log-odds");
    results.add(base + "/lambda", cv.path.lambda, "The lambda path.", "1");
    results.add(base + "/cv_mean", cv.cvm, "Cross-validated error per lambda.", "1");
    results.add(base + "/cv_se", cv.cvsd, "Its standard error.", "1");
    results.add(base + "/lambda_min_1se", std::vector<double>{cv.lambda_min, cv.lambda_1se},
                "lambda_min and lambda_1se.", "1");
    results.add(base + "/penalty", cv.path.penalty,
                "Penalty factors after glmnet's rescaling (inf: never enters).", "1");
  } else if (const auto* forest = dynamic_cast<const learn::RandomForest*>(&model)) {
    results.add(base + "/oob_error", std::vector<double>{forest->oob_error()},
                "Out-of-bag misclassification rate.", "fraction");
  }
}

std::string describe_model(const learn::ProbabilisticClassifier& model,
                           const std::vector<std::string>& names,
                           const learn::LevelLabels& levels) {
  if (const auto* tree = dynamic_cast<const PrunedTreeClassifier*>(&model))
    return tree->text(names, levels);
  if (const auto* glm = dynamic_cast<const learn::GlmClassifier*>(&model)) {
    std::string text;
    if (glm->logistic()) text = learn::format_logistic(*glm->logistic());
    return text;
  }
  if (const auto* lasso = dynamic_cast<const learn::LassoClassifier*>(&model)) {
    if (!lasso->cv()) return "";
    std::ostringstream out;
    const auto& cv = *lasso->cv();
    const auto coef = lasso->coefficients();
    out << "lasso at lambda " << cv.path.lambda[lasso->chosen()] << " (lambda_min " << cv.lambda_min
        << ", lambda_1se " << cv.lambda_1se << "), selected:\n";
    char line[160];
    std::snprintf(line, sizeof line, "  %-28s %12.6f\n", "(Intercept)", coef[0]);
    out << line;
    for (std::size_t j = 0; j < cv.path.names.size(); ++j) {
      if (coef[j + 1] == 0) continue;
      std::snprintf(line, sizeof line, "  %-28s %12.6f\n", cv.path.names[j].c_str(), coef[j + 1]);
      out << line;
    }
    return out.str();
  }
  if (const auto* forest = dynamic_cast<const learn::RandomForest*>(&model)) {
    char line[120];
    std::snprintf(line, sizeof line, "random forest: %zu trees, out-of-bag error %.5f\n",
                  forest->params().trees, forest->oob_error());
    return line;
  }
  return "";
}

}  // namespace adm::pipelines
