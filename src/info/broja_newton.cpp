#include "info/broja_newton.hpp"

#include <Eigen/Dense>
#include <cmath>

namespace adm::info {
namespace {

// The KKT matrix [M A^T; A 0] of one Newton step, factorised: M = H + barrier + proximal term is
// block diagonal per column, diag(dm) - 1 1^T / s, with inverse W = diag(dinv) + dinv dinv^T /
// denom (Sherman-Morrison); the row constraints of each x are eliminated next, leaving a dense
// system in the kept column constraints.
class Kkt {
 public:
  Kkt(const BrojaDomain& d, const std::vector<double>& q, const std::vector<char>& active,
      double tau, double delta)
      : d_(d), active_(active) {
    dm_.assign(d.cells(), 0.0);
    dinv_.assign(d.cells(), 0.0);
    inv_denom_.assign(d.columns(), 0.0);
    inv_s_.assign(d.columns(), 0.0);
    for (std::size_t c = 0; c < d.columns(); ++c) {
      if (!active[c]) continue;
      double denom = 0, s = 0;
      for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) {
        const double qi = q[i], lead = (1 + delta) * qi + tau;
        s += qi;
        dm_[i] = lead / (qi * qi);
        dinv_[i] = qi * qi / lead;
        denom += qi * (delta * qi + tau) / lead;  // s - sum dinv, without cancellation
      }
      inv_denom_[c] = 1.0 / denom;
      inv_s_[c] = 1.0 / s;
    }
    factor();
  }
  // With identity in place of M (least-squares multipliers).
  Kkt(const BrojaDomain& d, const std::vector<char>& active) : d_(d), active_(active) {
    dm_.assign(d.cells(), 1.0);
    dinv_.assign(d.cells(), 1.0);
    inv_denom_.assign(d.columns(), 0.0);
    inv_s_.assign(d.columns(), 0.0);
    factor();
  }

  bool ok() const { return ok_; }

  // Solves M dq + A^T nu = -g, A dq = (row_r, con_r) on the active columns.
  void solve(const std::vector<double>& g, const std::vector<double>& row_r,
             const std::vector<double>& con_r, NewtonStep& out) const {
    const std::size_t n = d_.cells();
    std::vector<double> wg(n, 0.0);
    apply_w(g, wg);
    std::vector<double> rhs_row(row_r.size()), rhs_con(con_r.size());
    for (std::size_t r = 0; r < rhs_row.size(); ++r) rhs_row[r] = -row_r[r];
    for (std::size_t k = 0; k < rhs_con.size(); ++k) rhs_con[k] = -con_r[k];
    for (std::size_t i = 0; i < n; ++i) {
      rhs_row[d_.cell_row[i]] -= wg[i];
      rhs_con[d_.cell_con[i]] -= wg[i];
    }
    Eigen::VectorXd rhs_y = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(d_.kept));
    for (std::size_t k = 0; k < rhs_con.size(); ++k)
      if (d_.con_kept_index[k] >= 0) rhs_y[d_.con_kept_index[k]] = rhs_con[k];
    const std::size_t nx = d_.x_col_start.size() - 1;
    for (std::size_t x = 0; x < nx; ++x) {
      if (block_inv_[x].size() == 0) continue;
      const Eigen::VectorXd upd = coupling_[x].transpose() * (block_inv_[x] * rows_of(x, rhs_row));
      for (std::size_t a = 0; a < touched_[x].size(); ++a)
        rhs_y[touched_[x][a]] -= upd[static_cast<Eigen::Index>(a)];
    }
    Eigen::VectorXd nu_y = Eigen::VectorXd::Zero(rhs_y.size());
    if (rhs_y.size() > 0) nu_y = syy_.solve(rhs_y);
    out.nu_con.assign(d_.con_t.size(), 0.0);
    for (std::size_t k = 0; k < d_.con_t.size(); ++k)
      if (d_.con_kept_index[k] >= 0) out.nu_con[k] = nu_y[d_.con_kept_index[k]];
    out.nu_row.assign(d_.row_t.size(), 0.0);
    for (std::size_t x = 0; x < nx; ++x) {
      if (block_inv_[x].size() == 0) continue;
      Eigen::VectorXd ny(static_cast<Eigen::Index>(touched_[x].size()));
      for (std::size_t a = 0; a < touched_[x].size(); ++a)
        ny[static_cast<Eigen::Index>(a)] = nu_y[touched_[x][a]];
      const Eigen::VectorXd v = block_inv_[x] * (rows_of(x, rhs_row) - coupling_[x] * ny);
      for (Eigen::Index a = 0; a < v.size(); ++a) out.nu_row[d_.x_row_start[x] + a] = v[a];
    }
    std::vector<double> v(n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
      v[i] = g[i] + out.nu_row[d_.cell_row[i]] + out.nu_con[d_.cell_con[i]];
    out.dq.assign(n, 0.0);
    apply_w(v, out.dq);
    for (double& x : out.dq) x = -x;
  }

  // The residuals of a computed solution: e = -g - M dq - A^T nu, (r - A dq).
  void residuals(const std::vector<double>& g, const std::vector<double>& row_r,
                 const std::vector<double>& con_r, const NewtonStep& s, std::vector<double>& e,
                 std::vector<double>& er, std::vector<double>& ec) const {
    e.assign(d_.cells(), 0.0);
    er = row_r;
    ec = con_r;
    for (std::size_t c = 0; c < d_.columns(); ++c) {
      if (!active_[c]) continue;
      double sum = 0;
      for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i) sum += s.dq[i];
      for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i) {
        e[i] = -g[i] - (dm_[i] * s.dq[i] - sum * inv_s_[c]) - s.nu_row[d_.cell_row[i]] -
               s.nu_con[d_.cell_con[i]];
        er[d_.cell_row[i]] -= s.dq[i];
        ec[d_.cell_con[i]] -= s.dq[i];
      }
    }
  }

 private:
  Eigen::VectorXd rows_of(std::size_t x, const std::vector<double>& v) const {
    const auto r0 = d_.x_row_start[x];
    Eigen::VectorXd out(d_.x_row_start[x + 1] - r0);
    for (Eigen::Index a = 0; a < out.size(); ++a) out[a] = v[r0 + a];
    return out;
  }

  void apply_w(const std::vector<double>& v, std::vector<double>& out) const {
    for (std::size_t c = 0; c < d_.columns(); ++c) {
      if (!active_[c]) continue;
      double dot = 0;
      for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i) dot += dinv_[i] * v[i];
      for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i)
        out[i] = dinv_[i] * v[i] + dinv_[i] * dot * inv_denom_[c];
    }
  }

  double w_entry(std::size_t c, std::int32_t i, std::int32_t j) const {
    return (i == j ? dinv_[i] : 0.0) + dinv_[i] * dinv_[j] * inv_denom_[c];
  }

  void factor() {
    const auto kept = static_cast<Eigen::Index>(d_.kept);
    Eigen::MatrixXd syy = Eigen::MatrixXd::Zero(kept, kept);
    const std::size_t nx = d_.x_col_start.size() - 1;
    block_inv_.assign(nx, {});
    coupling_.assign(nx, {});
    touched_.assign(nx, {});
    std::vector<std::int32_t> local(d_.kept, -1);
    for (std::size_t x = 0; x < nx; ++x) {
      const auto r0 = d_.x_row_start[x];
      const auto kx = static_cast<Eigen::Index>(d_.x_row_start[x + 1] - r0);
      if (kx == 0) continue;
      auto& list = touched_[x];
      for (auto c = d_.x_col_start[x]; c < d_.x_col_start[x + 1]; ++c) {
        if (!active_[c]) continue;
        for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i) {
          const auto kc = d_.con_kept_index[d_.cell_con[i]];
          if (kc >= 0 && local[kc] < 0) {
            local[kc] = static_cast<std::int32_t>(list.size());
            list.push_back(kc);
          }
        }
      }
      Eigen::MatrixXd sxx = Eigen::MatrixXd::Zero(kx, kx);
      Eigen::MatrixXd b = Eigen::MatrixXd::Zero(kx, static_cast<Eigen::Index>(list.size()));
      for (auto c = d_.x_col_start[x]; c < d_.x_col_start[x + 1]; ++c) {
        if (!active_[c]) continue;
        for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i) {
          const auto ri = d_.cell_row[i] - r0;
          const auto ki = d_.con_kept_index[d_.cell_con[i]];
          for (auto j = d_.col_start[c]; j < d_.col_start[c + 1]; ++j) {
            const double wij = w_entry(static_cast<std::size_t>(c), i, j);
            const auto kj = d_.con_kept_index[d_.cell_con[j]];
            sxx(ri, d_.cell_row[j] - r0) += wij;
            if (kj >= 0) b(ri, local[kj]) += wij;
            if (ki >= 0 && kj >= 0) syy(ki, kj) += wij;
          }
        }
      }
      for (auto kc : list) local[kc] = -1;
      Eigen::LDLT<Eigen::MatrixXd> f(sxx);
      if (f.info() != Eigen::Success || !f.isPositive()) return;
      Eigen::MatrixXd inv = f.solve(Eigen::MatrixXd::Identity(kx, kx));
      const Eigen::MatrixXd update = b.transpose() * (inv * b);
      for (std::size_t a = 0; a < list.size(); ++a)
        for (std::size_t e = 0; e < list.size(); ++e)
          syy(list[a], list[e]) -=
              update(static_cast<Eigen::Index>(a), static_cast<Eigen::Index>(e));
      block_inv_[x] = std::move(inv);
      coupling_[x] = std::move(b);
    }
    if (kept > 0) {
      syy_.compute(syy);
      if (syy_.info() != Eigen::Success) return;
    }
    ok_ = true;
  }

  const BrojaDomain& d_;
  const std::vector<char>& active_;
  std::vector<double> dm_, dinv_, inv_denom_, inv_s_;
  std::vector<Eigen::MatrixXd> block_inv_, coupling_;
  std::vector<std::vector<std::int32_t>> touched_;
  Eigen::LDLT<Eigen::MatrixXd> syy_;
  bool ok_ = false;
};

std::vector<double> gradient(const BrojaDomain& d, const std::vector<double>& q,
                             const std::vector<char>& active, double tau) {
  std::vector<double> g(d.cells(), 0.0);
  for (std::size_t c = 0; c < d.columns(); ++c) {
    if (!active[c]) continue;
    double s = 0;
    for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) s += q[i];
    for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i)
      g[i] = std::log(q[i] / s) - tau / q[i];
  }
  return g;
}

// Solves, then refines the solution twice against the exact residuals (the elimination loses
// digits when the barrier or the proximal weight is small).
NewtonStep solve_refined(const Kkt& kkt, const BrojaDomain& d, const std::vector<double>& q,
                         const std::vector<char>& active, const std::vector<double>& g) {
  NewtonStep step;
  if (!kkt.ok()) return step;
  std::vector<double> row_r = d.row_b, con_r = d.con_b;
  for (std::size_t c = 0; c < d.columns(); ++c) {
    if (!active[c]) continue;
    for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) {
      row_r[d.cell_row[i]] -= q[i];
      con_r[d.cell_con[i]] -= q[i];
    }
  }
  kkt.solve(g, row_r, con_r, step);
  std::vector<double> e, er, ec;
  for (int round = 0; round < 2; ++round) {
    kkt.residuals(g, row_r, con_r, step, e, er, ec);
    for (double& x : e) x = -x;
    NewtonStep fix;
    kkt.solve(e, er, ec, fix);
    for (std::size_t i = 0; i < step.dq.size(); ++i) step.dq[i] += fix.dq[i];
    for (std::size_t r = 0; r < step.nu_row.size(); ++r) step.nu_row[r] += fix.nu_row[r];
    for (std::size_t k = 0; k < step.nu_con.size(); ++k) step.nu_con[k] += fix.nu_con[k];
  }
  for (std::size_t i = 0; i < step.dq.size(); ++i) step.slope += g[i] * step.dq[i];
  step.ok = std::isfinite(step.slope);
  return step;
}

}  // namespace

NewtonStep broja_newton_step(const BrojaDomain& d, const std::vector<double>& q,
                             const std::vector<char>& active, double tau, double delta) {
  const Kkt kkt(d, q, active, tau, delta);
  return solve_refined(kkt, d, q, active, gradient(d, q, active, tau));
}

NewtonStep broja_fit_duals(const BrojaDomain& d, const std::vector<double>& q,
                           const std::vector<char>& active) {
  const Kkt kkt(d, active);
  return solve_refined(kkt, d, q, active, gradient(d, q, active, 0.0));
}

}  // namespace adm::info
