#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "core/rng.hpp"
#include "learn/cart.hpp"
#include "learn/cart_prune.hpp"
#include "learn_test_util.hpp"

using namespace adm;
using learn::DecisionTree;

namespace {

// The weakest-link sequence as it was computed before the incremental version: a full bottom-up
// pass over every node per round (quadratic in the nodes of a deep tree). The reference the heap
// version must match bit for bit.
std::vector<double> full_pass_alphas(const std::vector<DecisionTree::Node>& nodes) {
  const std::size_t n = nodes.size();
  std::vector<double> alpha(n, 0.0);
  std::vector<bool> active(n, false);
  for (std::size_t i = 0; i < n; ++i) active[i] = nodes[i].feature >= 0;
  if (n == 0) return alpha;
  const double tol = 1e-12 * std::max(nodes[0].risk, 1e-300);
  std::vector<double> subtree_risk(n), g(n);
  std::vector<std::size_t> leaves(n);
  while (true) {
    double g_min = std::numeric_limits<double>::infinity();
    for (std::size_t i = n; i-- > 0;) {
      if (!active[i]) {
        subtree_risk[i] = nodes[i].risk;
        leaves[i] = 1;
        continue;
      }
      const auto l = static_cast<std::size_t>(nodes[i].left);
      const auto r = static_cast<std::size_t>(nodes[i].right);
      subtree_risk[i] = subtree_risk[l] + subtree_risk[r];
      leaves[i] = leaves[l] + leaves[r];
      g[i] = std::max(0.0, (nodes[i].risk - subtree_risk[i]) / static_cast<double>(leaves[i] - 1));
      g_min = std::min(g_min, g[i]);
    }
    if (!std::isfinite(g_min)) break;
    std::vector<bool> prune(n, false);
    for (std::size_t i = 0; i < n; ++i) {
      if (!active[i]) continue;
      if (g[i] <= g_min + tol) prune[i] = true;
      if (prune[i]) {
        alpha[i] = g_min;
        active[i] = false;
        prune[static_cast<std::size_t>(nodes[i].left)] = true;
        prune[static_cast<std::size_t>(nodes[i].right)] = true;
      }
    }
  }
  return alpha;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

}  // namespace

TEST_CASE("cart prune: the heap weakest-link sequence equals the full-pass one bit for bit",
          "[cart]") {
  // Deep cp = 0 trees on noisy data: coarse integer features give many splits of equal g (rounds
  // that prune several links at once, nested ones included), fine ones many distinct rounds.
  for (const std::uint64_t draw : {1u, 2u, 3u}) {
    for (const int coarse : {0, 1}) {
      Rng rng(draw, "test.cart_prune");
      const std::size_t rows = 1500;
      std::vector<std::vector<float>> cols(3, std::vector<float>(rows));
      std::vector<std::int32_t> y(rows);
      std::vector<double> values(rows), w(rows);
      for (std::size_t r = 0; r < rows; ++r) {
        for (auto& c : cols)
          c[r] =
              coarse ? static_cast<float>(rng.uniform_index(6)) : static_cast<float>(rng.normal());
        const double s = cols[0][r] + 0.5 * cols[1][r] + rng.normal();
        y[r] = static_cast<std::int32_t>(s > 0.5) + static_cast<std::int32_t>(s > 2.5);
        values[r] = s;
        w[r] = 1.0 + static_cast<double>(rng.uniform_index(3));
      }
      const auto x = test::matrix(cols);
      DecisionTree classes(test::loose());
      classes.fit(x, y, 3, w);
      DecisionTree regression(test::loose());
      regression.fit_regression(x, values);
      for (const DecisionTree* tree : {&classes, &regression}) {
        REQUIRE(tree->nodes().size() > 100);
        const auto reference = full_pass_alphas(tree->nodes());
        const auto heap = learn::weakest_link_alphas(tree->nodes());
        CHECK(same_bits(heap, reference));
        // The grown tree's complexities are these alphas (set when mtry = 0).
        for (std::size_t i = 0; i < heap.size(); ++i)
          REQUIRE(tree->nodes()[i].complexity == reference[i]);
      }
    }
  }
  CHECK(learn::weakest_link_alphas({}).empty());
}
