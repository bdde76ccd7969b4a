#pragma once
// Logistic regression behind the common ProbabilisticClassifier interface: binomial IRLS for two
// classes, the multinomial logit for more, optionally after backward stepwise selection by AIC
// (COREglm / FINEglm of the paper: a GLM on the admissible features, pruned by AIC).
#include <memory>
#include <optional>

#include "learn/classifier.hpp"
#include "learn/logistic.hpp"
#include "learn/multinomial.hpp"
#include "learn/stepwise.hpp"

namespace adm::learn {

struct GlmParams {
  bool stepwise = false;  // backward selection of whole columns by AIC before the final fit
  GlmControl control;
  MultinomialControl multinomial;
  LevelLabels labels;  // optional level labels for coefficient names (see make_design)
};

class GlmClassifier : public ProbabilisticClassifier {
 public:
  explicit GlmClassifier(GlmParams params = {});

  // Classes without positive training weight get probability 0 and are left out of the model
  // (a single present class gives a constant prediction). Missing values -> InputError.
  void fit(const FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
           std::span<const double> weights = {}) override;
  std::vector<double> predict_proba(const FeatureMatrix& x) const override;
  // Per column: the largest |z| of its coefficients (0 if dropped by stepwise or aliased).
  std::vector<double> importance() const override;
  void reseed(std::uint64_t) override {}  // deterministic
  std::unique_ptr<ProbabilisticClassifier> clone() const override;

  // The fitted model: exactly one of these is set when two or more classes were present.
  const std::optional<LogisticFit>& logistic() const { return logistic_; }
  const std::optional<MultinomialFit>& multinomial() const { return multinomial_; }
  const std::optional<StepwiseResult>& steps() const { return steps_; }
  const std::vector<std::size_t>& terms() const { return terms_; }  // columns in the model
  const std::vector<std::int32_t>& present_classes() const { return present_; }

 private:
  GlmParams params_;
  std::size_t classes_ = 0, cols_ = 0;
  std::vector<std::int32_t> present_;
  std::vector<std::size_t> terms_;
  std::vector<int> column_term_;  // design column -> index into terms_
  std::optional<LogisticFit> logistic_;
  std::optional<MultinomialFit> multinomial_;
  std::optional<StepwiseResult> steps_;
};

}  // namespace adm::learn
