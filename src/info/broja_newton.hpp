#pragma once
// One Newton step of the BROJA program min sum_cols sum_t q log(q / s) - tau sum log q subject to
// the marginal constraints A q = b, restricted to the active columns. The KKT system is solved by
// eliminating the primal variables (the Hessian is block diagonal per column: a diagonal minus a
// rank-one term, inverted by Sherman-Morrison), then the row constraints (t, x) (block diagonal
// per x, each block factorised by Cholesky), leaving a dense system in the column constraints
// (t, y) only. So the cost grows with the number of x values only linearly; callers put the side
// with more values in x. A BrojaNewton keeps all its work space between steps: after the first
// step, steps allocate nothing.
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "info/broja_domain.hpp"

namespace adm::info {

struct NewtonStep {
  std::vector<double> dq;      // per cell; 0 on inactive columns
  std::vector<double> nu_row;  // multipliers of the row constraints (t, x)
  std::vector<double> nu_con;  // of the column constraints (t, y); 0 for the implied ones
  double slope = 0;            // directional derivative of the objective (with barrier) along dq
  bool ok = false;             // false when a linear system was not positive definite
};

class BrojaNewton {
 public:
  explicit BrojaNewton(const BrojaDomain& d);

  // `q` must be positive on active columns and 0 elsewhere. `tau` > 0 is the barrier weight;
  // `delta` >= 0 a proximal weight delta / q on the diagonal that regularises the directions along
  // which the objective is linear without moving the solution (it adds nothing to the gradient).
  // The result lives until the next call.
  const NewtonStep& step(const std::vector<double>& q, const std::vector<char>& active, double tau,
                         double delta);

  // Least-squares multipliers at q: nu minimising |g + A^T nu| over the active cells (g the
  // gradient without barrier). At an optimum of the active set this recovers its exact dual
  // solution, free of the conditioning of the Newton system. Where the active cells leave
  // constraints unconnected (per t, a set of rows and columns that no active cell links to the
  // rest), nu is not unique: any constant may be added on one such set's rows and subtracted on
  // its columns. Those constants are taken from the reference multipliers (lambda, mu) = -nu
  // (empty: 0), e.g. a feasible dual point of the whole domain: nu is the reference plus the
  // least-squares correction of least norm, which has no component along those freedoms.
  const NewtonStep& fit_duals(const std::vector<double>& q, const std::vector<char>& active,
                              const std::vector<double>& ref_lambda,
                              const std::vector<double>& ref_mu);

 private:
  void gradient(const std::vector<double>& q, double tau);
  bool factor();
  void solve(const std::vector<double>& g, const std::vector<double>& row_r,
             const std::vector<double>& con_r, NewtonStep& out);
  // Returns whether they are at round-off level.
  bool residuals(const std::vector<double>& g, const NewtonStep& s);
  void apply_w(const std::vector<double>& v, std::vector<double>& out) const;
  const NewtonStep& solve_refined(const std::vector<double>& q);

  const BrojaDomain& d_;
  double reg_ = 0;  // added to the diagonal of A W A^T (see step)
  const std::vector<char>* active_ = nullptr;
  // M^-1 per column: diag(dinv) + dinv dinv^T inv_denom; M itself: diag(dm) - 1 1^T inv_s.
  std::vector<double> dm_, dinv_, inv_denom_, inv_s_;
  // Per x: Cholesky factor L of its row block (kx x kx, row-major, at l_start_[x]), the kept
  // column constraints its active cells touch (touched_[touched_start_[x] ..]) and the coupling
  // Y = L^-1 B (one kx-vector per touched constraint, at y_start_[x]).
  std::vector<std::int32_t> l_start_, touched_start_, touched_, local_;
  std::vector<std::size_t> y_start_;
  std::vector<double> l_, y_;
  void flush_panel();
  Eigen::MatrixXd syy_, panel_;
  std::size_t panel_cols_ = 0, panel_used_ = 0;  // rows of Y the panel holds, holds now
  Eigen::LDLT<Eigen::MatrixXd> syy_f_;
  Eigen::VectorXd rhs_y_, nu_y_;
  // Work vectors of one solve and of the refinement.
  std::vector<double> g_, wg_, rhs_row_, rhs_con_, z_, v_, row_r_, con_r_, e_, er_, ec_;
  NewtonStep step_, fix_;
};

}  // namespace adm::info
