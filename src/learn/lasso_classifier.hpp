#pragma once
// FINElasso behind the common ProbabilisticClassifier interface: the L1 logistic path with
// per-column penalty factors (w_j = 1/F_j from the fair InfoGram; +inf for F_j = 0, so the column
// never enters), lambda chosen by K-fold CV (lambda_1se by default, or lambda_min), folds drawn
// from the learner's seed so fits are reproducible on any rank.
#include <memory>
#include <optional>

#include "learn/classifier.hpp"
#include "learn/lasso_cv.hpp"

namespace adm::learn {

struct LassoParams {
  std::vector<double> penalty;  // per FeatureMatrix column (empty = all 1); >= 0 or +inf
  std::size_t folds = 10;
  CvMeasure measure = CvMeasure::Deviance;
  bool one_se = true;  // lambda_1se (glmnet's recommendation) instead of lambda_min
  LassoOptions options;
  LevelLabels labels;  // optional level labels for coefficient names
};

class LassoClassifier : public ProbabilisticClassifier {
 public:
  explicit LassoClassifier(LassoParams params = {}, std::uint64_t seed = 0);

  // Two classes only (InputError otherwise); missing values -> InputError.
  void fit(const FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
           std::span<const double> weights = {}) override;
  std::vector<double> predict_proba(const FeatureMatrix& x) const override;
  // Per column: sum over its design columns of |b_j| sd_j (standardised coefficient size) at the
  // chosen lambda.
  std::vector<double> importance() const override;
  void reseed(std::uint64_t seed) override { seed_ = seed; }
  std::unique_ptr<ProbabilisticClassifier> clone() const override;

  const std::optional<LassoCv>& cv() const { return cv_; }
  std::size_t chosen() const { return chosen_; }  // index into cv()->path
  // Coefficients at the chosen lambda: intercept first, then the path's columns.
  std::vector<double> coefficients() const;

 private:
  LassoParams params_;
  std::uint64_t seed_ = 0;
  std::size_t cols_ = 0;
  std::optional<LassoCv> cv_;
  std::size_t chosen_ = 0;
  std::vector<int> column_term_;  // penalised design column -> FeatureMatrix column
};

}  // namespace adm::learn
