#include "info/broja_dual.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace adm::info {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// log sum_t exp(lambda(t, x) + mu(t, y)) over column c's cells.
double column_lse(const BrojaDomain& d, const std::vector<double>& lambda_row,
                  const std::vector<double>& mu_con, std::size_t c) {
  double top = -kInf;
  for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i)
    top = std::max(top, lambda_row[d.cell_row[i]] + mu_con[d.cell_con[i]]);
  double sum = 0;
  for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i)
    sum += std::exp(lambda_row[d.cell_row[i]] + mu_con[d.cell_con[i]] - top);
  return top + std::log(sum);
}

double objective(const BrojaDomain& d, const std::vector<double>& lambda_row,
                 const std::vector<double>& mu_con) {
  double value = 0;
  for (std::size_t r = 0; r < lambda_row.size(); ++r) value += lambda_row[r] * d.row_b[r];
  for (std::size_t k = 0; k < mu_con.size(); ++k) value += mu_con[k] * d.con_b[k];
  return value;
}

}  // namespace

double broja_dual_bound(const BrojaDomain& d, const std::vector<double>& lambda_row,
                        const std::vector<double>& mu_con) {
  double worst = -kInf;
  for (std::size_t c = 0; c < d.columns(); ++c)
    worst = std::max(worst, column_lse(d, lambda_row, mu_con, c));
  return objective(d, lambda_row, mu_con) - worst;
}

double broja_local_dual_bound(const BrojaDomain& d, std::vector<double>& lambda_row,
                              std::vector<double>& mu_con) {
  const std::size_t nx = d.x_col_start.size() - 1;
  std::size_t ny = 0;
  for (const auto y : d.con_y) ny = std::max(ny, static_cast<std::size_t>(y) + 1);
  std::vector<double> lse(d.columns());
  for (std::size_t c = 0; c < d.columns(); ++c) lse[c] = column_lse(d, lambda_row, mu_con, c);
  // a_x: the largest violation among x's columns; b_y: what a leaves of the violations of y's
  // columns (at most 0 where a covers them all: mu(., y) then rises).
  std::vector<double> a(nx, -kInf), b(ny, -kInf);
  for (std::size_t c = 0; c < d.columns(); ++c) a[d.col_x[c]] = std::max(a[d.col_x[c]], lse[c]);
  for (std::size_t c = 0; c < d.columns(); ++c)
    b[d.col_y[c]] = std::max(b[d.col_y[c]], lse[c] - a[d.col_x[c]]);
  // A value without columns (no mass) keeps its multipliers.
  for (double& v : a) v = std::isfinite(v) ? v : 0.0;
  for (double& v : b) v = std::isfinite(v) ? v : 0.0;
  for (std::size_t r = 0; r < lambda_row.size(); ++r) lambda_row[r] -= a[d.row_x[r]];
  for (std::size_t k = 0; k < mu_con.size(); ++k) mu_con[k] -= b[d.con_y[k]];
  // Shifting lambda(., x) and mu(., y) shifts the column's log-sum-exp by exactly a_x + b_y, so
  // the remaining violations need no second pass over the cells (the difference is the rounding
  // of one subtraction against that of re-evaluating exp and log).
  double worst = -kInf;
  for (std::size_t c = 0; c < d.columns(); ++c)
    worst = std::max(worst, lse[c] - a[d.col_x[c]] - b[d.col_y[c]]);
  return objective(d, lambda_row, mu_con) - worst;
}

}  // namespace adm::info
