// The BROJA solver (src/info/broja_solver.hpp) against a generic NLP solve of the same convex
// program by Ipopt (interior point, exact Hessian, MUMPS): min sum_cols sum_t q log(q / s) over
// the same cells, subject to the same marginal constraints, q >= 0. Prints per problem: our time,
// Ipopt's time, the ratio, our certified gap, and |ours - Ipopt| (bits).
// Usage: bench_shapley_pid [repeats]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../tests/info/broja_ipopt.hpp"
#include "core/elapsed.hpp"
#include "core/rng.hpp"
#include "info/broja_solver.hpp"

using namespace adm;

namespace {

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
    int status = 0;
    for (int r = 0; r < repeats; ++r) {
      const auto start = info::independent_point(d, c.m);
      const auto t0 = std::chrono::steady_clock::now();
      ipopt_value = test::ipopt_broja_value(d, start, 1e-10, status);
      ipopt_t.push_back(seconds_since(t0));
    }
    std::sort(ours_t.begin(), ours_t.end());
    std::sort(ipopt_t.begin(), ipopt_t.end());
    const double ours = ours_t[ours_t.size() / 2], ipopt = ipopt_t[ipopt_t.size() / 2];
    std::printf("%-18s %7zu %6zu %11.3e %11.3e %8.1f %10.1e %12.1e %6d\n", c.name.c_str(),
                d.cells(), s.newton_steps, ours, ipopt, ipopt / ours, s.gap_bits,
                std::abs(s.primal - ipopt_value) / std::log(2.0), status);
  }
  return 0;
}
