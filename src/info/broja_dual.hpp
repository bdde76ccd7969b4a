#pragma once
// Dual bounds of the BROJA program (see broja_solver.hpp for the program and its dual). Any
// multipliers (lambda, mu) give a lower bound once every column's dual constraint
//   L(x, y) = log sum_t exp(lambda(t, x) + mu(t, y)) <= 0
// holds. broja_dual_bound shifts all lambda by the largest violation, which costs that violation
// times the total mass 1. broja_local_dual_bound shifts per value instead: lambda(., x) by a_x
// and mu(., y) by b_y with a_x + b_y >= L(x, y) on every column, at the cost
// sum_x P(x) a_x + sum_y P(y) b_y, so a violation on a column whose x (or y) carries little mass
// costs little. Here a_x is the largest violation among x's columns and b_y the largest that a
// leaves on y's columns (b_y <= 0: mu(., y) rises where a already covers every column of y); a
// alone is never worse than the uniform shift. The bound is then that of the shifted multipliers,
// so its validity does not depend on the shifts being optimal.
#include <vector>

#include "info/broja_domain.hpp"

namespace adm::info {

// The dual bound of (lambda, mu) (nats): their objective minus the largest column violation.
double broja_dual_bound(const BrojaDomain& d, const std::vector<double>& lambda_row,
                        const std::vector<double>& mu_con);

// Shifts (lambda, mu) per value as above and returns their dual bound, which is at least the
// broja_dual_bound of the unshifted multipliers up to round-off.
double broja_local_dual_bound(const BrojaDomain& d, std::vector<double>& lambda_row,
                              std::vector<double>& mu_con);

}  // namespace adm::info
