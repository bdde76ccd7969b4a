// learn::TreeBlocks against the partition written out tree by tree: every tree in exactly one
// block, blocks consecutive and in order, none larger than asked, only the last one smaller.
#include <catch2/catch.hpp>
#include <vector>

#include "learn/tree_blocks.hpp"

TEST_CASE("tree blocks: consecutive trees, each tree once, sizes as asked", "[learn][forest]") {
  for (std::size_t trees = 0; trees <= 30; ++trees) {
    for (std::size_t per = 0; per <= 12; ++per) {
      const adm::learn::TreeBlocks blocks(trees, per);
      const std::size_t want = per == 0 ? 1 : per;  // 0 trees a task means 1
      std::vector<std::size_t> block_of;            // tree -> block, as the blocks list them
      for (std::size_t b = 0; b < blocks.count(); ++b) {
        CHECK(blocks.first(b) == block_of.size());
        CHECK(blocks.size(b) >= 1);
        CHECK(blocks.size(b) <= want);
        if (b + 1 < blocks.count()) CHECK(blocks.size(b) == std::min(want, trees));
        for (std::size_t t = blocks.first(b); t < blocks.last(b); ++t) block_of.push_back(b);
      }
      REQUIRE(block_of.size() == trees);
      for (std::size_t t = 0; t < trees; ++t) CHECK(block_of[t] == t / std::min(want, trees));
    }
  }
}
