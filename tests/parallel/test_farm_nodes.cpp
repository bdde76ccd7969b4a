#include <catch2/catch.hpp>
#include <vector>

#include "parallel/farm_nodes.hpp"
#include "parallel/task_chunks.hpp"

using adm::dist::farm_layout;
using adm::dist::farm_leaders;
using adm::dist::FarmNodes;

TEST_CASE("ADM_FARM_NODE_RANKS splits the ranks into blocks of fake nodes", "[dist]") {
  const std::vector<int> one_node(10, 0);
  CHECK(farm_leaders(one_node, -1) == one_node);  // unset: MPI's nodes
  CHECK(farm_leaders(one_node, 0) == one_node);
  CHECK(farm_leaders(one_node, 4) == std::vector<int>{0, 0, 0, 0, 4, 4, 4, 4, 8, 8});
}

TEST_CASE("node leaders: rank 0 serves its node and the other leaders, a leader its node",
          "[dist]") {
  const std::vector<int> leaders{0, 0, 0, 0, 4, 4, 4, 4, 8, 8};
  const FarmNodes root = farm_layout({leaders, 4}, 0);
  CHECK(root.hierarchical());
  CHECK(root.members == std::vector<int>{1, 2, 3, 4, 8});
  CHECK(root.capacity == std::vector<std::size_t>{1, 1, 1, 4, 2});  // a leader stands for its node
  CHECK(root.leaders == std::vector<int>{4, 8});
  CHECK_FALSE(root.leader);
  const FarmNodes four = farm_layout({leaders, 4}, 4);
  CHECK(four.leader);
  CHECK(four.boss == 0);
  CHECK(four.members == std::vector<int>{5, 6, 7});
  const FarmNodes six = farm_layout({leaders, 4}, 6);
  CHECK_FALSE(six.leader);
  CHECK(six.boss == 4);
  CHECK(six.members.empty());
  // Ranks placed round-robin over two nodes (MPI's leaders are each node's lowest rank).
  std::vector<int> round_robin(512);
  for (int r = 0; r < 512; ++r) round_robin[static_cast<std::size_t>(r)] = r % 2;
  const FarmNodes one = farm_layout({round_robin, -1}, 1);  // 512 ranks: on by default
  CHECK(one.leader);
  CHECK(one.members.size() == 255);
  CHECK(one.members.front() == 3);
  CHECK(farm_layout({round_robin, -1}, 5).boss == 1);
  CHECK(farm_layout({round_robin, -1}, 0).members.size() == 256);  // 255 of its node and rank 1
}

TEST_CASE("the farm stays flat on one node, below 512 ranks, or when told", "[dist]") {
  const auto flat = [](const FarmNodes& n) {
    return !n.hierarchical() && !n.leader && n.boss == 0;
  };
  const std::vector<int> one_node(100, 0);
  const FarmNodes root = farm_layout({one_node, -1}, 0);
  CHECK(flat(root));
  CHECK(root.members.size() == 99);  // every rank, one at a time
  CHECK(flat(farm_layout({one_node, -1}, 7)));
  std::vector<int> two_nodes(32);
  for (int r = 16; r < 32; ++r) two_nodes[static_cast<std::size_t>(r)] = 16;
  CHECK(flat(farm_layout({two_nodes, -1}, 0)));           // 32 ranks: rank 0 keeps up
  CHECK(flat(farm_layout({two_nodes, -1}, 16)));          // ... so 16 is a plain worker
  CHECK(farm_layout({two_nodes, 16}, 0).hierarchical());  // forced
  std::vector<int> four_nodes(64);
  for (int r = 0; r < 64; ++r) four_nodes[static_cast<std::size_t>(r)] = r / 16 * 16;
  CHECK(flat(farm_layout({four_nodes, -1}, 0)));  // 64 ranks: still below 512
  CHECK(farm_layout({four_nodes, 16}, 0).hierarchical());
  std::vector<int> many_nodes(1024);
  for (int r = 0; r < 1024; ++r) many_nodes[static_cast<std::size_t>(r)] = r / 16 * 16;
  CHECK(farm_layout({many_nodes, -1}, 0).hierarchical());
  CHECK(farm_layout({many_nodes, -1}, 0).leaders.size() == 63);
  CHECK(flat(farm_layout({four_nodes, 0}, 0)));  // 0: never
  CHECK(flat(farm_layout({four_nodes, 0}, 16)));
}

TEST_CASE("a node leader's block is its node's share of the chunks", "[dist]") {
  adm::dist::TaskChunks chunks;
  CHECK(chunks.next(100, 64, 16) == 12);  // untimed: one a rank, capped at 16 x 100 / 128
  CHECK(chunks.next(100000, 64, 16) == 16);
  chunks.timed(10, 0.001);  // 0.1 ms a task: 40 a rank in 4 ms
  CHECK(chunks.next(1 << 20, 64, 16) == 640);
  CHECK(chunks.next(1 << 20, 64, 1) == 40);  // rank 0's own node's workers as before
  CHECK(chunks.next(1 << 20, 1024, 1) == 409);
  // With leaders rank 0 answers ~80 ranks at 1,024 (16 of its node, 63 leaders): 4 ms chunks.
  CHECK(chunks.next(1 << 20, 1024, 1, 80) == 40);
  CHECK(chunks.next(1 << 20, 1024, 16, 80) == 640);
  adm::dist::TaskChunks fits;
  fits.timed(2, 0.4);  // 0.2 s a task: one a rank of the node
  CHECK(fits.next(1000, 64, 16) == 16);
  CHECK(fits.next(2000, 1024, 16) == 15);  // 2,000 replicates at 1,024 ranks: 16 x 2000 / 2048
}

TEST_CASE("a layout's distinct leaders: each node's leader once, ascending", "[dist]") {
  using adm::dist::NodeLayout;
  CHECK(NodeLayout{{0, 0, 0, 0, 4, 4, 4, 4, 8, 8}, 4}.distinct_leaders() ==
        std::vector<int>{0, 4, 8});
  // MPI's nodes need not be blocks: ranks placed round-robin, or in any order.
  CHECK(NodeLayout{{0, 1, 0, 1, 0, 1}, -1}.distinct_leaders() == std::vector<int>{0, 1});
  CHECK(NodeLayout{{0, 1, 0, 3, 1, 3}, -1}.distinct_leaders() == std::vector<int>{0, 1, 3});
  CHECK(NodeLayout{{0, 0, 0}, -1}.distinct_leaders() == std::vector<int>{0});  // one node
  CHECK(NodeLayout{{0}, -1}.distinct_leaders() == std::vector<int>{0});        // one rank
}
