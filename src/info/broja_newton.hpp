#pragma once
// One Newton step of the BROJA program min sum_cols sum_t q log(q / s) - tau sum log q subject to
// the marginal constraints A q = b, restricted to the active columns. The KKT system is solved by
// eliminating the primal variables (the Hessian is block diagonal per column: a diagonal minus a
// rank-one term, inverted by Sherman-Morrison), then the row constraints (t, x) (block diagonal
// per x), leaving a dense system in the column constraints (t, y) only. So the cost grows with the
// number of x values only linearly; callers put the side with more values in x.
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

// `q` must be positive on active columns and 0 elsewhere. `tau` > 0 is the barrier weight;
// `delta` >= 0 a proximal weight delta / q on the diagonal that regularises the directions along
// which the objective is linear without moving the solution (it adds nothing to the gradient).
NewtonStep broja_newton_step(const BrojaDomain& d, const std::vector<double>& q,
                             const std::vector<char>& active_col, double tau, double delta);

// Least-squares multipliers at q: nu minimising |g + A^T nu| over the active cells (g the gradient
// without barrier). At an optimum of the active set this recovers its exact dual solution, free of
// the conditioning of the Newton system.
NewtonStep broja_fit_duals(const BrojaDomain& d, const std::vector<double>& q,
                           const std::vector<char>& active);

}  // namespace adm::info
