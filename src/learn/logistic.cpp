#include "learn/logistic.hpp"

#include <cfloat>
#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "learn/glm_linalg.hpp"

namespace adm::learn {

namespace {

double y_log_y(double y, double mu) { return y > 0 ? y * std::log(y / mu) : 0.0; }

// Binomial deviance contribution of one observation (R's binomial()$dev.resids).
double unit_deviance(double y, double mu, double w) {
  return 2 * w * (y_log_y(y, mu) + y_log_y(1 - y, 1 - mu));
}

// d mu / d eta for the logit link, floored like R's binomial()$mu.eta.
double mu_eta(double eta) {
  if (eta > 30 || eta < -30) return DBL_EPSILON;
  const double opexp = 1 + std::exp(eta);
  return std::exp(eta) / (opexp * opexp);
}

std::vector<double> linear_predictor(const DesignMatrix& x, std::span<const double> beta) {
  std::vector<double> eta(x.rows, 0.0);
  for (std::size_t c = 0; c < x.cols; ++c) {
    if (beta[c] == 0) continue;
    const double* col = x.column(c);
    for (std::size_t r = 0; r < x.rows; ++r) eta[r] += beta[c] * col[r];
  }
  return eta;
}

double normal_two_sided_p(double z) { return std::erfc(std::fabs(z) / std::sqrt(2.0)); }

}  // namespace

double inverse_logit(double eta) {
  const double t = eta < -30 ? DBL_EPSILON : (eta > 30 ? 1 / DBL_EPSILON : std::exp(eta));
  return t / (1 + t);
}

std::vector<double> LogisticFit::beta() const {
  std::vector<double> b;
  for (const auto& row : coefficients) b.push_back(row.aliased ? 0.0 : row.estimate);
  return b;
}

LogisticFit fit_logistic(const DesignMatrix& x, std::span<const double> y,
                         std::span<const double> weights, const GlmControl& control) {
  const std::size_t n = x.rows, p = x.cols;
  if (y.size() != n) throw InternalError("fit_logistic: response length differs from rows");
  std::vector<double> w(n, 1.0);
  if (!weights.empty()) {
    if (weights.size() != n) throw InternalError("fit_logistic: weight length differs from rows");
    w.assign(weights.begin(), weights.end());
  }
  double wsum = 0, wy = 0;
  std::size_t n_ok = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!(y[i] == 0 || y[i] == 1))
      throw InputError("logistic regression: response at row " + std::to_string(i + 1) +
                       " is not 0 or 1");
    if (!std::isfinite(w[i]) || w[i] < 0)
      throw InputError("logistic regression: weight at row " + std::to_string(i + 1) +
                       " is negative or not finite");
    wsum += w[i];
    wy += w[i] * y[i];
    n_ok += w[i] > 0 ? 1 : 0;
  }
  if (!(wsum > 0)) throw InputError("logistic regression: no observation has positive weight");

  // R's starting values: mu = (w y + 0.5) / (w + 1).
  std::vector<double> eta(n), mu(n), z(n), ww(n);
  double dev_old = 0;
  for (std::size_t i = 0; i < n; ++i) {
    mu[i] = (w[i] * y[i] + 0.5) / (w[i] + 1);
    eta[i] = std::log(mu[i] / (1 - mu[i]));
    dev_old += unit_deviance(y[i], mu[i], w[i]);
  }
  LogisticFit fit;
  WlsResult wls;
  double dev = dev_old;
  for (std::size_t iter = 1; iter <= control.max_iterations; ++iter) {
    for (std::size_t i = 0; i < n; ++i) {
      const double d = mu_eta(eta[i]);
      const double var = mu[i] * (1 - mu[i]);
      const bool good = w[i] > 0 && d != 0 && var > 0;
      z[i] = good ? eta[i] + (y[i] - mu[i]) / d : 0.0;
      ww[i] = good ? w[i] * d * d / var : 0.0;
    }
    wls =
        weighted_least_squares(x.values, n, p, z, ww, true, std::min(1e-7, control.epsilon / 1000));
    eta = linear_predictor(x, wls.coef);
    dev = 0;
    for (std::size_t i = 0; i < n; ++i) {
      mu[i] = inverse_logit(eta[i]);
      dev += unit_deviance(y[i], mu[i], w[i]);
    }
    fit.iterations = iter;
    if (!std::isfinite(dev)) throw InternalError("fit_logistic: deviance is not finite");
    if (std::fabs(dev - dev_old) / (std::fabs(dev) + 0.1) < control.epsilon) {
      fit.converged = true;
      break;
    }
    dev_old = dev;
  }

  fit.rank = wls.rank;
  fit.cov = wls.cov_unscaled;
  fit.deviance = dev;
  const double mu0 = x.intercept ? wy / wsum : 0.5;
  for (std::size_t i = 0; i < n; ++i) fit.null_deviance += unit_deviance(y[i], mu0, w[i]);
  fit.aic = dev + 2.0 * static_cast<double>(fit.rank);
  fit.df_residual = static_cast<double>(n_ok) - static_cast<double>(fit.rank);
  fit.df_null = static_cast<double>(n_ok) - (x.intercept ? 1.0 : 0.0);
  for (std::size_t c = 0; c < p; ++c) {
    CoefficientRow row;
    row.name = x.names[c];
    row.aliased = wls.aliased[c] != 0;
    if (row.aliased) {
      row.estimate = row.std_error = row.z = row.p_value = std::nan("");
    } else {
      row.estimate = wls.coef[c];
      row.std_error = std::sqrt(wls.cov_unscaled[c * p + c]);
      row.z = row.estimate / row.std_error;
      row.p_value = normal_two_sided_p(row.z);
    }
    fit.coefficients.push_back(row);
  }
  const double eps = 10 * DBL_EPSILON;
  for (std::size_t i = 0; i < n; ++i)
    if (w[i] > 0 && (mu[i] > 1 - eps || mu[i] < eps)) fit.separation = true;
  if (!fit.converged)
    fit.warnings.push_back("IRLS did not converge in " + std::to_string(control.max_iterations) +
                           " iterations");
  if (fit.separation)
    fit.warnings.push_back(
        "fitted probabilities numerically 0 or 1 occurred (separation: estimates and standard "
        "errors are unreliable)");
  for (const auto& row : fit.coefficients)
    if (row.aliased)
      fit.warnings.push_back("coefficient '" + row.name +
                             "' not defined because of singularities (aliased, reported as NA)");
  return fit;
}

std::vector<double> predict_logistic(const DesignMatrix& x, std::span<const double> beta) {
  if (beta.size() != x.cols) throw InternalError("predict_logistic: coefficient count mismatch");
  auto eta = linear_predictor(x, beta);
  for (double& e : eta) e = inverse_logit(e);
  return eta;
}

std::string format_logistic(const LogisticFit& fit) {
  std::string out = "Coefficients:\n";
  char line[256];
  std::snprintf(line, sizeof line, "%-24s %12s %12s %9s %10s\n", "", "Estimate", "Std. Error",
                "z value", "Pr(>|z|)");
  out += line;
  for (const auto& r : fit.coefficients) {
    if (r.aliased)
      std::snprintf(line, sizeof line, "%-24s %12s %12s %9s %10s\n", r.name.c_str(), "NA", "NA",
                    "NA", "NA");
    else
      std::snprintf(line, sizeof line, "%-24s %12.5g %12.5g %9.3f %10.3g\n", r.name.c_str(),
                    r.estimate, r.std_error, r.z, r.p_value);
    out += line;
  }
  std::snprintf(line, sizeof line,
                "Null deviance: %.4f on %.0f df\nResidual deviance: %.4f on %.0f df\nAIC: %.4f\n"
                "Fisher scoring iterations: %zu%s\n",
                fit.null_deviance, fit.df_null, fit.deviance, fit.df_residual, fit.aic,
                fit.iterations, fit.converged ? "" : " (not converged)");
  out += line;
  for (const auto& w : fit.warnings) out += "warning: " + w + "\n";
  return out;
}

}  // namespace adm::learn
