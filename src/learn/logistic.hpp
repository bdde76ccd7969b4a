#pragma once
// Binomial GLM with logit link fitted by iteratively reweighted least squares, following R's
// glm.fit step for step (starting values, convergence test |dev - dev_old| / (|dev| + 0.1) < eps,
// aliased columns reported as NA) so coefficients, standard errors, deviance and AIC agree with R.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "learn/design_matrix.hpp"

namespace adm::learn {

struct GlmControl {
  double epsilon = 1e-8;            // R's glm.control(epsilon)
  std::size_t max_iterations = 25;  // R's glm.control(maxit)
};

struct CoefficientRow {
  std::string name;
  double estimate = 0;  // NaN when aliased (R prints NA)
  double std_error = 0;
  double z = 0;
  double p_value = 0;  // two-sided, from the standard normal
  bool aliased = false;
};

struct LogisticFit {
  std::vector<CoefficientRow> coefficients;  // one per design column, in design order
  std::vector<double> cov;                   // cols x cols, row-major; 0 for aliased columns
  double deviance = 0;
  double null_deviance = 0;
  // -2 log-likelihood + 2 rank. For 0/1 responses the log-likelihood term is the deviance, so this
  // equals R's glm AIC (also with integer case weights).
  double aic = 0;
  std::size_t rank = 0;
  double df_residual = 0;  // observations with positive weight - rank
  double df_null = 0;
  std::size_t iterations = 0;
  bool converged = false;
  // Some fitted probability is within 10 machine epsilons of 0 or 1: the data are (quasi-)
  // separated, estimates are drifting to infinity and their standard errors are meaningless.
  bool separation = false;
  std::vector<std::string> warnings;  // human-readable: non-convergence, separation, aliasing

  // Estimates with aliased ones as 0 (for prediction).
  std::vector<double> beta() const;
};

// y: 0/1 responses; weights: prior weights >= 0 (empty = 1). Throws InputError for responses
// outside {0, 1}, negative or non-finite weights, or no positive weight.
LogisticFit fit_logistic(const DesignMatrix& x, std::span<const double> y,
                         std::span<const double> weights = {}, const GlmControl& control = {});

// P(y = 1 | row) for each row of a design built like the training one.
std::vector<double> predict_logistic(const DesignMatrix& x, std::span<const double> beta);

// R's summary() coefficient block plus deviances and AIC, for logs and reports.
std::string format_logistic(const LogisticFit& fit);

// The logistic function, saturating like R's binomial()$linkinv (|eta| > 30 -> eps, 1 - eps).
double inverse_logit(double eta);

}  // namespace adm::learn
