// BROJA from a caller's start (solve_broja's `start`): from the program's own solution it certifies
// in a step or two; from a poor start (a wrong active set, the solution of another program) it
// still certifies, through the barrier path, and agrees with the cold solve within the gaps.
#include <catch2/catch.hpp>
#include <vector>

#include "core/rng.hpp"
#include "info/broja_domain.hpp"
#include "info/broja_solver.hpp"

using namespace adm;

namespace {

// Marginals of a random sparse joint (so the program is feasible).
info::BrojaMarginals random_program(Rng& rng, std::size_t nx) {
  info::BrojaMarginals m;
  m.nt = 2;
  m.nx = nx;
  m.ny = 2;
  std::vector<double> joint(m.nt * m.nx * m.ny);
  double total = 0;
  for (auto& c : joint) total += (c = rng.uniform() < 0.3 ? 0.0 : rng.uniform());
  m.ptx.assign(m.nt * m.nx, 0.0);
  m.pty.assign(m.nt * m.ny, 0.0);
  for (std::size_t t = 0; t < m.nt; ++t)
    for (std::size_t x = 0; x < m.nx; ++x)
      for (std::size_t y = 0; y < m.ny; ++y) {
        const double p = joint[(t * m.nx + x) * m.ny + y] / total;
        m.ptx[t * m.nx + x] += p;
        m.pty[t * m.ny + y] += p;
      }
  return m;
}

}  // namespace

TEST_CASE("BROJA from a start certifies and agrees with the cold solve", "[info][pid]") {
  Rng rng(12, "broja.start", 0);
  for (int rep = 0; rep < 8; ++rep) {
    INFO("replicate " << rep);
    const auto m = random_program(rng, 3 + 2 * static_cast<std::size_t>(rep));
    const auto cold = info::solve_broja(m);
    REQUIRE(cold.certified);
    const double tolerance = 1e-9 * 0.6931471805599453;  // nats
    // From its own solution.
    const auto again = info::solve_broja(m, {}, &cold.q);
    CHECK(again.certified);
    CHECK(again.newton_steps <= 2);
    CHECK(again.newton_steps < cold.newton_steps);
    CHECK(again.primal == Approx(cold.primal).margin(2 * tolerance));
    // From a poor start: the cold solution with every other column emptied.
    const auto d = info::make_broja_domain(m);
    std::vector<double> poor = cold.q;
    for (std::size_t c = 0; c < d.columns(); c += 2)
      for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) poor[i] = 0.0;
    const auto rough = info::solve_broja(m, {}, &poor);
    CHECK(rough.certified);
    CHECK(rough.primal == Approx(cold.primal).margin(2 * tolerance));
    CHECK(rough.dual <= rough.primal + 1e-15);
    // A start of the wrong size is ignored.
    const std::vector<double> wrong(d.cells() + 1, 0.1);
    CHECK(info::solve_broja(m, {}, &wrong).newton_steps == cold.newton_steps);
  }
}
