#pragma once
// Bivariate partial information decomposition with the BROJA measure (Bertschinger et al. 2014):
//   I(T; R1, R2) = UI(T; R1 \ R2) + UI(T; R2 \ R1) + SI(T; R1, R2) + CI(T; R1, R2),
//   I(T; Ri) = UI(T; Ri \ Rj) + SI,  UI(T; R1 \ R2) = min over Q in Delta_P of I_Q(T; R1 | R2),
// all in bits, from the plug-in joint distribution of three discrete variables.
//
// Only the support of the observed joint enters. Before solving, values of R1 with the same
// conditional distribution P(T | R1 = r) are merged (likewise for R2): UI depends on P(T, R1) and
// P(T, R2) only, and splitting a value of R1 into copies with the same P(T | r) changes neither
// I(T; R1) nor the minimum (copy Q along the split; conversely merging only lowers I_Q(T; R1 |
// R2)). With R1 = a feature subset of thousands of values and a binary T this leaves a few dozen
// values.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "info/broja_solver.hpp"

namespace adm::info {

struct PidOptions {
  double tolerance_bits = 1e-9;  // certified accuracy of UI and SI
  std::size_t max_newton_steps = 500;
  bool merge_equivalent = true;  // merge values with equal P(T | r) (exact; see above)
};

struct PidResult {
  double i1 = 0, i2 = 0, i12 = 0;  // I(T; R1), I(T; R2), I(T; R1, R2)
  double ui1 = 0, ui2 = 0, si = 0, ci = 0;
  double gap_bits = 0;  // certified bound on the error of ui1, ui2 and si
  double residual = 0;  // constraint residual of the optimal Q found (round-off)
  bool certified = false;
  std::size_t newton_steps = 0;
  std::size_t values1 = 0, values2 = 0;  // distinct R1, R2 values observed
  std::size_t merged1 = 0, merged2 = 0;  // after merging equivalent values
  std::size_t cells = 0, active_columns = 0, columns = 0;
};

// Codes are non-negative integers (any range); `weights` empty = 1 per row, else one finite
// non-negative weight per row with a positive sum. Bad input throws adm::InputError.
PidResult pid(std::span<const std::int32_t> t, std::span<const std::int32_t> r1,
              std::span<const std::int32_t> r2, std::span<const double> weights = {},
              const PidOptions& options = {});

// The same from the two pairwise count tables t1[t * n1 + a] and t2[t * n2 + b] (weighted counts,
// codes compact), which is all the BROJA program depends on: i12 and ci are left at 0. In three
// steps, for callers that solve many programs and can reuse solutions: the marginals with their
// equivalent values merged, the solve (a function of p1 and p2 only), and the decomposition.
PidResult pid_from_side_tables(std::span<const double> t1, std::span<const double> t2,
                               std::size_t nt, std::size_t n1, std::size_t n2,
                               const PidOptions& options = {});

// Merges the values r of a [t][r] count table with identical P(T | r) (exact double equality of
// the ratios, which is exact for integer counts); groups are numbered by increasing ratio vector.
// Returns the [t][group] table.
std::vector<double> merge_equivalent(const std::vector<double>& table, std::size_t nt,
                                     std::size_t nr, std::size_t& groups);

struct PidMarginals {
  std::size_t nt = 0, n1 = 0, n2 = 0;  // T values, R1 and R2 values before merging
  std::size_t m1 = 0, m2 = 0;          // after merging
  double i1 = 0, i2 = 0;               // I(T; R1), I(T; R2) from the unmerged tables
  std::vector<double> p1, p2;          // merged count tables [t][group], groups by P(T | r)
};
PidMarginals pid_marginals(std::span<const double> t1, std::span<const double> t2, std::size_t nt,
                           std::size_t n1, std::size_t n2, const PidOptions& options = {});
// The BROJA program of the merged marginals (normalised; x = the side with more values), and its
// solution (`start`: see solve_broja).
BrojaMarginals pid_program(const PidMarginals& m);
BrojaSolution pid_solve(const PidMarginals& m, const PidOptions& options = {},
                        const std::vector<double>* start = nullptr);
PidResult pid_result(const PidMarginals& m, const BrojaSolution& s);
// The fields of a result that the marginals alone give: value counts, I(T; R1), I(T; R2).
PidResult pid_of_marginals(const PidMarginals& m);

// The same from a dense count table counts[(t * n1 + a) * n2 + b].
PidResult pid_from_table(std::span<const double> counts, std::size_t nt, std::size_t n1,
                         std::size_t n2, const PidOptions& options = {});

}  // namespace adm::info
