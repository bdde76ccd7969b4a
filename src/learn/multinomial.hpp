#pragma once
// Multinomial (baseline-category) logistic regression: log P(y=k)/P(y=0) = x' b_k for k = 1..K-1,
// the model of R's nnet::multinom, fitted by Newton's method on the full (K-1)p x (K-1)p Hessian
// with step halving, which converges to the maximum likelihood estimate in a few iterations (where
// nnet's BFGS stops at its tolerance). Standard errors come from the inverse observed information.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "learn/design_matrix.hpp"

namespace adm::learn {

struct MultinomialControl {
  double epsilon = 1e-10;  // |dev - dev_old| / (|dev| + 0.1) below this = converged
  std::size_t max_iterations = 100;
};

struct MultinomialFit {
  std::size_t classes = 0;
  std::size_t cols = 0;            // design columns
  std::vector<std::string> names;  // design column names
  // (classes - 1) x cols, row-major: row k-1 holds b_k (class k against class 0). NaN for
  // aliased design columns (dropped from every equation, as R reports NA).
  std::vector<double> coef;
  std::vector<double> std_error;      // same layout
  std::vector<std::uint8_t> aliased;  // per design column
  double deviance = 0;                // -2 log-likelihood (weighted)
  double aic = 0;                     // deviance + 2 (classes - 1) rank, as nnet's AIC
  std::size_t rank = 0;               // kept design columns
  std::size_t iterations = 0;
  bool converged = false;
  bool separation = false;  // some fitted probability within 10 eps of 0 or 1
  std::vector<std::string> warnings;

  std::vector<double> beta() const;  // coef with aliased entries as 0
};

// y: class codes 0..classes-1 (classes >= 2; every class must have positive weight, else
// InputError); weights >= 0, empty = 1.
MultinomialFit fit_multinomial(const DesignMatrix& x, std::span<const std::int32_t> y,
                               std::size_t classes, std::span<const double> weights = {},
                               const MultinomialControl& control = {});

// rows x classes probabilities, row-major, for coefficients laid out as MultinomialFit::coef.
std::vector<double> predict_multinomial(const DesignMatrix& x, std::span<const double> beta,
                                        std::size_t classes);

}  // namespace adm::learn
