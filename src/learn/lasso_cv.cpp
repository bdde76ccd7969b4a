#include "learn/lasso_cv.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace adm::learn {

std::vector<std::size_t> assign_folds(std::size_t rows, std::size_t folds, Rng& rng) {
  if (folds < 2 || folds > rows)
    throw InputError("lasso CV: folds must be between 2 and the number of rows (" +
                     std::to_string(rows) + "), got " + std::to_string(folds));
  std::vector<std::size_t> f(rows);
  for (std::size_t i = 0; i < rows; ++i) f[i] = i % folds;
  for (std::size_t i = rows; i > 1; --i) std::swap(f[i - 1], f[rng.uniform_index(i)]);
  return f;
}

LassoCv cv_lasso(const DesignMatrix& x, std::span<const double> y, std::span<const double> weights,
                 std::span<const double> penalty_factor, const LassoOptions& options,
                 std::size_t folds, Rng& rng, CvMeasure measure) {
  const auto fold = assign_folds(x.rows, folds, rng);
  return cv_lasso(x, y, weights, penalty_factor, options, fold, measure);
}

LassoCv cv_lasso(const DesignMatrix& x, std::span<const double> y, std::span<const double> weights,
                 std::span<const double> penalty_factor, const LassoOptions& options,
                 std::span<const std::size_t> fold, CvMeasure measure) {
  const std::size_t n = x.rows;
  if (fold.size() != n) throw InternalError("cv_lasso: one fold per row expected");
  const std::size_t k_folds = n == 0 ? 0 : *std::max_element(fold.begin(), fold.end()) + 1;
  if (k_folds < 2) throw InputError("lasso CV: needs at least 2 folds");
  LassoCv cv;
  cv.fold.assign(fold.begin(), fold.end());
  cv.path = fit_lasso_path(x, y, weights, penalty_factor, options);
  const std::size_t nl = cv.path.size();
  LassoOptions fold_options = options;
  fold_options.lambda = cv.path.lambda;

  std::vector<double> raw(k_folds * nl, 0.0), fold_weight(k_folds, 0.0);
  for (std::size_t k = 0; k < k_folds; ++k) {
    std::vector<std::size_t> train, test;
    for (std::size_t i = 0; i < n; ++i) (fold[i] == k ? test : train).push_back(i);
    if (test.empty()) throw InputError("lasso CV: fold " + std::to_string(k + 1) + " is empty");
    std::vector<double> ytr, wtr;
    for (std::size_t i : train) {
      ytr.push_back(y[i]);
      if (!weights.empty()) wtr.push_back(weights[i]);
    }
    const auto fit = fit_lasso_path(select_rows(x, train), ytr, wtr, penalty_factor, fold_options);
    const DesignMatrix xt = select_rows(x, test);
    for (std::size_t l = 0; l < nl; ++l) {
      const auto prob = predict_lasso(xt, fit, l);
      double sum = 0, wsum = 0;
      for (std::size_t t = 0; t < test.size(); ++t) {
        const std::size_t i = test[t];
        const double w = weights.empty() ? 1.0 : weights[i];
        double e;
        if (measure == CvMeasure::Deviance) {
          const double pr = std::clamp(prob[t], 1e-5, 1 - 1e-5);
          e = -2 * (y[i] * std::log(pr) + (1 - y[i]) * std::log(1 - pr));
        } else {
          e = (prob[t] >= 0.5 ? 1.0 : 0.0) != y[i] ? 1.0 : 0.0;
        }
        sum += w * e;
        wsum += w;
      }
      raw[k * nl + l] = sum / wsum;
      fold_weight[k] = wsum;
    }
  }
  double total = 0;
  for (double w : fold_weight) total += w;
  cv.cvm.assign(nl, 0.0);
  cv.cvsd.assign(nl, 0.0);
  for (std::size_t l = 0; l < nl; ++l) {
    for (std::size_t k = 0; k < k_folds; ++k) cv.cvm[l] += fold_weight[k] * raw[k * nl + l];
    cv.cvm[l] /= total;
    double v = 0;
    for (std::size_t k = 0; k < k_folds; ++k) {
      const double d = raw[k * nl + l] - cv.cvm[l];
      v += fold_weight[k] * d * d;
    }
    cv.cvsd[l] = std::sqrt(v / total / static_cast<double>(k_folds - 1));
  }
  // Lambdas decrease along the path, so the first index attaining a bound is the largest lambda.
  const double best = *std::min_element(cv.cvm.begin(), cv.cvm.end());
  cv.index_min = static_cast<std::size_t>(
      std::find_if(cv.cvm.begin(), cv.cvm.end(), [&](double m) { return m <= best; }) -
      cv.cvm.begin());
  const double bound = best + cv.cvsd[cv.index_min];
  cv.index_1se = static_cast<std::size_t>(
      std::find_if(cv.cvm.begin(), cv.cvm.end(), [&](double m) { return m <= bound; }) -
      cv.cvm.begin());
  cv.lambda_min = cv.path.lambda[cv.index_min];
  cv.lambda_1se = cv.path.lambda[cv.index_1se];
  return cv;
}

}  // namespace adm::learn
