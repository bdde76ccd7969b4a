// BROJA on sparse joints with 50-400 values per source (issue 13 item 7): per random case the
// merged program size, Newton steps, certified gap (bits) and solve time; a summary of how many
// certify at the tolerance. The cases come from tests/info/pid_sparse_cases.hpp (the unit test's
// generator), so a failing case here is reproduced there by its seed.
// Usage: bench_pid_sparse [cases per size] [sizes...]   e.g. bench_pid_sparse 12 50 100 200 400
//        FILL=0.02 bench_pid_sparse ...   (sparse_weighted_case with that fill instead of counts)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../tests/info/pid_sparse_cases.hpp"
#include "info/pid.hpp"

using namespace adm;

int main(int argc, char** argv) {
  const int per_size = argc > 1 ? std::atoi(argv[1]) : 12;
  std::vector<std::size_t> sizes;
  for (int a = 2; a < argc; ++a) sizes.push_back(static_cast<std::size_t>(std::atoi(argv[a])));
  if (sizes.empty()) sizes = {50, 100, 200, 400};
  const double fill = std::getenv("FILL") ? std::atof(std::getenv("FILL")) : 0.0;
  std::printf("%5s %5s %3s %5s %5s %5s %5s %8s %6s %10s %10s %5s\n", "size", "seed", "nt", "n1",
              "n2", "m1", "m2", "cells", "steps", "gap_bits", "seconds", "cert");
  int certified = 0, total = 0;
  double seconds = 0;
  for (const std::size_t size : sizes)
    for (int seed = 0; seed < per_size; ++seed) {
      const auto c = fill > 0
                         ? test::sparse_weighted_case(size, static_cast<std::uint64_t>(seed), fill)
                         : test::sparse_pid_case(size, static_cast<std::uint64_t>(seed));
      const auto m = info::pid_marginals(c.t1, c.t2, c.nt, c.n1, c.n2);
      const auto t0 = std::chrono::steady_clock::now();
      const auto s = info::pid_solve(m);
      const double dt =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      seconds += dt;
      certified += s.certified;
      ++total;
      std::printf("%5zu %5d %3zu %5zu %5zu %5zu %5zu %8zu %6zu %10.2e %10.4f %5d\n", size, seed,
                  c.nt, c.n1, c.n2, m.m1, m.m2, s.cells, s.newton_steps, s.gap_bits, dt,
                  static_cast<int>(s.certified));
    }
  std::printf("certified %d of %d at 1e-9 bits; total solve time %.3f s\n", certified, total,
              seconds);
  return 0;
}
