#include "learn/lasso_classifier.hpp"

#include <cmath>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace adm::learn {

LassoClassifier::LassoClassifier(LassoParams params, std::uint64_t seed)
    : params_(std::move(params)), seed_(seed) {}

void LassoClassifier::fit(const FeatureMatrix& x, std::span<const std::int32_t> y,
                          std::size_t classes, std::span<const double> weights) {
  if (classes != 2)
    throw InputError("lasso: binary responses only (got " + std::to_string(classes) + " classes)");
  if (!params_.penalty.empty() && params_.penalty.size() != x.cols)
    throw InputError("lasso: " + std::to_string(params_.penalty.size()) + " penalty factors for " +
                     std::to_string(x.cols) + " columns");
  cols_ = x.cols;
  const DesignMatrix design = make_design(x, true, params_.labels);
  column_term_.clear();
  for (int t : design.term)
    if (t >= 0) column_term_.push_back(t);
  std::vector<double> y01;
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (y[i] != 0 && y[i] != 1)
      throw InputError("lasso: class code out of range at row " + std::to_string(i + 1));
    y01.push_back(y[i]);
  }
  std::vector<double> factors;
  if (!params_.penalty.empty()) factors = expand_penalty(design, params_.penalty);
  Rng rng(seed_, "lasso_cv");
  cv_ =
      cv_lasso(design, y01, weights, factors, params_.options, params_.folds, rng, params_.measure);
  chosen_ = params_.one_se ? cv_->index_1se : cv_->index_min;
}

std::vector<double> LassoClassifier::predict_proba(const FeatureMatrix& x) const {
  if (!cv_) throw InternalError("LassoClassifier: predict before fit");
  if (x.cols != cols_) throw InternalError("LassoClassifier: column count differs from training");
  const auto p1 = predict_lasso(make_design(x, true, params_.labels), cv_->path, chosen_);
  std::vector<double> out;
  for (double p : p1) {
    out.push_back(1 - p);
    out.push_back(p);
  }
  return out;
}

std::vector<double> LassoClassifier::importance() const {
  std::vector<double> imp(cols_, 0.0);
  if (!cv_) return imp;
  const double* b = cv_->path.coef(chosen_);
  for (std::size_t j = 0; j < column_term_.size(); ++j)
    imp[static_cast<std::size_t>(column_term_[j])] += std::fabs(b[j]) * cv_->path.scale[j];
  return imp;
}

std::vector<double> LassoClassifier::coefficients() const {
  if (!cv_) throw InternalError("LassoClassifier: coefficients before fit");
  std::vector<double> out = {cv_->path.intercept[chosen_]};
  const double* b = cv_->path.coef(chosen_);
  out.insert(out.end(), b, b + cv_->path.names.size());
  return out;
}

std::unique_ptr<ProbabilisticClassifier> LassoClassifier::clone() const {
  return std::make_unique<LassoClassifier>(params_, seed_);
}

}  // namespace adm::learn
