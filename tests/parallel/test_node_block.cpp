#include <catch2/catch.hpp>
#include <cstring>

#include "parallel/node_block.hpp"

using adm::dist::Communicator;

TEST_CASE("a lone rank's node block is plain memory filled once", "[dist][node_block]") {
  auto& comm = Communicator::world();
  REQUIRE(comm.node_size() == 1);
  REQUIRE(comm.node_rank() == 0);
  int calls = 0;
  const auto block = adm::dist::share_on_node(comm, 5, [&](std::span<std::byte> out) {
    ++calls;
    REQUIRE(out.size() == 5);
    std::memcpy(out.data(), "hello", 5);
  });
  CHECK(calls == 1);
  REQUIRE(block.bytes.size() == 5);
  CHECK(std::memcmp(block.bytes.data(), "hello", 5) == 0);
  CHECK(block.keeper != nullptr);
  CHECK(adm::dist::node_memory_has_room(0));
}
