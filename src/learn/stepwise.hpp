#pragma once
// Backward stepwise selection by AIC with R's step(direction = "backward") semantics: whole terms
// are dropped (all dummies of a factor together), the intercept always stays, and at each step the
// term whose removal gives the lowest AIC goes, provided that AIC is strictly lower than the
// current one (ties keep the current model, and among tied candidates the earliest term goes
// first).
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "learn/classifier.hpp"
#include "learn/logistic.hpp"
#include "learn/multinomial.hpp"

namespace adm::learn {

struct ModelScore {
  double aic = 0;
  double deviance = 0;
};

struct StepRecord {
  std::string removed;  // term name; empty for the starting model
  double deviance = 0;
  double aic = 0;
};

struct StepwiseResult {
  std::vector<std::size_t> kept;  // FeatureMatrix columns, in their original order
  std::vector<StepRecord> trace;  // starting model, then one record per removal
  double aic = 0;                 // of the final model
};

// Generic driver: `score(terms)` fits the model on those FeatureMatrix columns and returns its AIC
// and deviance; `names[t]` names column t.
StepwiseResult backward_stepwise(
    std::vector<std::size_t> terms,
    const std::function<ModelScore(const std::vector<std::size_t>&)>& score,
    const std::vector<std::string>& names);

// Binomial logistic models on the columns of x (y 0/1, weights empty = 1).
StepwiseResult stepwise_logistic(const FeatureMatrix& x, std::span<const double> y,
                                 std::span<const double> weights = {},
                                 const GlmControl& control = {});

// Multinomial logit models (y class codes 0..classes-1).
StepwiseResult stepwise_multinomial(const FeatureMatrix& x, std::span<const std::int32_t> y,
                                    std::size_t classes, std::span<const double> weights = {},
                                    const MultinomialControl& control = {});

}  // namespace adm::learn
