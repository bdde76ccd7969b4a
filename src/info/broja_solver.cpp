#include "info/broja_solver.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "info/broja_newton.hpp"

namespace adm::info {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kFeasible = 1e-13;  // largest constraint residual of a certified primal point
// Newton steps the polish may spend from a caller's start before the barrier path takes over.
constexpr std::size_t kStartBudget = 8;

double barrier_objective(const BrojaDomain& d, const std::vector<double>& q,
                         const std::vector<char>& active, double tau) {
  double total = 0;
  for (std::size_t c = 0; c < d.columns(); ++c) {
    if (!active[c]) continue;
    double s = 0;
    for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) s += q[i];
    for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i)
      total += q[i] * std::log(q[i] / s) - (tau > 0 ? tau * std::log(q[i]) : 0.0);
  }
  return total;
}

double max_residual(const BrojaDomain& d, const std::vector<double>& q) {
  std::vector<double> rr, rc;
  constraint_residuals(d, q, rr, rc);
  double worst = 0;
  for (double v : rr) worst = std::max(worst, std::abs(v));
  for (double v : rc) worst = std::max(worst, std::abs(v));
  return worst;
}

// Iterative proportional fitting of q (zero outside the active columns) to the marginals.
enum class Fit { Reached, Short, NoSupport };  // reached `tol`; did not; a constraint has no mass
Fit fit_marginals(const BrojaDomain& d, const std::vector<char>& active, std::vector<double>& q,
                  double tol, int max_rounds) {
  std::vector<double> row_sum(d.row_t.size()), con_sum(d.con_t.size());
  for (int round = 0; round < max_rounds; ++round) {
    std::fill(row_sum.begin(), row_sum.end(), 0.0);
    for (std::size_t i = 0; i < q.size(); ++i) row_sum[d.cell_row[i]] += q[i];
    double worst = 0;
    for (std::size_t r = 0; r < row_sum.size(); ++r) {
      if (row_sum[r] <= 0) return Fit::NoSupport;
      worst = std::max(worst, std::abs(row_sum[r] - d.row_b[r]));
    }
    if (round > 0 && worst <= tol) return Fit::Reached;
    for (std::size_t i = 0; i < q.size(); ++i)
      q[i] *= d.row_b[d.cell_row[i]] / row_sum[d.cell_row[i]];
    std::fill(con_sum.begin(), con_sum.end(), 0.0);
    for (std::size_t i = 0; i < q.size(); ++i) con_sum[d.cell_con[i]] += q[i];
    for (std::size_t k = 0; k < con_sum.size(); ++k)
      if (con_sum[k] <= 0) return Fit::NoSupport;
    for (std::size_t i = 0; i < q.size(); ++i)
      q[i] *= d.con_b[d.cell_con[i]] / con_sum[d.cell_con[i]];
  }
  (void)active;
  return Fit::Short;
}

// Largest step in (0, 1] that keeps q positive on active columns, times `fraction`.
double step_to_boundary(const std::vector<double>& q, const std::vector<double>& dq,
                        double fraction) {
  double alpha = 1.0;
  for (std::size_t i = 0; i < q.size(); ++i)
    if (dq[i] < 0 && q[i] > 0) alpha = std::min(alpha, -fraction * q[i] / dq[i]);
  return alpha;
}

struct Search {
  Search(BrojaSolution& o, const BrojaDomain& dom) : out(o), d(dom), kkt(dom) {}
  BrojaSolution& out;
  const BrojaDomain& d;
  BrojaNewton kkt;  // work space shared by all Newton steps
  double best_primal = kInf, best_dual = -kInf;
  std::vector<double> best_q;

  // Only points feasible to round-off are certificates.
  void offer_primal(const std::vector<double>& q) {
    if (max_residual(d, q) > kFeasible) return;
    const double v = broja_objective(d, q);
    if (v < best_primal) {
      best_primal = v;
      best_q = q;
    }
  }
  void offer_duals(const NewtonStep& s) {
    if (!s.ok) return;
    std::vector<double> lambda(s.nu_row.size()), mu(s.nu_con.size());
    for (std::size_t r = 0; r < lambda.size(); ++r) lambda[r] = -s.nu_row[r];
    for (std::size_t k = 0; k < mu.size(); ++k) mu[k] = -s.nu_con[k];
    offer_multipliers(std::move(lambda), std::move(mu));
  }
  // The best bound's multipliers, shifted to feasibility, are the polish's reference (below).
  void offer_multipliers(std::vector<double> lambda, std::vector<double> mu) {
    const double bound = broja_local_dual_bound(d, lambda, mu);
    if (!(bound > best_dual)) return;
    best_dual = bound;
    best_lambda = std::move(lambda);
    best_mu = std::move(mu);
  }
  std::vector<double> best_lambda, best_mu;
  double gap() const { return best_primal - best_dual; }

  // Two dual points in closed form: lambda = log P(t | x), mu = 0 (bound -H(T | X)) and lambda =
  // 0, mu = log P(t | y) (bound -H(T | Y)); every column's violation is log sum_t P(t | x) <= 0
  // over the t it holds. Conditioning on Y as well can only lower the entropy, and the bound is
  // the optimum exactly when a Q in which T and Y are independent given X (or T and X given Y) is
  // feasible: R2 a function or a relabelling of R1, or a garbling of it. There the Newton duals
  // are not unique (dependent constraints on the optimal support) and lose the last digits.
  void offer_entropy_duals() {
    for (const bool x_side : {true, false}) {
      const auto& v_of = x_side ? d.row_x : d.con_y;
      const auto& b = x_side ? d.row_b : d.con_b;
      std::vector<double> pv;
      for (std::size_t r = 0; r < b.size(); ++r) {
        const auto v = static_cast<std::size_t>(v_of[r]);
        if (pv.size() <= v) pv.resize(v + 1, 0.0);
        pv[v] += b[r];
      }
      std::vector<double> logp(b.size()), zero_row(d.row_b.size(), 0.0),
          zero_con(d.con_b.size(), 0.0);
      for (std::size_t r = 0; r < b.size(); ++r)
        logp[r] = std::log(b[r] / pv[static_cast<std::size_t>(v_of[r])]);
      if (x_side)
        offer_multipliers(logp, zero_con);
      else
        offer_multipliers(zero_row, logp);
    }
  }
};

// Damped Newton at barrier weight tau (0: none, with proximal weight delta) from q, until the
// Newton decrement is below `decrement` or `budget` steps are used. Returns false on failure.
bool newton(Search& s, std::vector<double>& q, const std::vector<char>& active, double tau,
            double delta, double decrement, std::size_t budget, double tol_nats) {
  const double fraction = tau > 0 ? 0.99 : 0.999;
  for (std::size_t it = 0; it < budget; ++it) {
    const NewtonStep& st = s.kkt.step(q, active, tau, delta);
    ++s.out.newton_steps;
    if (!st.ok) return false;
    s.offer_duals(st);
    const double dec2 = -st.slope;
    // A direction that is not one of descent is round-off (the system is ill-conditioned at a
    // small barrier weight): following it only undoes progress.
    if (dec2 <= decrement || !(st.slope < 0)) return true;
    if (tau == 0 && s.gap() <= tol_nats) return true;
    double alpha = step_to_boundary(q, st.dq, fraction);
    const double phi0 = barrier_objective(s.d, q, active, tau);
    std::vector<double> trial(q.size());
    for (int back = 0; back < 40; ++back, alpha *= 0.5) {
      for (std::size_t i = 0; i < q.size(); ++i) trial[i] = q[i] + alpha * st.dq[i];
      if (barrier_objective(s.d, trial, active, tau) <= phi0 + 0.25 * alpha * st.slope) break;
    }
    q.swap(trial);
    // Round-off in the step drifts off the constraints; proportional fitting pulls q back.
    if (max_residual(s.d, q) > 0.1 * kFeasible) fit_marginals(s.d, active, q, 0.1 * kFeasible, 20);
  }
  return true;
}

double column_mass(const BrojaDomain& d, const std::vector<double>& q, std::size_t c) {
  double mass = 0;
  for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) mass += q[i];
  return mass;
}

// The polish, an active-set method: start from the columns the barrier path keeps (mass above
// sqrt(tau) per cell), refit them to the marginals and run Newton without barrier. A column that
// Newton drives to zero leaves the active set; an inactive column whose dual constraint the
// least-squares multipliers violate comes back (the optimum on the active set is then not
// optimal on the whole domain).
void polish(Search& s, const std::vector<double>& q_barrier, double tau, double tol_nats,
            std::size_t budget) {
  const auto& d = s.d;
  std::vector<char> active(d.columns(), 0);
  std::vector<double> q(q_barrier.size(), 0.0);
  for (std::size_t c = 0; c < d.columns(); ++c) {
    const auto k = static_cast<double>(d.col_start[c + 1] - d.col_start[c]);
    active[c] = column_mass(d, q_barrier, c) > std::sqrt(tau) * k;
    if (active[c])
      for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) q[i] = q_barrier[i];
  }
  const double drop = 1e-14;  // column mass treated as zero
  std::vector<char> trial_drop(d.columns(), 0);
  for (int round = 0; round < 8 && budget > 0; ++round) {
    // A fit that falls short leaves a small residual, which the Newton steps remove.
    if (fit_marginals(d, active, q, 0.1 * kFeasible, 100) == Fit::NoSupport) return;
    s.offer_primal(q);
    bool changed = false;
    for (; budget > 0 && !changed; --budget) {
      const NewtonStep& st = s.kkt.step(q, active, 0.0, 1e-6);
      ++s.out.newton_steps;
      // A step that fails (the active set's KKT system singular to round-off: dependent
      // constraints, or converged columns of mass near 0) ends the Newton loop, not the polish:
      // the least-squares duals below do not need that system.
      if (!st.ok) break;
      s.offer_duals(st);
      // From an infeasible point the step also removes the residual (by the share alpha of it);
      // the objective may rise on the way, so only feasible points stop on the slope.
      const bool feasible = max_residual(d, q) <= kFeasible;
      if (feasible && (-st.slope <= 1e-16 || s.gap() <= tol_nats)) break;
      double alpha = step_to_boundary(q, st.dq, 0.999);
      const double f0 = broja_objective(d, q);
      std::vector<double> trial(q.size());
      for (int back = 0; back < 40; ++back, alpha *= 0.5) {
        for (std::size_t i = 0; i < q.size(); ++i) trial[i] = q[i] + alpha * st.dq[i];
        if (!feasible || broja_objective(d, trial) <= f0 + 0.25 * alpha * st.slope) break;
      }
      // A column the step took to the boundary (its mass cut by the step fraction) is where the
      // active set is heading: drop it now rather than over the next steps (a wrong drop is
      // undone below when its dual constraint is violated).
      for (std::size_t c = 0; c < d.columns(); ++c)
        if (active[c] && column_mass(d, trial, c) <= 2e-3 * column_mass(d, q, c)) trial_drop[c] = 1;
      q.swap(trial);
      for (std::size_t c = 0; c < d.columns(); ++c)
        if (active[c] && (column_mass(d, q, c) <= drop || trial_drop[c])) {
          trial_drop[c] = 0;
          active[c] = 0;
          changed = true;
          for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) q[i] = 0;
        }
      if (changed && fit_marginals(d, active, q, 0.1 * kFeasible, 100) == Fit::NoSupport) return;
    }
    if (changed) continue;
    fit_marginals(d, active, q, 0.1 * kFeasible, 200);
    s.offer_primal(q);
    const NewtonStep& fit = s.kkt.fit_duals(q, active, s.best_lambda, s.best_mu);
    s.offer_duals(fit);
    s.out.active_columns = static_cast<std::size_t>(std::count(active.begin(), active.end(), 1));
    if (s.gap() <= tol_nats || !fit.ok) return;
    // Re-activate the inactive columns whose dual constraint is violated, each with the
    // distribution over t the multipliers prescribe (q(t) proportional to exp(lambda + mu)) and
    // the mass the barrier path gave it, at least 1e-10 (well above the drop threshold).
    for (std::size_t c = 0; c < d.columns(); ++c) {
      if (active[c]) continue;
      double sum = 0;
      for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i)
        sum += std::exp(-fit.nu_row[d.cell_row[i]] - fit.nu_con[d.cell_con[i]]);
      if (std::log(sum) <= 1e-12) continue;
      active[c] = 1;
      changed = true;
      const double mass = std::max(column_mass(d, q_barrier, c), 1e-10);
      for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i)
        q[i] = mass * std::exp(-fit.nu_row[d.cell_row[i]] - fit.nu_con[d.cell_con[i]]) / sum;
    }
    if (!changed) return;
  }
}

}  // namespace

BrojaSolution solve_broja(const BrojaMarginals& m, const BrojaOptions& options,
                          const std::vector<double>* start) {
  BrojaSolution out;
  const BrojaDomain d = make_broja_domain(m);
  out.cells = d.cells();
  out.columns = d.columns();
  out.active_columns = d.columns();
  const double tol_nats = options.tolerance_bits * std::numbers::ln2;
  Search s(out, d);
  s.offer_entropy_duals();
  if (start && start->size() == d.cells())
    polish(s, *start, 0.0, tol_nats, std::min<std::size_t>(options.max_newton_steps, kStartBudget));
  std::vector<double> q = independent_point(d, m);
  s.offer_primal(q);
  const std::vector<char> all(d.columns(), 1);
  const double cells = static_cast<double>(std::max<std::size_t>(d.cells(), 1));
  // The duality gap along the central path is about tau * cells.
  for (double tau = 1.0 / cells; tau > 1e-20 / cells && s.gap() > tol_nats; tau *= 0.1) {
    if (out.newton_steps >= options.max_newton_steps) break;
    const std::size_t left = options.max_newton_steps - out.newton_steps;
    if (!newton(s, q, all, tau, 0.0, 0.1 * tau * cells, std::min<std::size_t>(left, 50), tol_nats))
      break;
    s.offer_primal(q);
    if (s.gap() <= tol_nats) break;
    if (tau * cells <= 1e-4) polish(s, q, tau, tol_nats, std::min<std::size_t>(left, 60));
    if (s.gap() <= tol_nats || tau * cells < 1e-13) break;
  }
  out.q = s.best_q;
  out.primal = s.best_primal;
  out.dual = s.best_dual;
  out.gap_bits = std::max(0.0, s.gap()) / std::numbers::ln2;
  out.residual = max_residual(d, out.q);
  out.certified = s.gap() <= tol_nats;
  return out;
}

}  // namespace adm::info
