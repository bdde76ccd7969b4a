#include "learn/multinomial.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "core/error.hpp"
#include "learn/glm_linalg.hpp"

namespace adm::learn {

namespace {

// Probabilities (rows x K) and weighted log-likelihood for coefficients b ((K-1) x q on the kept
// columns `cols`).
double probabilities(const DesignMatrix& x, const std::vector<std::size_t>& cols,
                     const std::vector<double>& b, std::size_t k_classes,
                     std::span<const std::int32_t> y, const std::vector<double>& w,
                     std::vector<double>& prob) {
  const std::size_t n = x.rows, q = cols.size();
  prob.assign(n * k_classes, 0.0);
  for (std::size_t k = 1; k < k_classes; ++k)
    for (std::size_t j = 0; j < q; ++j) {
      const double bj = b[(k - 1) * q + j];
      const double* col = x.column(cols[j]);
      for (std::size_t i = 0; i < n; ++i) prob[i * k_classes + k] += bj * col[i];
    }
  double loglik = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double* p = prob.data() + i * k_classes;
    const double top = *std::max_element(p, p + k_classes);
    double s = 0;
    for (std::size_t k = 0; k < k_classes; ++k) s += (p[k] = std::exp(p[k] - top));
    const double log_y = std::log(p[y[i]]) - std::log(s);
    for (std::size_t k = 0; k < k_classes; ++k) p[k] /= s;
    if (w[i] > 0) loglik += w[i] * log_y;
  }
  return loglik;
}

}  // namespace

std::vector<double> MultinomialFit::beta() const {
  std::vector<double> b = coef;
  for (double& v : b)
    if (std::isnan(v)) v = 0;
  return b;
}

MultinomialFit fit_multinomial(const DesignMatrix& x, std::span<const std::int32_t> y,
                               std::size_t classes, std::span<const double> weights,
                               const MultinomialControl& control) {
  const std::size_t n = x.rows, p = x.cols, km = classes - 1;
  if (classes < 2) throw InternalError("fit_multinomial: needs at least two classes");
  if (y.size() != n) throw InternalError("fit_multinomial: response length differs from rows");
  std::vector<double> w(n, 1.0);
  if (!weights.empty()) {
    if (weights.size() != n) throw InternalError("fit_multinomial: weight length differs");
    w.assign(weights.begin(), weights.end());
  }
  std::vector<double> class_weight(classes, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    if (y[i] < 0 || static_cast<std::size_t>(y[i]) >= classes)
      throw InputError("multinomial logit: class code out of range at row " +
                       std::to_string(i + 1));
    if (!std::isfinite(w[i]) || w[i] < 0)
      throw InputError("multinomial logit: weight at row " + std::to_string(i + 1) +
                       " is negative or not finite");
    class_weight[y[i]] += w[i];
  }
  for (std::size_t k = 0; k < classes; ++k)
    if (!(class_weight[k] > 0))
      throw InputError("multinomial logit: class " + std::to_string(k) +
                       " has no observation with positive weight");

  MultinomialFit fit;
  fit.classes = classes;
  fit.cols = p;
  fit.names = x.names;
  // Aliasing from the column space of X (weighted by the prior weights), fixed for the fit.
  const std::vector<double> zero(n, 0.0);
  fit.aliased = weighted_least_squares(x.values, n, p, zero, w, false, 1e-11).aliased;
  std::vector<std::size_t> cols;
  for (std::size_t c = 0; c < p; ++c)
    if (!fit.aliased[c]) cols.push_back(c);
  const std::size_t q = cols.size(), m = km * q;
  fit.rank = q;

  std::vector<double> b(m, 0.0), prob, grad(m), hess(m * m);
  double loglik = probabilities(x, cols, b, classes, y, w, prob);
  double dev_old = -2 * loglik;
  std::vector<double> factor;
  for (std::size_t iter = 1; iter <= control.max_iterations; ++iter) {
    std::fill(grad.begin(), grad.end(), 0.0);
    std::fill(hess.begin(), hess.end(), 0.0);
    for (std::size_t i = 0; i < n; ++i) {
      if (w[i] == 0) continue;
      const double* pi = prob.data() + i * classes;
      for (std::size_t k = 0; k < km; ++k) {
        const double resid = (static_cast<std::size_t>(y[i]) == k + 1 ? 1.0 : 0.0) - pi[k + 1];
        for (std::size_t j = 0; j < q; ++j) grad[k * q + j] += w[i] * resid * x.at(i, cols[j]);
        for (std::size_t l = 0; l <= k; ++l) {
          const double c = w[i] * pi[k + 1] * ((k == l ? 1.0 : 0.0) - pi[l + 1]);
          for (std::size_t j = 0; j < q; ++j) {
            const double cx = c * x.at(i, cols[j]);
            for (std::size_t t = 0; t < q; ++t)
              hess[(k * q + j) * m + l * q + t] += cx * x.at(i, cols[t]);
          }
        }
      }
    }
    for (std::size_t r = 0; r < m; ++r)  // mirror the lower block triangle
      for (std::size_t c = r + 1; c < m; ++c) hess[r * m + c] = hess[c * m + r];
    factor = hess;
    if (!cholesky(factor, m)) {
      fit.warnings.push_back("information matrix singular (separation): Newton stopped");
      break;
    }
    const auto step = cholesky_solve(factor, m, grad);
    // Step halving keeps the log-likelihood from decreasing.
    double t = 1.0, new_loglik = loglik;
    std::vector<double> trial(m), trial_prob;
    for (int halving = 0; halving < 40; ++halving, t *= 0.5) {
      for (std::size_t j = 0; j < m; ++j) trial[j] = b[j] + t * step[j];
      new_loglik = probabilities(x, cols, trial, classes, y, w, trial_prob);
      if (new_loglik >= loglik - 1e-12 * std::fabs(loglik)) break;
    }
    b = trial;
    prob.swap(trial_prob);
    loglik = new_loglik;
    fit.iterations = iter;
    const double dev = -2 * loglik;
    if (std::fabs(dev - dev_old) / (std::fabs(dev) + 0.1) < control.epsilon) {
      fit.converged = true;
      break;
    }
    dev_old = dev;
  }
  fit.deviance = -2 * loglik;
  fit.aic = fit.deviance + 2.0 * static_cast<double>(m);

  // Standard errors from the information at the final estimate.
  std::vector<double> info(m * m, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    if (w[i] == 0) continue;
    const double* pi = prob.data() + i * classes;
    for (std::size_t k = 0; k < km; ++k)
      for (std::size_t l = 0; l < km; ++l) {
        const double c = w[i] * pi[k + 1] * ((k == l ? 1.0 : 0.0) - pi[l + 1]);
        for (std::size_t j = 0; j < q; ++j)
          for (std::size_t t = 0; t < q; ++t)
            info[(k * q + j) * m + l * q + t] += c * x.at(i, cols[j]) * x.at(i, cols[t]);
      }
  }
  std::vector<double> se(m, std::nan(""));
  if (cholesky(info, m)) {
    const auto inv = cholesky_inverse(info, m);
    for (std::size_t j = 0; j < m; ++j) se[j] = std::sqrt(inv[j * m + j]);
  }
  fit.coef.assign(km * p, std::nan(""));
  fit.std_error.assign(km * p, std::nan(""));
  for (std::size_t k = 0; k < km; ++k)
    for (std::size_t j = 0; j < q; ++j) {
      fit.coef[k * p + cols[j]] = b[k * q + j];
      fit.std_error[k * p + cols[j]] = se[k * q + j];
    }
  const double eps = 10 * DBL_EPSILON;
  for (std::size_t i = 0; i < n && !fit.separation; ++i)
    for (std::size_t k = 0; k < classes; ++k)
      if (w[i] > 0 && (prob[i * classes + k] < eps || prob[i * classes + k] > 1 - eps))
        fit.separation = true;
  if (!fit.converged)
    fit.warnings.push_back("Newton iterations did not converge in " +
                           std::to_string(fit.iterations) + " iterations");
  if (fit.separation)
    fit.warnings.push_back("fitted probabilities numerically 0 or 1 occurred (separation)");
  for (std::size_t c = 0; c < p; ++c)
    if (fit.aliased[c])
      fit.warnings.push_back("coefficient '" + x.names[c] + "' aliased (reported as NA)");
  return fit;
}

std::vector<double> predict_multinomial(const DesignMatrix& x, std::span<const double> beta,
                                        std::size_t classes) {
  if (beta.size() != (classes - 1) * x.cols)
    throw InternalError("predict_multinomial: coefficient count mismatch");
  std::vector<double> prob(x.rows * classes, 0.0);
  for (std::size_t k = 1; k < classes; ++k)
    for (std::size_t c = 0; c < x.cols; ++c) {
      const double b = beta[(k - 1) * x.cols + c];
      if (b == 0) continue;
      const double* col = x.column(c);
      for (std::size_t i = 0; i < x.rows; ++i) prob[i * classes + k] += b * col[i];
    }
  for (std::size_t i = 0; i < x.rows; ++i) {
    double* p = prob.data() + i * classes;
    const double top = *std::max_element(p, p + classes);
    double s = 0;
    for (std::size_t k = 0; k < classes; ++k) s += (p[k] = std::exp(p[k] - top));
    for (std::size_t k = 0; k < classes; ++k) p[k] /= s;
  }
  return prob;
}

}  // namespace adm::learn
