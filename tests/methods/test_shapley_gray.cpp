// Gray-code enumeration of subsets and the incremental evaluation of exact Shapley: the walk visits
// every subset once, one feature changing per step; incremental joint codes equal joint codes
// computed from scratch at every step; the evaluator's values are those of subset_values up to
// round-off (unweighted, weighted, with zero weights) and SI within its certified gap; chunk
// results are deterministic, and another chunking changes SI within the gaps only.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "core/rng.hpp"
#include "info/first_appearance.hpp"
#include "info/incremental_codes.hpp"
#include "info/joint_codes.hpp"
#include "methods/shapley/coefficients.hpp"
#include "methods/shapley/gray_code.hpp"
#include "methods/shapley/shapley_exact.hpp"
#include "methods/shapley/subset_evaluator.hpp"

using namespace adm;
namespace sh = methods::shapley;
using V = std::vector<std::int32_t>;

namespace {

// n features with `levels` values each (feature 2 a proxy of A, Y driven by features 0 and 1).
sh::GameData game(std::size_t n, std::size_t rows, std::int32_t levels, std::uint64_t seed) {
  Rng rng(seed, "shapley.gray.test", 0);
  sh::GameData g;
  g.features.assign(n, V(rows));
  for (std::size_t r = 0; r < rows; ++r) {
    const int a = static_cast<int>(rng.uniform_index(3));
    g.a.push_back(a);
    for (std::size_t j = 0; j < n; ++j)
      g.features[j][r] = static_cast<std::int32_t>(rng.uniform_index(levels));
    if (n > 2) g.features[2][r] = rng.bernoulli(0.8) ? a : 0;
    const double p =
        0.15 + 0.2 * (g.features[0][r] % 3) + (n > 1 ? 0.1 * (g.features[1][r] % 2) : 0);
    g.y.push_back(rng.bernoulli(p) ? 1 : 0);
  }
  return g;
}

info::JointCodes scratch(const sh::GameData& g, std::uint64_t mask) {
  info::CodeColumns cols;
  for (std::size_t j = 0; j < g.n(); ++j)
    if (mask >> j & 1U) cols.emplace_back(g.features[j]);
  return info::joint_codes(cols, info::MissingPolicy::Error, g.y.size());
}

// The sums are the same terms in another order: equal to round-off. SI comes from the same
// BROJA program (the merged marginals are bitwise equal for integer counts, else equal to
// round-off), solved from another start: equal within the two certified gaps.
void check_close(const sh::SubsetValues& a, const sh::SubsetValues& b) {
  CHECK(a.u == Approx(b.u).margin(1e-13));
  CHECK(a.i_xa == Approx(b.i_xa).margin(1e-13));
  CHECK(a.i_xa_y == Approx(b.i_xa_y).margin(1e-13));
  CHECK(a.si == Approx(b.si).margin(a.gap + b.gap + 1e-13));
  CHECK(a.v_d == Approx(b.v_d).margin((a.gap + b.gap + 1e-13) * a.i_xa * a.i_xa_y + 1e-13));
  CHECK(a.gap <= 1e-9);
}

}  // namespace

TEST_CASE("Gray-code ranks visit every subset once, one feature per step", "[shapley]") {
  for (std::size_t n : {1, 2, 5, 10}) {
    const std::uint64_t total = std::uint64_t{1} << n;
    std::vector<char> seen(total, 0);
    CHECK(sh::gray_mask(0) == 0);
    for (std::uint64_t r = 0; r < total; ++r) {
      const std::uint64_t m = sh::gray_mask(r);
      REQUIRE(m < total);
      CHECK(!seen[m]);
      seen[m] = 1;
      CHECK(sh::gray_rank(m) == r);
      if (r > 0) {
        const std::uint64_t diff = m ^ sh::gray_mask(r - 1);
        CHECK(diff == (std::uint64_t{1} << sh::gray_flip(r)));
      }
    }
  }
  CHECK(sh::gray_mask(5) == 7);  // 0, 1, 3, 2, 6, 7, 5, 4
  CHECK(sh::gray_flip(4) == 2);
  Rng rng(1, "shapley.gray.ranks", 0);
  for (int k = 0; k < 100; ++k) {
    const std::uint64_t r = rng.next_u64();
    CHECK(sh::gray_rank(sh::gray_mask(r)) == r);
  }
}

TEST_CASE("First-appearance relabelling: dense and hashed tables agree with joint_codes",
          "[shapley]") {
  Rng rng(7, "shapley.gray.relabel", 0);
  info::FirstAppearance f;
  for (std::uint64_t bound : {std::uint64_t{50}, std::uint64_t{1} << 40}) {
    for (int round = 0; round < 3; ++round) {  // reused work space: stamps, not clearing
      std::vector<std::uint64_t> keys(500);
      V as_codes(500);
      for (std::size_t i = 0; i < keys.size(); ++i) {
        keys[i] = rng.uniform_index(40) * (bound / 50);
        as_codes[i] = static_cast<std::int32_t>(keys[i] / (bound / 50));
      }
      V codes(keys.size());
      const std::size_t k = f.relabel(keys, bound, codes);
      const auto ref = info::joint_codes({as_codes});
      CHECK(k == ref.cardinality);
      CHECK(codes == ref.codes);
    }
  }
}

TEST_CASE("Incremental joint codes equal codes from scratch along a Gray walk", "[shapley]") {
  // 7 features of 4 levels over 300 rows: the cells go from 1 to nearly one row each, so both the
  // dense and the hashed relabelling are used.
  const sh::GameData g = game(7, 300, 4, 3);
  info::IncrementalCodes codes(info::CodeColumns(g.features.begin(), g.features.end()), 300);
  CHECK(codes.cardinality() == 1);
  for (std::uint64_t r = 0; r < (std::uint64_t{1} << 7); ++r) {
    if (r > 0) codes.flip(sh::gray_flip(r));
    REQUIRE(codes.mask() == sh::gray_mask(r));
    const auto ref = scratch(g, codes.mask());
    CHECK(codes.cardinality() == ref.cardinality);
    CHECK(
        std::equal(codes.codes().begin(), codes.codes().end(), ref.codes.begin(), ref.codes.end()));
  }
  // One pairing per step on average (2^n - 1 flips), against |S| per subset from scratch.
  CHECK(codes.pairings() < 2 * (std::uint64_t{1} << 7));
  // Arbitrary flips and restarts.
  Rng rng(4, "shapley.gray.flips", 0);
  for (int step = 0; step < 60; ++step) {
    if (step % 20 == 0)
      codes.set(rng.uniform_index(128));
    else
      codes.flip(rng.uniform_index(7));
    const auto ref = scratch(g, codes.mask());
    CHECK(codes.cardinality() == ref.cardinality);
    CHECK(
        std::equal(codes.codes().begin(), codes.codes().end(), ref.codes.begin(), ref.codes.end()));
  }
  V bad = g.features[0];
  bad[5] = -1;
  CHECK_THROWS(info::IncrementalCodes({bad}, bad.size()));
}

TEST_CASE("The subset evaluator reproduces subset_values", "[shapley]") {
  sh::GameData g = game(5, 400, 3, 5);
  SECTION("unit weights") {}
  SECTION("integer weights") {
    Rng rng(6, "shapley.gray.weights", 0);
    for (std::size_t r = 0; r < 400; ++r) g.weights.push_back(1.0 + rng.uniform_index(3));
  }
  SECTION("real weights, some zero") {
    Rng rng(8, "shapley.gray.weights", 0);
    for (std::size_t r = 0; r < 400; ++r)
      g.weights.push_back(r % 7 == 0 ? 0.0 : 0.1 + rng.uniform());
  }
  SECTION("a feature constant, one a copy of A") {
    std::fill(g.features[3].begin(), g.features[3].end(), 2);
    g.features[4] = g.a;
  }
  sh::SubsetEvaluator e(g);
  for (std::uint64_t r = 0; r < 32; ++r) {
    if (r > 0) e.flip(sh::gray_flip(r));
    check_close(e.values(), sh::subset_values(g, e.mask()));
  }
  CHECK(e.solves() + e.remembered() <= 31);
  CHECK(e.warm_solves() <= e.solves());
}

TEST_CASE("Exact Shapley chunks: deterministic, and the chunking changes SI within its gaps only",
          "[shapley]") {
  sh::GameData g = game(6, 300, 3, 9);
  g.features.push_back(g.features[1]);  // a duplicate: its flips leave the partition alone
  const std::size_t n = g.n();
  const auto whole = [&](std::size_t chunks, sh::ChunkStats* stats) {
    std::vector<std::vector<double>> parts;
    for (std::size_t c = 0; c < chunks; ++c)
      parts.push_back(sh::evaluate_chunk(g, sh::chunk_begin(n, chunks, c),
                                         sh::chunk_begin(n, chunks, c + 1), stats));
    return sh::assemble_chunks(n, parts);
  };
  sh::ChunkStats one, many, again;
  const auto a = whole(1, &one), b = whole(7, &many), c = whole(7, &again);
  CHECK(one.subsets == 128);
  CHECK(one.reused > 0);
  CHECK(one.solves + one.remembered <= 128);
  CHECK(one.warm > 0);  // neighbouring subsets' solutions are carried over
  CHECK(one.warm <= one.solves);
  // The same chunking gives the same bits (so does any number of ranks: a chunk is one task).
  CHECK(b.u == c.u);
  CHECK(b.si == c.si);
  CHECK(b.v_d == c.v_d);
  CHECK(b.gap == c.gap);
  // Another chunking: the plug-in measures are bitwise the same; SI may come from another warm
  // start (a chunk starts cold), so it agrees within the certified gaps.
  CHECK(a.u == b.u);
  CHECK(a.i_xa == b.i_xa);
  CHECK(a.i_xa_y == b.i_xa_y);
  for (std::size_t s = 0; s < a.si.size(); ++s) {
    CHECK(a.si[s] == Approx(b.si[s]).margin(a.gap[s] + b.gap[s] + 1e-13));
    CHECK(a.gap[s] <= 1e-9);
  }
  // Entry `mask` holds that subset's values.
  for (std::uint64_t mask : {0ULL, 1ULL, 6ULL, 37ULL, 127ULL}) {
    const auto v = sh::subset_values(g, mask);
    CHECK(a.u[mask] == Approx(v.u).margin(1e-13));
    CHECK(a.si[mask] == Approx(v.si).margin(a.gap[mask] + v.gap + 1e-13));
    CHECK(a.v_d[mask] == Approx(v.v_d).margin(1e-9));
  }
}
