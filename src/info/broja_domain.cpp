#include "info/broja_domain.hpp"

#include <cmath>

#include "core/error.hpp"

namespace adm::info {

BrojaDomain make_broja_domain(const BrojaMarginals& m) {
  if (m.ptx.size() != m.nt * m.nx || m.pty.size() != m.nt * m.ny)
    throw InternalError("make_broja_domain: marginal tables do not match their sizes");
  BrojaDomain d;
  std::vector<std::int32_t> row_of(m.nt * m.nx, -1), con_of(m.nt * m.ny, -1);
  for (std::size_t x = 0; x < m.nx; ++x) {
    d.x_row_start.push_back(static_cast<std::int32_t>(d.row_t.size()));
    for (std::size_t t = 0; t < m.nt; ++t)
      if (m.ptx[t * m.nx + x] > 0) {
        row_of[t * m.nx + x] = static_cast<std::int32_t>(d.row_t.size());
        d.row_t.push_back(static_cast<std::int32_t>(t));
        d.row_x.push_back(static_cast<std::int32_t>(x));
        d.row_b.push_back(m.ptx[t * m.nx + x]);
      }
  }
  d.x_row_start.push_back(static_cast<std::int32_t>(d.row_t.size()));
  std::vector<std::int32_t> last_con_of_t(m.nt, -1);
  for (std::size_t y = 0; y < m.ny; ++y)
    for (std::size_t t = 0; t < m.nt; ++t)
      if (m.pty[t * m.ny + y] > 0) {
        con_of[t * m.ny + y] = static_cast<std::int32_t>(d.con_t.size());
        last_con_of_t[t] = static_cast<std::int32_t>(d.con_t.size());
        d.con_t.push_back(static_cast<std::int32_t>(t));
        d.con_y.push_back(static_cast<std::int32_t>(y));
        d.con_b.push_back(m.pty[t * m.ny + y]);
      }
  d.con_kept_index.assign(d.con_t.size(), -1);
  for (std::size_t c = 0; c < d.con_t.size(); ++c)
    if (last_con_of_t[d.con_t[c]] != static_cast<std::int32_t>(c))
      d.con_kept_index[c] = static_cast<std::int32_t>(d.kept++);

  d.x_col_start.push_back(0);
  d.col_start.push_back(0);
  for (std::size_t x = 0; x < m.nx; ++x) {
    for (std::size_t y = 0; y < m.ny; ++y) {
      bool any = false;
      for (std::size_t t = 0; t < m.nt; ++t) {
        const auto r = row_of[t * m.nx + x], c = con_of[t * m.ny + y];
        if (r < 0 || c < 0) continue;
        any = true;
        d.cell_t.push_back(static_cast<std::int32_t>(t));
        d.cell_row.push_back(r);
        d.cell_con.push_back(c);
      }
      if (!any) continue;
      d.col_x.push_back(static_cast<std::int32_t>(x));
      d.col_y.push_back(static_cast<std::int32_t>(y));
      d.col_start.push_back(static_cast<std::int32_t>(d.cell_t.size()));
    }
    d.x_col_start.push_back(static_cast<std::int32_t>(d.col_x.size()));
  }
  return d;
}

std::vector<double> independent_point(const BrojaDomain& d, const BrojaMarginals& m) {
  std::vector<double> pt(m.nt, 0.0);
  for (std::size_t r = 0; r < d.row_t.size(); ++r) pt[d.row_t[r]] += d.row_b[r];
  std::vector<double> q(d.cells());
  for (std::size_t i = 0; i < q.size(); ++i)
    q[i] = d.row_b[d.cell_row[i]] * d.con_b[d.cell_con[i]] / pt[d.cell_t[i]];
  return q;
}

void constraint_residuals(const BrojaDomain& d, const std::vector<double>& q,
                          std::vector<double>& row_r, std::vector<double>& con_r) {
  row_r = d.row_b;
  con_r = d.con_b;
  for (std::size_t i = 0; i < q.size(); ++i) {
    row_r[d.cell_row[i]] -= q[i];
    con_r[d.cell_con[i]] -= q[i];
  }
}

double broja_objective(const BrojaDomain& d, const std::vector<double>& q) {
  double total = 0;
  for (std::size_t c = 0; c < d.columns(); ++c) {
    double s = 0;
    for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) s += q[i];
    if (s <= 0) continue;
    for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i)
      if (q[i] > 0) total += q[i] * std::log(q[i] / s);
  }
  return total;
}

}  // namespace adm::info
