#pragma once
// Random sparse joints with many values per source (issue 13 item 7): T with 2 or 3 values, R1
// with `size` values, R2 with size / 2 .. 3 size / 2, 10 rows per R1 value. R2 follows R1 in half
// of the rows and T is a function of (R1, R2) in 70 % of them, so the count tables are sparse and
// the BROJA optimum puts zero mass on many columns. Every value occurs (the first rows cycle
// through them). Shared by tests/info/test_pid_sparse.cpp and bench/pid_sparse.cpp.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/rng.hpp"

namespace adm::test {

struct SparsePidCase {
  std::size_t nt = 0, n1 = 0, n2 = 0;
  std::vector<double> t1, t2;  // count tables [t][r1], [t][r2]
};

inline SparsePidCase sparse_pid_case(std::size_t size, std::uint64_t seed) {
  Rng rng(seed, "pid.sparse", size);
  SparsePidCase c;
  c.nt = 2 + seed % 2;
  c.n1 = size;
  c.n2 = size / 2 + rng.uniform_index(size + 1);
  c.t1.assign(c.nt * c.n1, 0.0);
  c.t2.assign(c.nt * c.n2, 0.0);
  const std::size_t rows = 10 * size;
  for (std::size_t i = 0; i < rows; ++i) {
    const std::size_t x = i < c.n1 ? i : rng.uniform_index(c.n1);
    std::size_t y = i < c.n2 ? i : rng.uniform_index(c.n2);
    if (i >= std::max(c.n1, c.n2) && rng.bernoulli(0.5)) y = (x * c.n2 / c.n1) % c.n2;
    std::size_t t = rng.uniform_index(c.nt);
    if (rng.bernoulli(0.7)) t = (x * 7 + y * 3) % c.nt;
    c.t1[t * c.n1 + x] += 1;
    c.t2[t * c.n2 + y] += 1;
  }
  return c;
}

// The same shape with real weights: T with 2..4 values, R1 with `size` values, R2 with
// size / 2 .. 3 size / 2, each (t, r1, r2) cell carrying a uniform weight with probability
// `fill` (else 0), as a [t][r1] and [t][r2] table. Values that occur in no cell are kept: the
// tables then have empty columns, which pid_marginals does not accept, so they are dropped here.
inline SparsePidCase sparse_weighted_case(std::size_t size, std::uint64_t seed, double fill) {
  Rng rng(seed, "pid.sparse.weighted", size);
  SparsePidCase c;
  c.nt = 2 + seed % 3;
  c.n1 = size;
  c.n2 = size / 2 + rng.uniform_index(size + 1);
  std::vector<double> t1(c.nt * c.n1, 0.0), t2(c.nt * c.n2, 0.0);
  for (std::size_t t = 0; t < c.nt; ++t)
    for (std::size_t x = 0; x < c.n1; ++x)
      for (std::size_t y = 0; y < c.n2; ++y)
        if (rng.uniform() < fill) {
          const double w = rng.uniform();
          t1[t * c.n1 + x] += w;
          t2[t * c.n2 + y] += w;
        }
  const auto compact = [&](const std::vector<double>& table, std::size_t& n) {
    std::vector<std::size_t> kept;
    for (std::size_t r = 0; r < n; ++r) {
      double total = 0;
      for (std::size_t t = 0; t < c.nt; ++t) total += table[t * n + r];
      if (total > 0) kept.push_back(r);
    }
    std::vector<double> out(c.nt * kept.size());
    for (std::size_t t = 0; t < c.nt; ++t)
      for (std::size_t k = 0; k < kept.size(); ++k)
        out[t * kept.size() + k] = table[t * n + kept[k]];
    n = kept.size();
    return out;
  };
  c.t1 = compact(t1, c.n1);
  c.t2 = compact(t2, c.n2);
  return c;
}

}  // namespace adm::test
