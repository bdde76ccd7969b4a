#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "methods/patterns/dive_frontier.hpp"

using adm::methods::patterns::DiveFrontier;
using adm::methods::patterns::PatternNode;

namespace {

PatternNode node(double bound, std::size_t next = 1) {
  PatternNode n;
  n.bound = bound;
  n.next = next;
  return n;
}

const auto kAll = [](const PatternNode&) { return true; };

}  // namespace

TEST_CASE("dive frontier: a dive is depth first until its units are spent", "[patterns]") {
  DiveFrontier f(2, 10);
  const std::uint8_t a[2] = {1, 0}, b[2] = {2, 0}, c[2] = {3, 0};
  f.push(a, node(0.9));
  f.push(b, node(0.1));  // pushed last: expanded next, whatever its bound
  f.settle(kAll);
  CHECK(f.top().bound == 0.1);
  CHECK(f.top_key()[0] == 2);
  f.pop();
  f.spend(4);
  f.push(c, node(0.5));
  f.settle(kAll);  // 4 of 10 units: the dive goes on
  CHECK(f.top().bound == 0.5);
  CHECK(f.size() == 2);
}

TEST_CASE("dive frontier: the next dive starts from the best parked node, pruned ones dropped",
          "[patterns]") {
  DiveFrontier f(1, 10);
  const std::uint8_t k1[1] = {1}, k2[1] = {2}, k3[1] = {3}, k4[1] = {4};
  f.push(k1, node(0.3));
  f.push(k2, node(0.8));
  f.push(k3, node(0.2));
  f.park(k4, node(0.6));  // taken from another rank
  f.spend(10);            // the dive is over
  const auto live = [](const PatternNode& n) { return n.bound >= 0.25; };  // the cut rose
  f.settle(live);
  CHECK(f.size() == 3);  // 0.2 was pruned on parking
  std::vector<std::uint8_t> order;
  while (!f.empty()) {
    order.push_back(f.top_key()[0]);
    f.pop();
    f.spend(10);  // every node ends its dive: best bound first
    f.settle(live);
  }
  CHECK(order == std::vector<std::uint8_t>{2, 4, 1});
}

TEST_CASE("dive frontier: a split gives every other live node, all when asked for all",
          "[patterns]") {
  for (const std::uint64_t ask : {std::uint64_t{3}, std::uint64_t{100}}) {
    DiveFrontier f(1, 1000);
    std::vector<std::uint8_t> keys(8);
    for (std::uint8_t i = 0; i < 8; ++i) {
      keys[i] = i;
      f.push(&keys[i], node(0.1 * i));
    }
    const auto live = [](const PatternNode& n) { return n.bound != 0.1 * 5; };  // node 5 is pruned
    std::vector<double> given;
    f.split(ask, live, [&](const std::uint8_t* key, const PatternNode& n) {
      CHECK(static_cast<int>(key[0]) == static_cast<int>(n.bound * 10 + 0.5));
      given.push_back(n.bound);
    });
    f.settle(live);
    INFO("asked for " << ask);
    if (ask == 3) {
      CHECK(given.size() == 3);
      CHECK(f.size() == 4);  // 7 live, 3 given
    } else {
      CHECK(given.size() == 7);
      CHECK(f.empty());
    }
    // What stays comes out best bound first, dive after dive.
    double last = 1e9;
    while (!f.empty()) {
      CHECK(f.top().bound <= last);
      last = f.top().bound;
      f.pop();
      f.spend(1000);
      f.settle(live);
    }
  }
}
