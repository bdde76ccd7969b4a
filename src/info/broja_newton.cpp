#include "info/broja_newton.hpp"

#include <algorithm>
#include <cmath>

namespace adm::info {
namespace {

// Added to the diagonal of A W A^T without barrier (the polish and the least-squares duals): on an
// active set whose cells leave constraints unconnected (per t, rows and columns linked to the rest
// by no active cell) that matrix is singular, its Cholesky factor breaks down and the polish stops
// short of the active set's optimum. The right-hand sides lie in the range of A, so the regularised
// solution has no component along those null directions, and the refinement of solve_refined
// removes the error it makes elsewhere.
constexpr double kRegularisation = 1e-12;

}  // namespace

BrojaNewton::BrojaNewton(const BrojaDomain& d) : d_(d) {
  const std::size_t nx = d.x_col_start.size() - 1;
  l_start_.assign(nx + 1, 0);
  for (std::size_t x = 0; x < nx; ++x) {
    const auto kx = d.x_row_start[x + 1] - d.x_row_start[x];
    l_start_[x + 1] = l_start_[x] + kx * kx;
  }
  l_.assign(static_cast<std::size_t>(l_start_[nx]), 0.0);
  touched_start_.assign(nx + 1, 0);
  y_start_.assign(nx + 1, 0);
  local_.assign(d.kept, -1);
  const auto kept = static_cast<Eigen::Index>(d.kept);
  syy_.setZero(kept, kept);
  // At most 128 rows and 2^21 entries: the dense update gains nothing from more.
  panel_cols_ =
      std::clamp<std::size_t>((std::size_t{1} << 21) / std::max<std::size_t>(d.kept, 1), 1, 128);
  panel_.setZero(kept, static_cast<Eigen::Index>(panel_cols_));
  // syy_f_ allocates at its first compute(). (Not LDLT(kept) assigned here: that constructor
  // leaves the factorisation's status unset, and the assignment copies it: undefined behaviour,
  // reported by UBSan.)
  rhs_y_.setZero(kept);
  nu_y_.setZero(kept);
  dm_.assign(d.cells(), 0.0);
  dinv_.assign(d.cells(), 0.0);
  inv_denom_.assign(d.columns(), 0.0);
  inv_s_.assign(d.columns(), 0.0);
  z_.assign(d.row_t.size(), 0.0);
}

const NewtonStep& BrojaNewton::step(const std::vector<double>& q, const std::vector<char>& active,
                                    double tau, double delta) {
  active_ = &active;
  reg_ = tau > 0 ? 0.0 : kRegularisation;
  for (std::size_t c = 0; c < d_.columns(); ++c) {
    if (!active[c]) continue;
    double denom = 0, s = 0;
    for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i) {
      const double qi = q[i], lead = (1 + delta) * qi + tau;
      s += qi;
      dm_[i] = lead / (qi * qi);
      dinv_[i] = qi * qi / lead;
      denom += qi * (delta * qi + tau) / lead;  // s - sum dinv, without cancellation
    }
    inv_denom_[c] = 1.0 / denom;
    inv_s_[c] = 1.0 / s;
  }
  gradient(q, tau);
  return solve_refined(q);
}

// With identity in place of M, and the gradient taken relative to the reference.
const NewtonStep& BrojaNewton::fit_duals(const std::vector<double>& q,
                                         const std::vector<char>& active,
                                         const std::vector<double>& ref_lambda,
                                         const std::vector<double>& ref_mu) {
  active_ = &active;
  reg_ = kRegularisation;
  std::fill(dm_.begin(), dm_.end(), 1.0);
  std::fill(dinv_.begin(), dinv_.end(), 1.0);
  std::fill(inv_denom_.begin(), inv_denom_.end(), 0.0);
  std::fill(inv_s_.begin(), inv_s_.end(), 0.0);
  gradient(q, 0.0);
  const bool ref = ref_lambda.size() == d_.row_t.size() && ref_mu.size() == d_.con_t.size();
  if (ref)
    for (std::size_t c = 0; c < d_.columns(); ++c)
      if (active[c])
        for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i)
          g_[i] -= ref_lambda[d_.cell_row[i]] + ref_mu[d_.cell_con[i]];
  solve_refined(q);
  if (ref && step_.ok) {
    for (std::size_t r = 0; r < step_.nu_row.size(); ++r) step_.nu_row[r] -= ref_lambda[r];
    for (std::size_t k = 0; k < step_.nu_con.size(); ++k) step_.nu_con[k] -= ref_mu[k];
  }
  return step_;
}

void BrojaNewton::gradient(const std::vector<double>& q, double tau) {
  g_.assign(d_.cells(), 0.0);
  for (std::size_t c = 0; c < d_.columns(); ++c) {
    if (!(*active_)[c]) continue;
    double s = 0;
    for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i) s += q[i];
    for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i)
      g_[i] = std::log(q[i] / s) - tau / q[i];
  }
}

// Assembles per x the row block Sxx = R W R^T and the coupling B = R W C^T, factorises Sxx = L L^T
// and subtracts (L^-1 B)^T (L^-1 B) from the dense system in the kept column constraints.
bool BrojaNewton::factor() {
  const auto& d = d_;
  const auto& active = *active_;
  syy_.setZero();
  syy_.diagonal().setConstant(reg_);
  touched_.clear();
  const std::size_t nx = d.x_col_start.size() - 1;
  for (std::size_t x = 0; x < nx; ++x) {
    const auto r0 = d.x_row_start[x];
    const std::size_t kx = static_cast<std::size_t>(d.x_row_start[x + 1] - r0);
    const std::size_t t0 = touched_.size();
    for (auto c = d.x_col_start[x]; c < d.x_col_start[x + 1]; ++c) {
      if (!active[c]) continue;
      for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) {
        const auto kc = d.con_kept_index[d.cell_con[i]];
        if (kc >= 0 && local_[kc] < 0) {
          local_[kc] = static_cast<std::int32_t>(touched_.size() - t0);
          touched_.push_back(kc);
        }
      }
    }
    const std::size_t m = touched_.size() - t0;
    touched_start_[x + 1] = static_cast<std::int32_t>(touched_.size());
    y_start_[x + 1] = y_start_[x] + kx * m;
    if (y_.size() < y_start_[x + 1]) y_.resize(y_start_[x + 1]);
    double* l = l_.data() + l_start_[x];
    double* y = y_.data() + y_start_[x];
    std::fill(l, l + kx * kx, 0.0);
    std::fill(y, y + kx * m, 0.0);
    for (auto c = d.x_col_start[x]; c < d.x_col_start[x + 1]; ++c) {
      if (!active[c]) continue;
      const double id = inv_denom_[c];
      for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) {
        const auto ri = static_cast<std::size_t>(d.cell_row[i] - r0);
        const auto ki = d.con_kept_index[d.cell_con[i]];
        const double di = dinv_[i] * id;
        for (auto j = d.col_start[c]; j < d.col_start[c + 1]; ++j) {
          const double wij = (i == j ? dinv_[i] : 0.0) + di * dinv_[j];
          const auto rj = static_cast<std::size_t>(d.cell_row[j] - r0);
          const auto kj = d.con_kept_index[d.cell_con[j]];
          if (rj <= ri) l[ri * kx + rj] += wij;
          if (kj >= 0) {
            y[static_cast<std::size_t>(local_[kj]) * kx + ri] += wij;
            if (ki >= kj) syy_(ki, kj) += wij;  // the lower triangle is all LDLT reads
          }
        }
      }
    }
    for (std::size_t a = t0; a < touched_.size(); ++a) local_[touched_[a]] = -1;
    for (std::size_t j = 0; j < kx; ++j) l[j * kx + j] += reg_;
    // Cholesky, lower triangle, in place.
    for (std::size_t j = 0; j < kx; ++j) {
      double s = l[j * kx + j];
      for (std::size_t k = 0; k < j; ++k) s -= l[j * kx + k] * l[j * kx + k];
      if (!(s > 0) || !std::isfinite(s)) return false;
      const double ljj = std::sqrt(s);
      l[j * kx + j] = ljj;
      for (std::size_t i = j + 1; i < kx; ++i) {
        double v = l[i * kx + j];
        for (std::size_t k = 0; k < j; ++k) v -= l[i * kx + k] * l[j * kx + k];
        l[i * kx + j] = v / ljj;
      }
    }
    for (std::size_t a = 0; a < m; ++a) {
      double* ya = y + a * kx;
      for (std::size_t i = 0; i < kx; ++i) {
        double v = ya[i];
        for (std::size_t k = 0; k < i; ++k) v -= l[i * kx + k] * ya[k];
        ya[i] = v / l[i * kx + i];
      }
    }
    // Syy -= Y^T Y: blocks touching many constraints are stacked into a dense panel whose
    // rank update is one matrix product; sparse ones are added entry by entry.
    if (kx <= panel_cols_ && 4 * m >= d.kept) {
      if (panel_used_ + kx > panel_cols_) flush_panel();
      for (std::size_t i = 0; i < kx; ++i, ++panel_used_)
        for (std::size_t a = 0; a < m; ++a)
          panel_(touched_[t0 + a], static_cast<Eigen::Index>(panel_used_)) = y[a * kx + i];
      continue;
    }
    for (std::size_t a = 0; a < m; ++a)
      for (std::size_t e = 0; e < m; ++e) {
        const auto ta = touched_[t0 + a], te = touched_[t0 + e];
        if (ta < te) continue;
        double dot = 0;
        for (std::size_t i = 0; i < kx; ++i) dot += y[a * kx + i] * y[e * kx + i];
        syy_(ta, te) -= dot;
      }
  }
  flush_panel();
  if (d.kept > 0) {
    syy_f_.compute(syy_);
    if (syy_f_.info() != Eigen::Success) return false;
  }
  return true;
}

void BrojaNewton::flush_panel() {
  if (panel_used_ == 0) return;
  const auto used = static_cast<Eigen::Index>(panel_used_);
  syy_.selfadjointView<Eigen::Lower>().rankUpdate(panel_.leftCols(used), -1.0);
  panel_.leftCols(used).setZero();
  panel_used_ = 0;
}

void BrojaNewton::apply_w(const std::vector<double>& v, std::vector<double>& out) const {
  std::fill(out.begin(), out.end(), 0.0);
  for (std::size_t c = 0; c < d_.columns(); ++c) {
    if (!(*active_)[c]) continue;
    double dot = 0;
    for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i) dot += dinv_[i] * v[i];
    dot *= inv_denom_[c];
    for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i)
      out[i] = dinv_[i] * v[i] + dinv_[i] * dot;
  }
}

// Solves M dq + A^T nu = -g, A dq = (row_r, con_r) on the active columns.
void BrojaNewton::solve(const std::vector<double>& g, const std::vector<double>& row_r,
                        const std::vector<double>& con_r, NewtonStep& out) {
  const auto& d = d_;
  const std::size_t n = d.cells();
  wg_.resize(n);
  apply_w(g, wg_);
  rhs_row_.resize(row_r.size());
  rhs_con_.resize(con_r.size());
  for (std::size_t r = 0; r < rhs_row_.size(); ++r) rhs_row_[r] = -row_r[r];
  for (std::size_t k = 0; k < rhs_con_.size(); ++k) rhs_con_[k] = -con_r[k];
  for (std::size_t i = 0; i < n; ++i) {
    rhs_row_[d.cell_row[i]] -= wg_[i];
    rhs_con_[d.cell_con[i]] -= wg_[i];
  }
  for (std::size_t k = 0; k < rhs_con_.size(); ++k)
    if (d.con_kept_index[k] >= 0) rhs_y_[d.con_kept_index[k]] = rhs_con_[k];
  const std::size_t nx = d.x_col_start.size() - 1;
  for (std::size_t x = 0; x < nx; ++x) {
    const auto r0 = static_cast<std::size_t>(d.x_row_start[x]);
    const std::size_t kx = static_cast<std::size_t>(d.x_row_start[x + 1]) - r0;
    const double* l = l_.data() + l_start_[x];
    const double* y = y_.data() + y_start_[x];
    double* z = z_.data() + r0;
    for (std::size_t i = 0; i < kx; ++i) {
      double v = rhs_row_[r0 + i];
      for (std::size_t k = 0; k < i; ++k) v -= l[i * kx + k] * z[k];
      z[i] = v / l[i * kx + i];
    }
    for (auto a = touched_start_[x]; a < touched_start_[x + 1]; ++a) {
      const double* ya = y + static_cast<std::size_t>(a - touched_start_[x]) * kx;
      double dot = 0;
      for (std::size_t i = 0; i < kx; ++i) dot += ya[i] * z[i];
      rhs_y_[touched_[a]] -= dot;
    }
  }
  if (d.kept > 0) nu_y_ = syy_f_.solve(rhs_y_);
  out.nu_con.assign(d.con_t.size(), 0.0);
  for (std::size_t k = 0; k < d.con_t.size(); ++k)
    if (d.con_kept_index[k] >= 0) out.nu_con[k] = nu_y_[d.con_kept_index[k]];
  out.nu_row.resize(d.row_t.size());
  for (std::size_t x = 0; x < nx; ++x) {
    const auto r0 = static_cast<std::size_t>(d.x_row_start[x]);
    const std::size_t kx = static_cast<std::size_t>(d.x_row_start[x + 1]) - r0;
    const double* l = l_.data() + l_start_[x];
    const double* y = y_.data() + y_start_[x];
    double* z = z_.data() + r0;
    for (auto a = touched_start_[x]; a < touched_start_[x + 1]; ++a) {
      const double* ya = y + static_cast<std::size_t>(a - touched_start_[x]) * kx;
      const double na = nu_y_[touched_[a]];
      for (std::size_t i = 0; i < kx; ++i) z[i] -= ya[i] * na;
    }
    double* nu = out.nu_row.data() + r0;
    for (std::size_t i = kx; i-- > 0;) {
      double v = z[i];
      for (std::size_t k = i + 1; k < kx; ++k) v -= l[k * kx + i] * nu[k];
      nu[i] = v / l[i * kx + i];
    }
  }
  v_.resize(n);
  for (std::size_t i = 0; i < n; ++i)
    v_[i] = g[i] + out.nu_row[d.cell_row[i]] + out.nu_con[d.cell_con[i]];
  out.dq.resize(n);
  apply_w(v_, out.dq);
  for (double& x : out.dq) x = -x;
}

// The residuals of a computed solution, negated for the correction: e = g + M dq + A^T nu,
// (er, ec) = (row_r, con_r) - A dq.
bool BrojaNewton::residuals(const std::vector<double>& g, const NewtonStep& s) {
  const auto& d = d_;
  e_.assign(d.cells(), 0.0);
  er_ = row_r_;
  ec_ = con_r_;
  for (std::size_t c = 0; c < d.columns(); ++c) {
    if (!(*active_)[c]) continue;
    double sum = 0;
    for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) sum += s.dq[i];
    for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) {
      e_[i] = g[i] + (dm_[i] * s.dq[i] - sum * inv_s_[c]) + s.nu_row[d.cell_row[i]] +
              s.nu_con[d.cell_con[i]];
      er_[d.cell_row[i]] -= s.dq[i];
      ec_[d.cell_con[i]] -= s.dq[i];
    }
  }
  double worst_e = 0, worst_g = 1, worst_r = 0;
  for (std::size_t i = 0; i < e_.size(); ++i) {
    worst_e = std::max(worst_e, std::abs(e_[i]));
    worst_g = std::max(worst_g, std::abs(g[i]));
  }
  for (double v : er_) worst_r = std::max(worst_r, std::abs(v));
  for (double v : ec_) worst_r = std::max(worst_r, std::abs(v));
  return worst_e <= 1e-14 * worst_g && worst_r <= 1e-16;
}

// Solves, then refines the solution up to twice against the exact residuals (the elimination
// loses digits when the barrier or the proximal weight is small); once the residuals are at
// round-off level, a further round changes nothing.
const NewtonStep& BrojaNewton::solve_refined(const std::vector<double>& q) {
  const auto& d = d_;
  step_.ok = false;
  step_.slope = 0;
  if (!factor()) return step_;
  row_r_ = d.row_b;
  con_r_ = d.con_b;
  for (std::size_t c = 0; c < d.columns(); ++c) {
    if (!(*active_)[c]) continue;
    for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) {
      row_r_[d.cell_row[i]] -= q[i];
      con_r_[d.cell_con[i]] -= q[i];
    }
  }
  solve(g_, row_r_, con_r_, step_);
  for (int round = 0; round < 2; ++round) {
    if (residuals(g_, step_)) break;
    solve(e_, er_, ec_, fix_);
    for (std::size_t i = 0; i < step_.dq.size(); ++i) step_.dq[i] += fix_.dq[i];
    for (std::size_t r = 0; r < step_.nu_row.size(); ++r) step_.nu_row[r] += fix_.nu_row[r];
    for (std::size_t k = 0; k < step_.nu_con.size(); ++k) step_.nu_con[k] += fix_.nu_con[k];
  }
  for (std::size_t i = 0; i < step_.dq.size(); ++i) step_.slope += g_[i] * step_.dq[i];
  step_.ok = std::isfinite(step_.slope);
  return step_;
}

}  // namespace adm::info
