// The BROJA solver (src/info/broja_solver.hpp) against a generic NLP solve of the same convex
// program by Ipopt (interior point, exact Hessian, MUMPS): min sum_cols sum_t q log(q / s) over
// the same cells, subject to the same marginal constraints, q >= 0. Prints per problem: our time,
// Ipopt's time, the ratio, our certified gap, and |ours - Ipopt| (bits).
// Usage: bench_shapley_pid [repeats]
#include <IpIpoptApplication.hpp>
#include <IpTNLP.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "info/broja_solver.hpp"

using namespace adm;
using Ipopt::Index;
using Ipopt::Number;

namespace {

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

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Marginals of a random sparse joint with nt x nx x ny cells, a share `fill` of them nonzero.
info::BrojaMarginals random_problem(std::size_t nt, std::size_t nx, std::size_t ny, double fill,
                                    std::uint64_t seed) {
  Rng rng(seed, "bench.pid", 0);
  info::BrojaMarginals m;
  m.nt = nt, m.nx = nx, m.ny = ny;
  m.ptx.assign(nt * nx, 0.0);
  m.pty.assign(nt * ny, 0.0);
  double total = 0;
  std::vector<double> p(nt * nx * ny);
  for (auto& v : p) total += (v = rng.uniform() < fill ? rng.uniform() : 0.0);
  for (std::size_t t = 0; t < nt; ++t)
    for (std::size_t x = 0; x < nx; ++x)
      for (std::size_t y = 0; y < ny; ++y) {
        const double v = p[(t * nx + x) * ny + y] / total;
        m.ptx[t * nx + x] += v;
        m.pty[t * ny + y] += v;
      }
  return m;
}

info::BrojaMarginals gate(const std::vector<int>& t, const std::vector<int>& x,
                          const std::vector<int>& y) {
  info::BrojaMarginals m;
  m.nt = 1 + *std::max_element(t.begin(), t.end());
  m.nx = 2, m.ny = 2;
  m.ptx.assign(m.nt * 2, 0.0);
  m.pty.assign(m.nt * 2, 0.0);
  for (std::size_t k = 0; k < t.size(); ++k) {
    m.ptx[t[k] * 2 + x[k]] += 0.25;
    m.pty[t[k] * 2 + y[k]] += 0.25;
  }
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 5;
  struct Case {
    std::string name;
    info::BrojaMarginals m;
  };
  const std::vector<int> x{0, 0, 1, 1}, y{0, 1, 0, 1};
  std::vector<Case> cases{{"XOR", gate({0, 1, 1, 0}, x, y)},
                          {"AND", gate({0, 0, 0, 1}, x, y)},
                          {"COPY", gate({0, 1, 2, 3}, x, y)},
                          {"random 2x10x2", random_problem(2, 10, 2, 0.7, 1)},
                          {"random 3x30x4", random_problem(3, 30, 4, 0.5, 2)},
                          {"random 2x200x2", random_problem(2, 200, 2, 0.6, 3)},
                          {"random 2x1000x3", random_problem(2, 1000, 3, 0.5, 4)},
                          {"random 4x100x10", random_problem(4, 100, 10, 0.3, 5)}};
  std::printf("%-18s %7s %6s %11s %11s %8s %10s %12s %6s\n", "problem", "cells", "steps", "ours_s",
              "ipopt_s", "ratio", "gap_bits", "|diff|_bits", "ipopt");
  for (const auto& c : cases) {
    const info::BrojaDomain d = info::make_broja_domain(c.m);
    std::vector<double> ours_t, ipopt_t;
    info::BrojaSolution s;
    for (int r = 0; r < repeats; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      s = info::solve_broja(c.m);
      ours_t.push_back(seconds_since(t0));
    }
    double ipopt_value = 0;
    Ipopt::ApplicationReturnStatus status = Ipopt::Solve_Succeeded;
    for (int r = 0; r < repeats; ++r) {
      Ipopt::SmartPtr<BrojaNlp> nlp = new BrojaNlp(d);
      nlp->set_start(info::independent_point(d, c.m));
      Ipopt::SmartPtr<Ipopt::IpoptApplication> app = IpoptApplicationFactory();
      app->Options()->SetIntegerValue("print_level", 0);
      app->Options()->SetStringValue("sb", "yes");
      app->Options()->SetNumericValue("tol", 1e-10);
      app->Options()->SetNumericValue("bound_relax_factor", 0.0);
      const auto t0 = std::chrono::steady_clock::now();
      app->Initialize();
      status = app->OptimizeTNLP(nlp);
      ipopt_t.push_back(seconds_since(t0));
      ipopt_value = nlp->value;
    }
    std::sort(ours_t.begin(), ours_t.end());
    std::sort(ipopt_t.begin(), ipopt_t.end());
    const double ours = ours_t[ours_t.size() / 2], ipopt = ipopt_t[ipopt_t.size() / 2];
    std::printf("%-18s %7zu %6zu %11.3e %11.3e %8.1f %10.1e %12.1e %6d\n", c.name.c_str(),
                d.cells(), s.newton_steps, ours, ipopt, ipopt / ours, s.gap_bits,
                std::abs(s.primal - ipopt_value) / std::log(2.0), static_cast<int>(status));
  }
  return 0;
}
