#pragma once
// K-fold cross-validation of the lasso path, as cv.glmnet: the lambda sequence comes from the full
// data, each fold's complement is fitted along it, held-out rows are scored (binomial deviance
// with probabilities clipped to [1e-5, 1 - 1e-5], or misclassification at 0.5), fold scores are
// weighted means and cvm/cvsd their weighted mean and standard error across folds. lambda_min is
// the largest lambda with the least cvm; lambda_1se the largest whose cvm is within one standard
// error of that minimum.
#include <cstddef>
#include <span>
#include <vector>

#include "core/rng.hpp"
#include "learn/lasso.hpp"

namespace adm::learn {

enum class CvMeasure { Deviance, Misclassification };

struct LassoCv {
  LassoPath path;  // fitted on all rows
  std::vector<double> cvm, cvsd;
  std::size_t index_min = 0, index_1se = 0;
  double lambda_min = 0, lambda_1se = 0;
  std::vector<std::size_t> fold;  // fold of each row, 0..folds-1
};

// Balanced folds in random order (cv.glmnet's sample(rep(1:K, length = n))), drawn from `rng`.
std::vector<std::size_t> assign_folds(std::size_t rows, std::size_t folds, Rng& rng);

LassoCv cv_lasso(const DesignMatrix& x, std::span<const double> y, std::span<const double> weights,
                 std::span<const double> penalty_factor, const LassoOptions& options,
                 std::size_t folds, Rng& rng, CvMeasure measure = CvMeasure::Deviance);

// With a given fold of each row (values 0..K-1, K >= 2 folds, each non-empty).
LassoCv cv_lasso(const DesignMatrix& x, std::span<const double> y, std::span<const double> weights,
                 std::span<const double> penalty_factor, const LassoOptions& options,
                 std::span<const std::size_t> fold, CvMeasure measure = CvMeasure::Deviance);

}  // namespace adm::learn
