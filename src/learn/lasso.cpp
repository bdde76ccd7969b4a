#include "learn/lasso.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"

namespace adm::learn {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The standardised problem: columns centred (and scaled), weights summing to one.
struct Problem {
  std::size_t n = 0, p = 0;
  std::vector<double> x;  // n x p column-major, standardised
  std::vector<double> w, y;
  std::vector<double> vp;
  std::vector<std::uint8_t> excluded;
};

struct State {
  double b0 = 0;
  std::vector<double> b;
  std::vector<double> eta;
  std::vector<std::uint8_t> active;
};

double log1pexp(double eta) { return std::max(eta, 0.0) + std::log1p(std::exp(-std::fabs(eta))); }

double probability(double eta) { return 1 / (1 + std::exp(-eta)); }

// Proximal Newton at one lambda from the warm state `s`; returns the coordinate sweeps used.
std::size_t solve(const Problem& pr, double lambda, State& s, double thr, std::size_t max_passes) {
  const std::size_t n = pr.n, p = pr.p;
  std::vector<double> v(n), r(n), xv(p), old_b;
  std::size_t passes = 0;
  auto threshold = [&](std::size_t j) { return pr.vp[j] == 0 ? 0.0 : lambda * pr.vp[j]; };
  for (int newton = 0; newton < 100 && passes < max_passes; ++newton) {
    double vsum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double pi = probability(s.eta[i]);
      // The floor only shapes the step; the fixed point depends on the gradient alone.
      v[i] = pr.w[i] * std::max(pi * (1 - pi), 1e-9);
      r[i] = pr.w[i] * (pr.y[i] - pi);
      vsum += v[i];
    }
    for (std::size_t j = 0; j < p; ++j) {
      if (pr.excluded[j]) continue;
      const double* xj = pr.x.data() + j * n;
      double t = 0;
      for (std::size_t i = 0; i < n; ++i) t += v[i] * xj[i] * xj[i];
      xv[j] = t;
    }
    const double old_b0 = s.b0;
    old_b = s.b;
    // One sweep over `all` columns or the active set; returns the largest objective change.
    auto sweep = [&](bool all) {
      double dlx = 0;
      for (std::size_t j = 0; j < p; ++j) {
        if (pr.excluded[j] || (!all && !s.active[j])) continue;
        const double* xj = pr.x.data() + j * n;
        double g = 0;
        for (std::size_t i = 0; i < n; ++i) g += xj[i] * r[i];
        const double u = g + xv[j] * s.b[j];
        const double t = threshold(j);
        const double bj = std::fabs(u) > t ? std::copysign(std::fabs(u) - t, u) / xv[j] : 0.0;
        const double d = bj - s.b[j];
        if (d == 0) continue;
        s.b[j] = bj;
        s.active[j] = 1;
        for (std::size_t i = 0; i < n; ++i) r[i] -= d * v[i] * xj[i];
        dlx = std::max(dlx, xv[j] * d * d);
      }
      double rs = 0;
      for (std::size_t i = 0; i < n; ++i) rs += r[i];
      const double d0 = rs / vsum;
      s.b0 += d0;
      for (std::size_t i = 0; i < n; ++i) r[i] -= d0 * v[i];
      ++passes;
      return std::max(dlx, vsum * d0 * d0);
    };
    while (passes < max_passes) {
      if (sweep(true) < thr) break;
      while (passes < max_passes && sweep(false) >= thr) {
      }
    }
    for (std::size_t i = 0; i < n; ++i) s.eta[i] = s.b0;
    double change = vsum * (s.b0 - old_b0) * (s.b0 - old_b0);
    for (std::size_t j = 0; j < p; ++j) {
      if (s.b[j] == 0) continue;
      const double* xj = pr.x.data() + j * n;
      for (std::size_t i = 0; i < n; ++i) s.eta[i] += s.b[j] * xj[i];
    }
    for (std::size_t j = 0; j < p; ++j)
      if (!pr.excluded[j])
        change = std::max(change, xv[j] * (s.b[j] - old_b[j]) * (s.b[j] - old_b[j]));
    if (change < thr) break;
  }
  return passes;
}

}  // namespace

std::vector<double> expand_penalty(const DesignMatrix& x, std::span<const double> per_term) {
  if (per_term.size() != x.terms.size())
    throw InternalError("expand_penalty: one factor per term expected");
  std::vector<double> out;
  for (std::size_t c = 0; c < x.cols; ++c)
    if (x.term[c] >= 0) out.push_back(per_term[static_cast<std::size_t>(x.term[c])]);
  return out;
}

LassoPath fit_lasso_path(const DesignMatrix& x, std::span<const double> y,
                         std::span<const double> weights, std::span<const double> penalty_factor,
                         const LassoOptions& options) {
  const std::size_t n = x.rows;
  if (y.size() != n) throw InternalError("fit_lasso_path: response length differs from rows");
  std::vector<std::size_t> cols;
  LassoPath path;
  for (std::size_t c = 0; c < x.cols; ++c)
    if (x.term[c] >= 0) {
      cols.push_back(c);
      path.names.push_back(x.names[c]);
    }
  const std::size_t p = cols.size();
  Problem pr;
  pr.n = n;
  pr.p = p;
  pr.y.assign(y.begin(), y.end());
  pr.w.assign(n, 1.0);
  if (!weights.empty()) {
    if (weights.size() != n) throw InternalError("fit_lasso_path: weight length differs");
    pr.w.assign(weights.begin(), weights.end());
  }
  double wsum = 0, wy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!(y[i] == 0 || y[i] == 1))
      throw InputError("lasso: response at row " + std::to_string(i + 1) + " is not 0 or 1");
    if (!std::isfinite(pr.w[i]) || pr.w[i] < 0)
      throw InputError("lasso: weight at row " + std::to_string(i + 1) +
                       " is negative or not finite");
    wsum += pr.w[i];
    wy += pr.w[i] * y[i];
  }
  if (!(wsum > 0)) throw InputError("lasso: no observation has positive weight");
  const double ybar = wy / wsum;
  if (ybar == 0 || ybar == 1) throw InputError("lasso: the response has a single class");
  for (double& wi : pr.w) wi /= wsum;

  // Penalty factors, rescaled as glmnet does (infinite ones excluded but counted as 1).
  pr.vp.assign(p, 1.0);
  pr.excluded.assign(p, 0);
  if (!penalty_factor.empty()) {
    if (penalty_factor.size() != p)
      throw InputError("lasso: " + std::to_string(penalty_factor.size()) + " penalty factors for " +
                       std::to_string(p) + " columns");
    for (std::size_t j = 0; j < p; ++j) {
      const double f = penalty_factor[j];
      if (std::isnan(f) || f < 0)
        throw InputError("lasso: penalty factor of '" + path.names[j] + "' must be >= 0");
      pr.excluded[j] = std::isinf(f) ? 1 : 0;
      pr.vp[j] = std::isinf(f) ? 1.0 : f;
    }
  }
  double vsum = 0;
  for (double f : pr.vp) vsum += f;
  if (!(vsum > 0)) throw InputError("lasso: at least one penalty factor must be positive");
  for (double& f : pr.vp) f *= static_cast<double>(p) / vsum;

  // Standardise (weighted, 1/W normalisation as glmnet); constant columns never enter.
  pr.x.resize(n * p);
  path.center.assign(p, 0.0);
  path.scale.assign(p, 1.0);
  for (std::size_t j = 0; j < p; ++j) {
    const double* col = x.column(cols[j]);
    double m = 0, s2 = 0;
    for (std::size_t i = 0; i < n; ++i) m += pr.w[i] * col[i];
    for (std::size_t i = 0; i < n; ++i) s2 += pr.w[i] * (col[i] - m) * (col[i] - m);
    const bool constant = std::all_of(col, col + n, [&](double v) { return v == col[0]; });
    if (constant) pr.excluded[j] = 1;
    path.center[j] = m;
    if (options.standardize && !constant) path.scale[j] = std::sqrt(s2);
    for (std::size_t i = 0; i < n; ++i) pr.x[j * n + i] = (col[i] - m) / path.scale[j];
  }
  path.excluded = pr.excluded;
  path.penalty = pr.vp;
  for (std::size_t j = 0; j < p; ++j)
    if (pr.excluded[j]) path.penalty[j] = kInf;

  auto deviance_of = [&](const std::vector<double>& eta) {
    double d = 0;
    for (std::size_t i = 0; i < n; ++i) d += pr.w[i] * (log1pexp(eta[i]) - pr.y[i] * eta[i]);
    return 2 * wsum * d;
  };
  State s;
  s.b.assign(p, 0.0);
  s.active.assign(p, 0);
  s.b0 = std::log(ybar / (1 - ybar));
  s.eta.assign(n, s.b0);
  path.null_deviance = deviance_of(s.eta);
  const double thr = options.tolerance * path.null_deviance / (2 * wsum);

  // lambda_max: the smallest lambda keeping every penalised column out, at the fit of the
  // intercept and the unpenalised columns.
  path.passes += solve(pr, kInf, s, thr, options.max_passes);
  double lambda_max = 0;
  for (std::size_t j = 0; j < p; ++j) {
    if (pr.excluded[j] || pr.vp[j] == 0) continue;
    double g = 0;
    for (std::size_t i = 0; i < n; ++i)
      g += pr.w[i] * pr.x[j * n + i] * (pr.y[i] - probability(s.eta[i]));
    lambda_max = std::max(lambda_max, std::fabs(g) / pr.vp[j]);
  }
  std::vector<double> lambdas = options.lambda;
  const bool automatic = lambdas.empty();
  if (automatic) {
    const std::size_t count = lambda_max > 0 ? std::max<std::size_t>(options.nlambda, 1) : 1;
    const double ratio =
        options.lambda_min_ratio > 0 ? options.lambda_min_ratio : (n > p ? 1e-4 : 1e-2);
    for (std::size_t k = 0; k < count; ++k)
      lambdas.push_back(count == 1
                            ? lambda_max
                            : lambda_max * std::pow(ratio, static_cast<double>(k) /
                                                               static_cast<double>(count - 1)));
  }
  for (std::size_t k = 0; k < lambdas.size(); ++k) {
    if (!(lambdas[k] >= 0) || (k > 0 && lambdas[k] > lambdas[k - 1]))
      throw InputError("lasso: lambda values must be non-negative and decreasing");
    path.passes += solve(pr, lambdas[k], s, thr, options.max_passes);
    path.lambda.push_back(lambdas[k]);
    double shift = 0;
    std::size_t nz = 0;
    for (std::size_t j = 0; j < p; ++j) {
      const double b = s.b[j] / path.scale[j];
      path.beta.push_back(b);
      shift += b * path.center[j];
      nz += b != 0 ? 1 : 0;
    }
    path.intercept.push_back(s.b0 - shift);
    path.nonzero.push_back(nz);
    path.deviance.push_back(deviance_of(s.eta));
    path.dev_ratio.push_back(1 - path.deviance.back() / path.null_deviance);
    if (automatic && options.early_stop && k >= 4) {
      const double rise = path.dev_ratio[k] - path.dev_ratio[k - 1];
      if (rise < 1e-5 || path.dev_ratio[k] > 0.999) break;
    }
  }
  return path;
}

std::vector<double> predict_lasso(const DesignMatrix& x, const LassoPath& path, std::size_t k) {
  if (k >= path.size()) throw InternalError("predict_lasso: path index out of range");
  std::vector<double> eta(x.rows, path.intercept[k]);
  const double* b = path.coef(k);
  std::size_t j = 0;
  for (std::size_t c = 0; c < x.cols; ++c) {
    if (x.term[c] < 0) continue;
    if (j >= path.names.size()) throw InternalError("predict_lasso: design has extra columns");
    if (b[j] != 0) {
      const double* col = x.column(c);
      for (std::size_t i = 0; i < x.rows; ++i) eta[i] += b[j] * col[i];
    }
    ++j;
  }
  if (j != path.names.size()) throw InternalError("predict_lasso: design lacks columns");
  for (double& e : eta) e = probability(e);
  return eta;
}

}  // namespace adm::learn
