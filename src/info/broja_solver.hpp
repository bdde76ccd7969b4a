#pragma once
// The BROJA program (Bertschinger, Rauh, Olbrich, Jost, Ay 2014): minimise -H_Q(T | X, Y) over the
// distributions Q with the marginals P(t, x) and P(t, y) (equivalently: minimise I_Q(T; X | Y) or
// I_Q(T; Y | X), which differ from it by constants). It is convex; its dual is
//   max  sum lambda(t,x) P(t,x) + sum mu(t,y) P(t,y)
//   s.t. log sum_t exp(lambda(t,x) + mu(t,y)) <= 0 for every column (x, y),
// and any (lambda, mu) whatsoever gives a lower bound after shifting by the largest violation.
//
// Method: a primal barrier method (Newton steps solved in the structured way of broja_newton.hpp)
// followed, once the barrier is small, by an active-set polish: optimal solutions put zero mass on
// whole columns (x, y), which is where barrier methods lose accuracy. The columns the barrier path
// drives to zero are removed, the rest is made exactly feasible by iterative proportional fitting
// and solved by Newton without barrier (the optimum is interior there, so convergence is
// quadratic). Every answer carries a certificate: a feasible primal point's value and a dual bound
// on the whole domain, whose difference bounds the error. The polish is only trusted through its
// certificate; when the active set was guessed wrong the barrier continues.
#include <cstddef>
#include <vector>

#include "info/broja_domain.hpp"
#include "info/broja_dual.hpp"

namespace adm::info {

struct BrojaOptions {
  double tolerance_bits = 1e-9;  // stop when the certified gap is at most this
  std::size_t max_newton_steps = 500;
};

struct BrojaSolution {
  double primal = 0;       // -H_Q(T | X, Y) in nats at the returned feasible Q (an upper bound)
  double dual = 0;         // a certified lower bound on the minimum, nats
  double gap_bits = 0;     // (primal - dual) / ln 2
  double residual = 0;     // largest |A q - b| of the returned Q (round-off only)
  bool certified = false;  // gap_bits <= tolerance
  std::size_t newton_steps = 0;
  std::size_t cells = 0, columns = 0, active_columns = 0;
  std::vector<double> q;  // the primal point, on the domain's cells
};

// `start` (optional, one value per cell of make_broja_domain(m), >= 0): a guess of the solution,
// e.g. the solution of a similar program mapped onto this one. The polish is tried from it first
// (its columns of positive mass as the active set, refitted to the marginals); only when that does
// not certify the tolerance does the barrier path run. The answer is certified either way.
BrojaSolution solve_broja(const BrojaMarginals& m, const BrojaOptions& options = {},
                          const std::vector<double>* start = nullptr);

}  // namespace adm::info
