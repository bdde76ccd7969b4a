#include "learn/glm_classifier.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace adm::learn {

GlmClassifier::GlmClassifier(GlmParams params) : params_(std::move(params)) {}

void GlmClassifier::fit(const FeatureMatrix& x, std::span<const std::int32_t> y,
                        std::size_t classes, std::span<const double> weights) {
  if (y.size() != x.rows) throw InternalError("GlmClassifier: label count differs from rows");
  classes_ = classes;
  cols_ = x.cols;
  logistic_.reset();
  multinomial_.reset();
  steps_.reset();
  std::vector<double> class_weight(classes, 0.0);
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (y[i] < 0 || static_cast<std::size_t>(y[i]) >= classes)
      throw InputError("logistic regression: class code out of range at row " +
                       std::to_string(i + 1));
    class_weight[y[i]] += weights.empty() ? 1.0 : weights[i];
  }
  present_.clear();
  std::vector<std::int32_t> code(classes, -1);  // original class -> model class
  for (std::size_t k = 0; k < classes; ++k)
    if (class_weight[k] > 0) {
      code[k] = static_cast<std::int32_t>(present_.size());
      present_.push_back(static_cast<std::int32_t>(k));
    }
  terms_ = all_terms(x);
  if (present_.size() < 2) return;  // constant model

  // Rows of absent classes have zero weight; give them any present code.
  std::vector<std::int32_t> yy(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) yy[i] = std::max(code[y[i]], 0);
  if (present_.size() == 2) {
    std::vector<double> y01(yy.begin(), yy.end());
    if (params_.stepwise) {
      steps_ = stepwise_logistic(x, y01, weights, params_.control);
      terms_ = steps_->kept;
    }
    const DesignMatrix design = make_design(x, terms_, true, params_.labels);
    column_term_ = design.term;
    logistic_ = fit_logistic(design, y01, weights, params_.control);
  } else {
    if (params_.stepwise) {
      steps_ = stepwise_multinomial(x, yy, present_.size(), weights, params_.multinomial);
      terms_ = steps_->kept;
    }
    const DesignMatrix design = make_design(x, terms_, true, params_.labels);
    column_term_ = design.term;
    multinomial_ = fit_multinomial(design, yy, present_.size(), weights, params_.multinomial);
  }
}

std::vector<double> GlmClassifier::predict_proba(const FeatureMatrix& x) const {
  if (x.cols != cols_) throw InternalError("GlmClassifier: column count differs from training");
  std::vector<double> out(x.rows * classes_, 0.0);
  if (present_.empty()) throw InternalError("GlmClassifier: predict before fit");
  if (present_.size() == 1) {
    for (std::size_t r = 0; r < x.rows; ++r) out[r * classes_ + present_[0]] = 1.0;
    return out;
  }
  const DesignMatrix design = make_design(x, terms_, true, params_.labels);
  const std::size_t k = present_.size();
  std::vector<double> prob;
  if (logistic_) {
    const auto p1 = predict_logistic(design, logistic_->beta());
    for (double p : p1) {
      prob.push_back(1 - p);
      prob.push_back(p);
    }
  } else {
    prob = predict_multinomial(design, multinomial_->beta(), k);
  }
  for (std::size_t r = 0; r < x.rows; ++r)
    for (std::size_t c = 0; c < k; ++c) out[r * classes_ + present_[c]] = prob[r * k + c];
  return out;
}

std::vector<double> GlmClassifier::importance() const {
  std::vector<double> imp(cols_, 0.0);
  auto credit = [&](std::size_t column, double z) {
    const int term = column_term_[column];
    if (term < 0 || std::isnan(z)) return;
    double& slot = imp[terms_[static_cast<std::size_t>(term)]];
    slot = std::max(slot, std::fabs(z));
  };
  if (logistic_)
    for (std::size_t c = 0; c < logistic_->coefficients.size(); ++c)
      credit(c, logistic_->coefficients[c].z);
  if (multinomial_) {
    const std::size_t p = multinomial_->cols;
    for (std::size_t j = 0; j < multinomial_->coef.size(); ++j)
      credit(j % p, multinomial_->coef[j] / multinomial_->std_error[j]);
  }
  return imp;
}

std::unique_ptr<ProbabilisticClassifier> GlmClassifier::clone() const {
  return std::make_unique<GlmClassifier>(params_);
}

}  // namespace adm::learn
