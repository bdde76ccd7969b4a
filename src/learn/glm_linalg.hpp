#pragma once
// The small dense linear algebra the GLM fitters need, kept here so the learners have no extra
// dependency: weighted least squares by Householder QR with R's "limited pivoting" (a column whose
// residual norm falls below tol times its own norm is aliased and left out, as LINPACK dqrdc2 does
// in R's glm.fit), and a Cholesky solve / inverse for Newton steps.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace adm::learn {

struct WlsResult {
  std::vector<double> coef;           // cols; 0 for aliased columns
  std::vector<std::uint8_t> aliased;  // cols
  std::size_t rank = 0;
  std::vector<double> cov_unscaled;  // cols x cols, (X'WX)^-1 on kept columns, 0 elsewhere
};

// Minimise sum_i w_i (z_i - x_i' b)^2 for column-major x (rows x cols), w_i >= 0. Columns are
// tested for aliasing in order, so the first of two collinear columns is kept (R's rule).
// with_cov = false skips the inverse.
WlsResult weighted_least_squares(std::span<const double> x, std::size_t rows, std::size_t cols,
                                 std::span<const double> z, std::span<const double> w,
                                 bool with_cov, double tol = 1e-11);

// In-place Cholesky of a symmetric positive definite n x n matrix (row-major, lower triangle
// used); false if a pivot is not positive.
bool cholesky(std::vector<double>& a, std::size_t n);
// Solve L L' x = b with the factor from cholesky().
std::vector<double> cholesky_solve(const std::vector<double>& l, std::size_t n,
                                   std::vector<double> b);
// (L L')^-1 from the factor.
std::vector<double> cholesky_inverse(const std::vector<double>& l, std::size_t n);

}  // namespace adm::learn
