#pragma once
// L1-penalised logistic regression along a lambda path, the glmnet way (Friedman, Hastie and
// Tibshirani 2010): proximal Newton outer steps (IRLS quadratic approximations) solved by cyclic
// coordinate descent with soft-thresholding, warm starts from the previous lambda, an active set,
// standardised columns and per-column penalty factors. Minimises, per lambda,
//   -(1/W) sum_i w_i [y_i eta_i - log(1 + exp(eta_i))] + lambda sum_j v_j |b_j|
// on standardised columns (W = sum of weights), with an unpenalised intercept. This is the
// FINElasso of the paper with v_j = 1/F_j (F_j = 0 -> v_j = inf: the column never enters).
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "learn/design_matrix.hpp"

namespace adm::learn {

struct LassoOptions {
  std::size_t nlambda = 100;
  double lambda_min_ratio = 0;  // 0 = glmnet's default: 1e-4 when rows > columns, else 1e-2
  std::vector<double> lambda;   // explicit decreasing sequence (overrides nlambda, no early stop)
  bool standardize = true;
  double tolerance = 1e-7;  // glmnet's thresh: max objective change per update / null deviance
  std::size_t max_passes = 100000;  // coordinate sweeps per lambda, summed over Newton steps
  // glmnet's path end: after 5 lambdas, stop when the deviance ratio rises by < 1e-5 or > 0.999.
  bool early_stop = true;
};

struct LassoPath {
  std::vector<std::string> names;  // penalised design columns (the intercept column excluded)
  std::vector<double> lambda;
  std::vector<double> intercept;  // per lambda, original scale
  std::vector<double> beta;       // lambda x names.size(), row-major, original scale
  std::vector<double> deviance;   // -2 sum_i w_i log-likelihood_i, weights as given
  std::vector<double> dev_ratio;  // 1 - deviance / null_deviance
  std::vector<std::size_t> nonzero;
  double null_deviance = 0;
  std::vector<double> penalty;  // factors after glmnet's rescaling to sum to the column count
  std::vector<double> center;   // weighted column means (0 when not standardising)
  std::vector<double> scale;    // weighted column sds (1/W normalised; 1 when not standardising)
  std::vector<std::uint8_t> excluded;  // infinite factor or constant column: never enters
  std::size_t passes = 0;              // coordinate sweeps in all

  std::size_t size() const { return lambda.size(); }
  const double* coef(std::size_t k) const { return beta.data() + k * names.size(); }
};

// y 0/1; weights >= 0 (empty = 1); penalty_factor per penalised design column (empty = all 1),
// each >= 0 or +inf. A design intercept column, if present, is skipped: the intercept is always
// fitted and never penalised. Factors are rescaled to sum to the column count (infinite ones
// counted as 1), as glmnet does, so lambda is on glmnet's scale.
LassoPath fit_lasso_path(const DesignMatrix& x, std::span<const double> y,
                         std::span<const double> weights = {},
                         std::span<const double> penalty_factor = {},
                         const LassoOptions& options = {});

// Per-term factors (one per DesignMatrix::terms entry) spread over that term's design columns.
std::vector<double> expand_penalty(const DesignMatrix& x, std::span<const double> per_term);

// P(y = 1) at path point k for a design built like the training one.
std::vector<double> predict_lasso(const DesignMatrix& x, const LassoPath& path, std::size_t k);

}  // namespace adm::learn
