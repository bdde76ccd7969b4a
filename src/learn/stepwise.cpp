#include "learn/stepwise.hpp"

#include "learn/design_matrix.hpp"

namespace adm::learn {

StepwiseResult backward_stepwise(
    std::vector<std::size_t> terms,
    const std::function<ModelScore(const std::vector<std::size_t>&)>& score,
    const std::vector<std::string>& names) {
  StepwiseResult out;
  ModelScore current = score(terms);
  out.trace.push_back({"", current.deviance, current.aic});
  while (!terms.empty()) {
    std::size_t best = terms.size();
    ModelScore best_score;
    for (std::size_t t = 0; t < terms.size(); ++t) {
      std::vector<std::size_t> reduced = terms;
      reduced.erase(reduced.begin() + static_cast<std::ptrdiff_t>(t));
      const ModelScore s = score(reduced);
      if (best == terms.size() || s.aic < best_score.aic) {
        best = t;
        best_score = s;
      }
    }
    if (!(best_score.aic < current.aic)) break;
    out.trace.push_back({names[terms[best]], best_score.deviance, best_score.aic});
    terms.erase(terms.begin() + static_cast<std::ptrdiff_t>(best));
    current = best_score;
  }
  out.kept = terms;
  out.aic = current.aic;
  return out;
}

StepwiseResult stepwise_logistic(const FeatureMatrix& x, std::span<const double> y,
                                 std::span<const double> weights, const GlmControl& control) {
  auto score = [&](const std::vector<std::size_t>& terms) {
    const auto fit = fit_logistic(make_design(x, terms), y, weights, control);
    return ModelScore{fit.aic, fit.deviance};
  };
  return backward_stepwise(all_terms(x), score, x.names);
}

StepwiseResult stepwise_multinomial(const FeatureMatrix& x, std::span<const std::int32_t> y,
                                    std::size_t classes, std::span<const double> weights,
                                    const MultinomialControl& control) {
  auto score = [&](const std::vector<std::size_t>& terms) {
    const auto fit = fit_multinomial(make_design(x, terms), y, classes, weights, control);
    return ModelScore{fit.aic, fit.deviance};
  };
  return backward_stepwise(all_terms(x), score, x.names);
}

}  // namespace adm::learn
