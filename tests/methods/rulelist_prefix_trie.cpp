// The prefix trie's segmented storage (issue 14): nodes past the doubling segments (130816 nodes)
// keep their fields, free slots are reused, and the bytes are the allocated segments.
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "methods/rulelist/prefix_trie.hpp"

using adm::methods::rulelist::PrefixTrie;

TEST_CASE("rulelist prefix trie: segments hold every node", "[rulelist][prefix_trie]") {
  PrefixTrie trie;
  CHECK(trie.bytes() == 256 * 16);
  const std::size_t n = 400000;
  std::vector<std::uint32_t> ids;
  ids.reserve(n);
  std::uint32_t parent = trie.root();
  for (std::size_t i = 0; i < n; ++i) {  // chains of 3 below the root
    if (i % 3 == 0) parent = trie.root();
    const auto id = trie.add(parent, static_cast<std::uint16_t>(i % 1000), i % 2 == 1,
                             static_cast<std::uint32_t>(i), true);
    ids.push_back(id);
    parent = id;
  }
  CHECK(trie.live() == n + 1);
  // 256 + 512 + ... + 65536 = 130816 nodes, then 1 MiB segments.
  CHECK(trie.bytes() == (130816 + 65536 * ((n + 1 - 130816 + 65535) / 65536)) * 16);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& node = trie.node(ids[i]);
    REQUIRE(node.errors == i);
    REQUIRE(node.rule == i % 1000);
    REQUIRE(node.depth == i % 3 + 1);
  }
  std::vector<std::uint16_t> rules;
  std::vector<std::uint8_t> preds;
  trie.prefix(ids[n - 2], rules, preds);  // 399998: the third of its chain
  CHECK(rules == std::vector<std::uint16_t>{996, 997, 998});
  CHECK(preds == std::vector<std::uint8_t>{0, 1, 0});
  // A node leaves when it is neither queued nor on a queued node's path; the slots come back.
  const std::size_t bytes = trie.bytes();
  trie.dequeue(ids[2]);
  CHECK(trie.live() == n);  // ids[0], ids[1] are still queued
  trie.dequeue(ids[1]);
  trie.dequeue(ids[0]);
  CHECK(trie.live() == n - 2);
  CHECK(trie.bytes_to_hold(3) == 0);
  for (int i = 0; i < 3; ++i) trie.add(trie.root(), 7, false, 0, true);
  CHECK(trie.bytes() == bytes);
  CHECK(trie.bytes_to_hold(1000000) > 0);
  trie.reserve(1000000);
  CHECK(trie.bytes_to_hold(1000000) == 0);
}
