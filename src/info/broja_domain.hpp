#pragma once
// The feasible set of the BROJA program: distributions Q(t, x, y) with Q(t, x) = P(t, x) and
// Q(t, y) = P(t, y). Only cells with P(t, x) > 0 and P(t, y) > 0 can carry mass, so the variables
// are, for every t, the product of the x's and y's seen with t; cells are grouped by column (x, y)
// because the objective -H_Q(T | X, Y) is a sum of one term per column.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace adm::info {

// The two pairwise marginals that define the program, dense [t][x] and [t][y], summing to 1.
struct BrojaMarginals {
  std::size_t nt = 0, nx = 0, ny = 0;
  std::vector<double> ptx;  // ptx[t * nx + x]
  std::vector<double> pty;  // pty[t * ny + y]
};

struct BrojaDomain {
  // Columns (x, y), sorted by x then y; column c owns cells col_start[c] .. col_start[c + 1] - 1.
  std::vector<std::int32_t> col_start, col_x, col_y;
  // x owns columns x_col_start[x] .. x_col_start[x + 1] - 1 and row constraints
  // x_row_start[x] .. x_row_start[x + 1] - 1.
  std::vector<std::int32_t> x_col_start, x_row_start;
  // Per cell: t, its row constraint (t, x) and its column constraint (t, y).
  std::vector<std::int32_t> cell_t, cell_row, cell_con;
  // Row constraints (t, x) and column constraints (t, y) with their right-hand sides.
  std::vector<std::int32_t> row_t, row_x, con_t, con_y;
  std::vector<double> row_b, con_b;
  // Per t one column constraint is implied by the others (both sides sum to P(t)); it is left out
  // of the Newton system (kept_index = -1), the others are numbered 0..kept - 1.
  std::vector<std::int32_t> con_kept_index;
  std::size_t kept = 0;

  std::size_t cells() const { return cell_t.size(); }
  std::size_t columns() const { return col_x.size(); }
};

BrojaDomain make_broja_domain(const BrojaMarginals& m);

// The point Q(t, x, y) = P(t, x) P(t, y) / P(t): feasible and positive on every cell.
std::vector<double> independent_point(const BrojaDomain& d, const BrojaMarginals& m);

// Residuals b - A q of the row and column constraints.
void constraint_residuals(const BrojaDomain& d, const std::vector<double>& q,
                          std::vector<double>& row_r, std::vector<double>& con_r);

// Objective sum over columns of sum_t q log(q / s), s = column mass (nats; = -H_Q(T | X, Y)).
double broja_objective(const BrojaDomain& d, const std::vector<double>& q);

}  // namespace adm::info
