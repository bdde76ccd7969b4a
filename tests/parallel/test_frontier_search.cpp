#include <catch2/catch.hpp>

#include "knapsack_search.hpp"

using adm::test::Knapsack;
using adm::test::KnapsackSearch;

TEST_CASE("frontier search on one rank finds the brute-force knapsack optimum",
          "[dist][frontier]") {
  auto& comm = adm::dist::Communicator::world();
  for (std::uint64_t seed : {1, 2, 3, 4, 5}) {
    const auto k = Knapsack::random(16, seed);
    KnapsackSearch search(k);
    adm::dist::FrontierStats stats;
    const auto findings = adm::dist::frontier_search(comm, search, {}, &stats);
    const auto [value, mask] = adm::test::merge_knapsack(findings);
    const auto [bf_value, bf_mask] = k.brute_force();
    CHECK(value == bf_value);
    CHECK(mask == bf_mask);
    CHECK(stats.complete);
    // Pruning really happened: fewer nodes than the full binary tree.
    CHECK(stats.total_nodes() < (std::uint64_t{1} << 17) - 1);
  }
}

TEST_CASE("frontier search stops at the node budget and says so", "[dist][frontier]") {
  auto& comm = adm::dist::Communicator::world();
  const auto k = Knapsack::random(63, 6);
  KnapsackSearch search(k);
  adm::dist::FrontierOptions options;
  options.max_nodes = 100;
  options.step_budget = 7;
  adm::dist::FrontierStats stats;
  adm::dist::frontier_search(comm, search, options, &stats);
  CHECK(stats.stopped_by_budget);
  CHECK_FALSE(stats.complete);
  CHECK(stats.total_nodes() == 100);
}
