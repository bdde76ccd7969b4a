#pragma once
// The BROJA program handed to Ipopt (interior point, exact Hessian, MUMPS) as a generic NLP: min
// sum_cols sum_t q log(q / s) over the cells of a BrojaDomain, subject to the same marginal
// constraints, q >= 0. An independent solve of the program of src/info/broja_solver.hpp, shared by
// bench/shapley_pid.cpp (time and value against ours) and tests/info/test_pid_sparse.cpp.
#include <IpIpoptApplication.hpp>
#include <IpTNLP.hpp>
#include <algorithm>
#include <vector>

#include "info/broja_domain.hpp"

namespace adm::test {

using Ipopt::Index;
using Ipopt::Number;

class BrojaNlp : public Ipopt::TNLP {
 public:
  explicit BrojaNlp(const info::BrojaDomain& d) : d_(d) {}
  double value = 0;

  bool get_nlp_info(Index& n, Index& m, Index& nnz_jac, Index& nnz_h,
                    IndexStyleEnum& style) override {
    n = static_cast<Index>(d_.cells());
    // The implied column constraints are left out (Ipopt counts equalities as degrees of freedom).
    m = static_cast<Index>(d_.row_t.size() + d_.kept);
    nnz_jac = 0;
    for (std::size_t i = 0; i < d_.cells(); ++i)
      nnz_jac += d_.con_kept_index[d_.cell_con[i]] >= 0 ? 2 : 1;
    nnz_h = 0;
    for (std::size_t c = 0; c < d_.columns(); ++c) {
      const auto k = d_.col_start[c + 1] - d_.col_start[c];
      nnz_h += k * (k + 1) / 2;
    }
    style = C_STYLE;
    return true;
  }
  bool get_bounds_info(Index n, Number* xl, Number* xu, Index m, Number* gl, Number* gu) override {
    for (Index i = 0; i < n; ++i) xl[i] = 0, xu[i] = 1;
    const auto nr = static_cast<Index>(d_.row_t.size());
    for (Index r = 0; r < nr; ++r) gl[r] = gu[r] = d_.row_b[r];
    for (std::size_t k = 0; k < d_.con_t.size(); ++k)
      if (d_.con_kept_index[k] >= 0)
        gl[nr + d_.con_kept_index[k]] = gu[nr + d_.con_kept_index[k]] = d_.con_b[k];
    (void)m;
    return true;
  }
  bool get_starting_point(Index n, bool, Number* x, bool, Number*, Number*, Index, bool,
                          Number*) override {
    for (Index i = 0; i < n; ++i) x[i] = start_[i];
    return true;
  }
  bool eval_f(Index n, const Number* x, bool, Number& f) override {
    f = objective(std::vector<double>(x, x + n));
    return true;
  }
  bool eval_grad_f(Index, const Number* x, bool, Number* g) override {
    for (std::size_t c = 0; c < d_.columns(); ++c) {
      double s = 0;
      for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i) s += x[i];
      for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i)
        g[i] = x[i] > 0 && s > 0 ? std::log(x[i] / s) : -50.0;
    }
    return true;
  }
  bool eval_g(Index, const Number* x, bool, Index, Number* g) override {
    const auto nr = d_.row_t.size();
    std::fill(g, g + nr + d_.kept, 0.0);
    for (std::size_t i = 0; i < d_.cells(); ++i) {
      g[d_.cell_row[i]] += x[i];
      if (const auto k = d_.con_kept_index[d_.cell_con[i]]; k >= 0) g[nr + k] += x[i];
    }
    return true;
  }
  bool eval_jac_g(Index n, const Number*, bool, Index, Index, Index* row, Index* col,
                  Number* v) override {
    const auto nr = static_cast<Index>(d_.row_t.size());
    Index e = 0;
    for (Index i = 0; i < n; ++i) {
      const auto k = d_.con_kept_index[d_.cell_con[i]];
      if (v == nullptr) {
        row[e] = d_.cell_row[i], col[e++] = i;
        if (k >= 0) row[e] = nr + k, col[e++] = i;
      } else {
        v[e++] = 1.0;
        if (k >= 0) v[e++] = 1.0;
      }
    }
    return true;
  }
  bool eval_h(Index, const Number* x, bool, Number sigma, Index, const Number*, bool, Index,
              Index* row, Index* col, Number* v) override {
    Index k = 0;
    for (std::size_t c = 0; c < d_.columns(); ++c) {
      double s = 0;
      if (v != nullptr)
        for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i) s += x[i];
      for (auto i = d_.col_start[c]; i < d_.col_start[c + 1]; ++i)
        for (auto j = d_.col_start[c]; j <= i; ++j, ++k) {
          if (v == nullptr) {
            row[k] = i, col[k] = j;
          } else {
            v[k] = sigma * ((i == j ? 1.0 / std::max(x[i], 1e-300) : 0.0) - 1.0 / s);
          }
        }
    }
    return true;
  }
  void finalize_solution(Ipopt::SolverReturn, Index n, const Number* x, const Number*,
                         const Number*, Index, const Number*, const Number*, Number,
                         const Ipopt::IpoptData*, Ipopt::IpoptCalculatedQuantities*) override {
    value = objective(std::vector<double>(x, x + n));
  }
  void set_start(std::vector<double> s) { start_ = std::move(s); }

 private:
  double objective(const std::vector<double>& q) const { return info::broja_objective(d_, q); }
  const info::BrojaDomain& d_;
  std::vector<double> start_;
};

// Ipopt's minimum (nats) from `start` with tolerance `tol`; `status` gets Ipopt's return code.
inline double ipopt_broja_value(const info::BrojaDomain& d, std::vector<double> start, double tol,
                                int& status) {
  Ipopt::SmartPtr<BrojaNlp> nlp = new BrojaNlp(d);
  nlp->set_start(std::move(start));
  Ipopt::SmartPtr<Ipopt::IpoptApplication> app = IpoptApplicationFactory();
  app->Options()->SetIntegerValue("print_level", 0);
  app->Options()->SetStringValue("sb", "yes");
  app->Options()->SetNumericValue("tol", tol);
  app->Options()->SetNumericValue("bound_relax_factor", 0.0);
  app->Initialize();
  status = static_cast<int>(app->OptimizeTNLP(nlp));
  return nlp->value;
}

}  // namespace adm::test
