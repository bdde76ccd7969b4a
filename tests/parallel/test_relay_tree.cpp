#include <catch2/catch.hpp>
#include <vector>

#include "parallel/frontier_search.hpp"
#include "parallel/relay_tree.hpp"

using adm::dist::NodeLayout;
using adm::dist::relay_links;

// Expected links derived by hand from relay_tree.hpp: number the distinct leaders 0, 1, ...; the
// i-th one's parent is number (i - 1) / 4, its children 4i + 1 ... 4i + 4; a rank that leads no
// node has no links.
TEST_CASE("relays: a tree of the node leaders, four children each", "[dist]") {
  REQUIRE(adm::dist::kRelayFanout == 4);  // the values below assume it
  // 12 nodes of 2 ranks: leaders 0, 2, ..., 22 (the i-th is rank 2i).
  std::vector<int> leaders(24);
  for (int r = 0; r < 24; ++r) leaders[static_cast<std::size_t>(r)] = r / 2 * 2;
  const NodeLayout twelve{leaders, 2};
  CHECK(relay_links(twelve, 0) == std::vector<int>{2, 4, 6, 8});         // the root: children only
  CHECK(relay_links(twelve, 2) == std::vector<int>{0, 10, 12, 14, 16});  // parent, then children
  CHECK(relay_links(twelve, 4) == std::vector<int>{0, 18, 20, 22});      // the last three nodes
  CHECK(relay_links(twelve, 6) == std::vector<int>{0});                  // 13-16: no such nodes
  CHECK(relay_links(twelve, 10) == std::vector<int>{2});                 // number 5: parent 1
  CHECK(relay_links(twelve, 22) == std::vector<int>{4});                 // number 11: parent 2
  CHECK(relay_links(twelve, 3).empty());                                 // no leader
  CHECK(relay_links(twelve, 23).empty());
}

TEST_CASE("relays: none on one node, a single link between two", "[dist]") {
  const NodeLayout one_node{{0, 0, 0, 0}, -1};
  for (int r = 0; r < 4; ++r) CHECK(relay_links(one_node, r).empty());
  const NodeLayout round_robin{{0, 1, 0, 1}, -1};  // MPI's nodes, ranks placed alternately
  CHECK(relay_links(round_robin, 0) == std::vector<int>{1});
  CHECK(relay_links(round_robin, 1) == std::vector<int>{0});
  CHECK(relay_links(round_robin, 2).empty());
}
