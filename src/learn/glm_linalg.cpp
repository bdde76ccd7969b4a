#include "learn/glm_linalg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace adm::learn {

WlsResult weighted_least_squares(std::span<const double> x, std::size_t rows, std::size_t cols,
                                 std::span<const double> z, std::span<const double> w,
                                 bool with_cov, double tol) {
  // a = sqrt(W) X, b = sqrt(W) z; Householder reflections on the kept columns only.
  std::vector<double> a(rows * cols), b(rows);
  for (std::size_t r = 0; r < rows; ++r) b[r] = std::sqrt(w[r]) * z[r];
  for (std::size_t c = 0; c < cols; ++c)
    for (std::size_t r = 0; r < rows; ++r) a[c * rows + r] = std::sqrt(w[r]) * x[c * rows + r];

  WlsResult out;
  out.coef.assign(cols, 0.0);
  out.aliased.assign(cols, 0);
  std::vector<std::size_t> kept;
  std::vector<double> diag;  // R's diagonal, one per kept column
  for (std::size_t c = 0; c < cols; ++c) {
    double* col = a.data() + c * rows;
    double full = 0;
    for (std::size_t r = 0; r < rows; ++r) full += col[r] * col[r];
    const std::size_t k = kept.size();
    double norm = 0;
    for (std::size_t r = k; r < rows; ++r) norm += col[r] * col[r];
    norm = std::sqrt(norm);
    if (k >= rows || norm <= tol * std::sqrt(full) || full == 0) {
      out.aliased[c] = 1;
      continue;
    }
    // Reflection v = col[k:] - alpha e_k mapping col[k:] onto alpha e_k.
    const double alpha = col[k] > 0 ? -norm : norm;
    std::vector<double> v(col + k, col + rows);
    v[0] -= alpha;
    double vv = 0;
    for (double t : v) vv += t * t;
    auto reflect = [&](double* y) {
      double s = 0;
      for (std::size_t i = 0; i < v.size(); ++i) s += v[i] * y[k + i];
      s = 2 * s / vv;
      for (std::size_t i = 0; i < v.size(); ++i) y[k + i] -= s * v[i];
    };
    if (vv > 0) {
      for (std::size_t c2 = c + 1; c2 < cols; ++c2) reflect(a.data() + c2 * rows);
      reflect(b.data());
    }
    col[k] = alpha;
    kept.push_back(c);
    diag.push_back(alpha);
  }
  out.rank = kept.size();
  // Back-substitution R beta = (Q'b)[0:rank]; R(i, j) = a[kept[j] * rows + i].
  const std::size_t p = kept.size();
  std::vector<double> beta(p);
  for (std::size_t i = p; i-- > 0;) {
    double s = b[i];
    for (std::size_t j = i + 1; j < p; ++j) s -= a[kept[j] * rows + i] * beta[j];
    beta[i] = s / diag[i];
  }
  for (std::size_t j = 0; j < p; ++j) out.coef[kept[j]] = beta[j];
  if (!with_cov) return out;
  // R^-1 column by column, then (R'R)^-1 = R^-1 R^-T.
  std::vector<double> rinv(p * p, 0.0);  // row-major
  for (std::size_t j = 0; j < p; ++j) {
    for (std::size_t i = j + 1; i-- > 0;) {
      double s = i == j ? 1.0 : 0.0;
      for (std::size_t m = i + 1; m <= j; ++m) s -= a[kept[m] * rows + i] * rinv[m * p + j];
      rinv[i * p + j] = s / diag[i];
    }
  }
  out.cov_unscaled.assign(cols * cols, 0.0);
  for (std::size_t i = 0; i < p; ++i)
    for (std::size_t j = 0; j < p; ++j) {
      double s = 0;
      for (std::size_t m = std::max(i, j); m < p; ++m) s += rinv[i * p + m] * rinv[j * p + m];
      out.cov_unscaled[kept[i] * cols + kept[j]] = s;
    }
  return out;
}

bool cholesky(std::vector<double>& a, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (std::size_t k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 0)) return false;
    d = std::sqrt(d);
    a[j * n + j] = d;
    for (std::size_t i = j + 1; i < n; ++i) {
      double s = a[i * n + j];
      for (std::size_t k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / d;
    }
    for (std::size_t i = 0; i < j; ++i) a[i * n + j] = 0;  // clear the upper triangle
  }
  return true;
}

std::vector<double> cholesky_solve(const std::vector<double>& l, std::size_t n,
                                   std::vector<double> b) {
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t k = 0; k < i; ++k) b[i] -= l[i * n + k] * b[k];
    b[i] /= l[i * n + i];
  }
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t k = i + 1; k < n; ++k) b[i] -= l[k * n + i] * b[k];
    b[i] /= l[i * n + i];
  }
  return b;
}

std::vector<double> cholesky_inverse(const std::vector<double>& l, std::size_t n) {
  std::vector<double> inv(n * n);
  for (std::size_t j = 0; j < n; ++j) {
    std::vector<double> e(n, 0.0);
    e[j] = 1;
    const auto col = cholesky_solve(l, n, std::move(e));
    for (std::size_t i = 0; i < n; ++i) inv[i * n + j] = col[i];
  }
  return inv;
}

}  // namespace adm::learn
