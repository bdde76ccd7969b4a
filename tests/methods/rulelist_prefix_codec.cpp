#include <catch2/catch.hpp>
#include <string>

#include "core/error.hpp"
#include "methods/rulelist/prefix_codec.hpp"

using namespace adm::methods::rulelist;

TEST_CASE("rulelist prefix codec: a prefix travels with its counts and its queue bound",
          "[rulelist]") {
  std::string wire;
  append_prefix(wire, {3, 17, 250}, {1, 0, 1}, 41, 1200, 0.4230760, 0.3801185);
  append_prefix(wire, {9}, {0}, 0, 7, 0.5, 0.015);
  std::size_t pos = 0;
  WirePrefix p;
  REQUIRE(read_prefix(wire, pos, p));
  CHECK(p.rules == std::vector<std::uint16_t>{3, 17, 250});
  CHECK(p.predictions == std::vector<std::uint8_t>{1, 0, 1});
  CHECK(p.errors == 41);
  CHECK(p.captured == 1200);
  CHECK(p.objective == 0.4230760);
  // The sender's bound (fairness bounds included): the receiver queues the prefix by it, so that
  // a best-first search orders it as the rank that made it would have (issue 14 at 2 ranks).
  CHECK(p.lower_bound == 0.3801185);
  REQUIRE(read_prefix(wire, pos, p));
  CHECK(p.rules == std::vector<std::uint16_t>{9});
  CHECK(p.lower_bound == 0.015);
  CHECK_FALSE(read_prefix(wire, pos, p));
  std::string torn = wire.substr(0, wire.size() - 3);
  pos = 0;
  REQUIRE(read_prefix(torn, pos, p));
  CHECK_THROWS_AS(read_prefix(torn, pos, p), adm::InternalError);
}
