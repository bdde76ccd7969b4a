#include "info/ml_cmi.hpp"

#include <cmath>

#include "core/error.hpp"
#include "data/dataset.hpp"
#include "data/split.hpp"

namespace adm::info {
namespace {

std::vector<std::size_t> all_rows(std::size_t n) {
  std::vector<std::size_t> rows(n);
  for (std::size_t r = 0; r < n; ++r) rows[r] = r;
  return rows;
}

double weight_at(std::span<const double> weights, std::size_t row) {
  return weights.empty() ? 1.0 : weights[row];
}

void check_problem(const CmiProblem& p, const MlCmiOptions& o) {
  const std::size_t n = p.data.rows();
  if (p.x.empty()) throw InputError("ml_cmi: the X set has no columns");
  if (p.classes < 1) throw InputError("ml_cmi: need at least one class");
  if (p.y.size() != n)
    throw InputError("ml_cmi: " + std::to_string(p.y.size()) + " responses for " +
                     std::to_string(n) + " rows");
  for (std::int32_t c : p.y)
    if (c < 0 || static_cast<std::size_t>(c) >= p.classes)
      throw InputError("ml_cmi: response code out of range");
  if (!p.weights.empty() && p.weights.size() != n)
    throw InputError("ml_cmi: weights and data differ in rows");
  for (double w : p.weights)
    if (!(w >= 0.0) || !std::isfinite(w))
      throw InputError("ml_cmi: weights must be finite and non-negative");
  if (!(o.prob_floor > 0.0) || !(o.prob_floor < 1.0))
    throw InputError("ml_cmi: the probability floor must be in (0, 1)");
  if (!o.in_sample && o.folds == 0) throw InputError("ml_cmi: no estimate requested");
  if (o.folds < 0 || o.folds == 1) throw InputError("ml_cmi: folds must be 0 or >= 2");
}

Names cols_of(const CmiProblem& p, bool full) {
  Names cols = full ? p.x : Names{};
  cols.insert(cols.end(), p.s.begin(), p.s.end());
  return cols;
}

// Row-major predictions scattered back to the dataset rows they belong to.
void scatter(const std::vector<double>& pred, const std::vector<std::size_t>& rows,
             std::size_t classes, std::vector<double>& out) {
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t k = 0; k < classes; ++k) out[rows[i] * classes + k] = pred[i * classes + k];
}

}  // namespace

const char* to_string(CmiVariant variant) {
  return variant == CmiVariant::InSample ? "in_sample" : "cross_fitted";
}

double MlCmiResult::value(CmiVariant variant) const {
  return variant == CmiVariant::InSample ? in_sample : cross_fitted;
}

std::vector<std::int32_t> response_codes(const data::Dataset& data, const std::string& column,
                                         std::size_t* classes) {
  const auto& col = data.column(column);
  if (!col.is_categorical())
    throw InputError("response column '" + column + "' must be categorical");
  if (col.missing_count() != 0)
    throw InputError("response column '" + column + "' has missing values");
  if (classes) *classes = col.level_count();
  return data::to_vector(col.codes());
}

std::vector<double> fit_and_predict(const learn::ProbabilisticClassifier& prototype,
                                    const data::Dataset& data, std::span<const std::int32_t> y,
                                    std::size_t classes, const Names& cols,
                                    const std::vector<std::size_t>& train,
                                    const std::vector<std::size_t>& eval, std::uint64_t seed,
                                    std::span<const double> weights) {
  if (train.empty()) throw InputError("fit_and_predict: no training rows");
  std::vector<std::int32_t> yt(train.size());
  std::vector<double> wt;
  for (std::size_t i = 0; i < train.size(); ++i) yt[i] = y[train[i]];
  if (!weights.empty())
    for (std::size_t r : train) wt.push_back(weights[r]);
  if (cols.empty()) {
    // P(y | {}) needs no learner (and not every learner accepts zero columns).
    std::vector<double> freq(classes, 0.0);
    double total = 0.0;
    for (std::size_t i = 0; i < train.size(); ++i) {
      const double w = wt.empty() ? 1.0 : wt[i];
      freq[static_cast<std::size_t>(yt[i])] += w;
      total += w;
    }
    if (!(total > 0.0)) throw InputError("fit_and_predict: no training weight");
    std::vector<double> out(eval.size() * classes);
    for (std::size_t i = 0; i < eval.size(); ++i)
      for (std::size_t k = 0; k < classes; ++k) out[i * classes + k] = freq[k] / total;
    return out;
  }
  auto model = prototype.clone();
  model->reseed(seed);
  const auto x_train = learn::make_matrix(data, cols, train);
  std::vector<double> out;
  if (eval == train) {
    // In-sample: one matrix, and the learner predicts its own training rows (fit_predict).
    out = model->fit_predict(x_train, yt, classes, wt);
  } else {
    model->fit(x_train, yt, classes, wt);
    out = model->predict_proba(learn::make_matrix(data, cols, eval));
  }
  if (out.size() != eval.size() * classes)
    throw InternalError("fit_and_predict: the learner returned the wrong number of probabilities");
  return out;
}

std::vector<double> log_ratio_terms(std::span<const std::int32_t> y, std::size_t classes,
                                    std::span<const double> p_xs, std::span<const double> p_s,
                                    double prob_floor) {
  if (p_xs.size() != y.size() * classes || p_s.size() != y.size() * classes)
    throw InternalError("log_ratio_terms: probability tables do not match the rows");
  std::vector<double> terms(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) {
    const std::size_t at = i * classes + static_cast<std::size_t>(y[i]);
    terms[i] = std::log2(std::max(p_xs[at], prob_floor) / std::max(p_s[at], prob_floor));
  }
  return terms;
}

namespace {
double weighted_mean(std::span<const double> terms, std::span<const double> weights) {
  double sum = 0.0, total = 0.0;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const double w = weight_at(weights, i);
    if (w == 0.0) continue;  // a zero-weight row never contributes, even a non-finite term
    sum += w * terms[i];
    total += w;
  }
  if (!(total > 0.0)) throw InputError("ml_cmi: total weight is 0");
  return sum / total;
}
}  // namespace

double cmi_from_probabilities(std::span<const std::int32_t> y, std::size_t classes,
                              std::span<const double> p_xs, std::span<const double> p_s,
                              double prob_floor, std::span<const double> weights) {
  return weighted_mean(log_ratio_terms(y, classes, p_xs, p_s, prob_floor), weights);
}

CmiPlan plan_ml_cmi(const CmiProblem& problem, const MlCmiOptions& options, Rng& rng) {
  check_problem(problem, options);
  const std::size_t n = problem.data.rows();
  CmiPlan plan;
  if (options.folds > 0) {
    const std::vector<std::int32_t> labels(problem.y.begin(), problem.y.end());
    plan.folds = data::stratified_kfold(labels, options.folds, rng);
  }
  if (options.in_sample)
    for (bool full : {true, false}) plan.jobs.push_back({full, -1, all_rows(n), all_rows(n), 0});
  for (std::size_t f = 0; f < plan.folds.size(); ++f) {
    const auto split = data::fold_split(plan.folds, f);
    for (bool full : {true, false})
      plan.jobs.push_back({full, static_cast<int>(f), split.train, split.test, 0});
  }
  for (auto& job : plan.jobs) job.seed = rng.next_u64();
  return plan;
}

std::vector<double> run_fit_job(const learn::ProbabilisticClassifier& prototype,
                                const CmiProblem& problem, const FitJob& job) {
  return fit_and_predict(prototype, problem.data, problem.y, problem.classes,
                         cols_of(problem, job.full), job.train, job.eval, job.seed,
                         problem.weights);
}

MlCmiResult assemble_ml_cmi(const CmiProblem& problem, const CmiPlan& plan,
                            const std::vector<std::vector<double>>& predictions,
                            const MlCmiOptions& options) {
  if (predictions.size() != plan.jobs.size())
    throw InternalError("assemble_ml_cmi: one prediction table per job expected");
  const std::size_t n = problem.data.rows(), k = problem.classes;
  MlCmiResult result;
  std::vector<double> in_xs, cv_xs(plan.folds.empty() ? 0 : n * k),
      cv_s(plan.folds.empty() ? 0 : n * k);
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    const auto& job = plan.jobs[j];
    if (predictions[j].size() != job.eval.size() * k)
      throw InternalError("assemble_ml_cmi: prediction table of the wrong size");
    if (job.fold < 0)
      (job.full ? in_xs : result.p_s) = predictions[j];
    else
      scatter(predictions[j], job.eval, k, job.full ? cv_xs : cv_s);
  }
  if (options.in_sample) {
    result.terms_in_sample = log_ratio_terms(problem.y, k, in_xs, result.p_s, options.prob_floor);
    result.in_sample = weighted_mean(result.terms_in_sample, problem.weights);
  }
  if (!plan.folds.empty()) {
    result.terms_cross_fitted = log_ratio_terms(problem.y, k, cv_xs, cv_s, options.prob_floor);
    result.cross_fitted = weighted_mean(result.terms_cross_fitted, problem.weights);
  }
  return result;
}

MlCmiResult ml_cmi(const learn::ProbabilisticClassifier& prototype, const CmiProblem& problem,
                   const MlCmiOptions& options, Rng& rng) {
  const CmiPlan plan = plan_ml_cmi(problem, options, rng);
  std::vector<std::vector<double>> predictions;
  predictions.reserve(plan.jobs.size());
  for (const auto& job : plan.jobs) predictions.push_back(run_fit_job(prototype, problem, job));
  return assemble_ml_cmi(problem, plan, predictions, options);
}

// --- Model-based bootstrap ---

std::vector<std::int32_t> draw_null_response(std::span<const double> p_s, std::size_t classes,
                                             Rng& rng) {
  if (classes == 0 || p_s.size() % classes != 0)
    throw InternalError("draw_null_response: table is not rows x classes");
  std::vector<std::int32_t> y(p_s.size() / classes);
  for (std::size_t i = 0; i < y.size(); ++i)
    y[i] = static_cast<std::int32_t>(rng.categorical(p_s.subspan(i * classes, classes)));
  return y;
}

double bootstrap_replicate(const learn::ProbabilisticClassifier& prototype,
                           const CmiProblem& problem, std::span<const double> p_s,
                           CmiVariant variant, const MlCmiOptions& options, Rng& rng) {
  if (p_s.size() != problem.data.rows() * problem.classes)
    throw InternalError("bootstrap_replicate: null model table does not match the rows");
  const std::vector<std::int32_t> y_null = draw_null_response(p_s, problem.classes, rng);
  const CmiProblem null_problem{problem.data, y_null,    problem.classes,
                                problem.x,    problem.s, problem.weights};
  MlCmiOptions only = options;  // fit only what the tested variant needs
  only.in_sample = variant == CmiVariant::InSample;
  if (variant == CmiVariant::InSample) only.folds = 0;
  if (variant == CmiVariant::CrossFitted && only.folds == 0)
    throw InputError("bootstrap_replicate: the cross-fitted variant needs folds >= 2");
  return ml_cmi(prototype, null_problem, only, rng).value(variant);
}

double bootstrap_p_value(double observed, std::span<const double> nulls) {
  const double tie = 1e-12 * std::max(1.0, std::abs(observed));
  std::size_t exceed = 0;
  for (double v : nulls)
    if (v >= observed - tie) ++exceed;
  return (1.0 + static_cast<double>(exceed)) / (static_cast<double>(nulls.size()) + 1.0);
}

CmiTest ml_cmi_test(const learn::ProbabilisticClassifier& prototype, const CmiProblem& problem,
                    const MlCmiOptions& options, CmiVariant variant, std::size_t replicates,
                    std::uint64_t seed) {
  MlCmiOptions observed_options = options;
  observed_options.in_sample = true;  // its P(Y|S) is the null model
  if (variant == CmiVariant::InSample) observed_options.folds = 0;
  if (variant == CmiVariant::CrossFitted && options.folds == 0)
    throw InputError("ml_cmi_test: the cross-fitted variant needs folds >= 2");
  CmiTest test;
  test.variant = variant;
  Rng rng(seed, kStreamEstimate, 0);
  test.estimate = ml_cmi(prototype, problem, observed_options, rng);
  test.observed = test.estimate.value(variant);
  for (std::size_t b = 0; b < replicates; ++b) {
    Rng null_rng(seed, kStreamNull, b);
    test.nulls.push_back(
        bootstrap_replicate(prototype, problem, test.estimate.p_s, variant, options, null_rng));
  }
  test.p_value = bootstrap_p_value(test.observed, test.nulls);
  return test;
}

}  // namespace adm::info
