#pragma once
// Gradient-boosted trees (XGBoost 1.7, tree_method hist) as a ProbabilisticClassifier.
// Categorical columns get XGBoost's native partition splits; NaN is missing. Boosting starts from
// the weighted class log-priors (as R gbm and H2O do), so few rounds or rare classes stay
// calibrated. With no columns the learner is just those class frequencies, without XGBoost.
#include <memory>

#include "learn/classifier.hpp"
#include "learn/gbm_params.hpp"

namespace adm::learn {

class GradientBoosting : public ProbabilisticClassifier {
 public:
  explicit GradientBoosting(GbmParams params = {});  // InputError on out-of-range params
  ~GradientBoosting() override;
  GradientBoosting(GradientBoosting&&) noexcept;
  GradientBoosting& operator=(GradientBoosting&&) noexcept;

  // InputError: no rows, a label outside 0..classes-1, a negative or non-finite weight, weights
  // summing to 0, or an infinite feature value. Deterministic: the same data, params and seed give
  // bitwise identical models (for a fixed nthread).
  void fit(const FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
           std::span<const double> weights = {}) override;
  // Probabilities from the trees' margins, computed in double (no 0/1 saturation of float p).
  std::vector<double> predict_proba(const FeatureMatrix& x) const override;
  // The training rows' margins come from the booster's own data matrix, whose predictions XGBoost
  // keeps up to date while boosting (the same float sums a fresh matrix gives), so neither the
  // matrix nor the trees' traversal is redone.
  std::vector<double> fit_predict(const FeatureMatrix& x, std::span<const std::int32_t> y,
                                  std::size_t classes,
                                  std::span<const double> weights = {}) override;
  // XGBoost "total_gain" per training column (0 for columns never split on), summed over classes.
  // Unnormalised: it grows with the total weight, so callers scale it (H2O divides by the max).
  std::vector<double> importance() const override;
  void reseed(std::uint64_t seed) override { seed_ = seed; }
  std::unique_ptr<ProbabilisticClassifier> clone() const override;

  const GbmParams& params() const { return params_; }

 private:
  struct Model;  // the booster and what prediction needs; defined in gbm.cpp

  // fit(); with `in_sample`, also returns predict_proba(x) from the training matrix.
  std::vector<double> train(const FeatureMatrix& x, std::span<const std::int32_t> y,
                            std::size_t classes, std::span<const double> weights, bool in_sample);

  GbmParams params_;
  std::uint64_t seed_ = 0;
  std::unique_ptr<Model> model_;
};

}  // namespace adm::learn
