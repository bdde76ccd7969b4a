// The compact permutation map (issue 14) against a plain reference: std::map keyed by the sorted
// rules and the suffix, holding the best (errors, order). Random admissions and queries over a
// small rule universe (many permutations of one set), several suffix lengths (0 to 300 bytes, so
// the 2-byte length field and long records are used), enough keys to grow the table and the arena
// many times.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "methods/rulelist/permutation_map.hpp"

namespace {

using adm::methods::rulelist::PermutationMap;
using Order = std::vector<std::uint16_t>;

// (a, x) dominates (b, y): no more errors, no longer, better in one or lexicographically smaller.
bool dominates(std::uint32_t a, const Order& x, std::uint32_t b, const Order& y) {
  return a <= b && x.size() <= y.size() && (a < b || x.size() < y.size() || x < y);
}

struct Reference {
  std::map<std::pair<Order, std::string>, std::pair<std::uint32_t, Order>> best;
  // Empty: the key is the sorted rules (a permutation map); else each rule's bits, OR-ed (what a
  // prefix captures, as the search's class-keyed map).
  std::vector<std::uint32_t> captures;
  std::pair<Order, std::string> key(const Order& order, const std::string& extra) const {
    Order sorted = order;
    if (!captures.empty()) {
      std::uint32_t bits = 0;
      for (auto r : order) bits |= captures[r % captures.size()];
      sorted = {static_cast<std::uint16_t>(bits), static_cast<std::uint16_t>(bits >> 16)};
    }
    std::sort(sorted.begin(), sorted.end());
    return {sorted, extra};
  }
  bool admit(const Order& order, std::uint32_t errors, const std::string& extra) {
    auto [it, inserted] = best.try_emplace(key(order, extra), errors, order);
    if (inserted || it->second.second == order) return true;
    if (dominates(it->second.first, it->second.second, errors, order)) return false;
    if (dominates(errors, order, it->second.first, it->second.second)) it->second = {errors, order};
    return true;
  }
  bool is_best(const Order& order, std::uint32_t errors, const std::string& extra) const {
    const auto it = best.find(key(order, extra));
    return it == best.end() || it->second.second == order ||
           !dominates(it->second.first, it->second.second, errors, order);
  }
};

// 1 to 5 distinct rules of a universe of 14 (as a prefix's are); `far`: some of them numbered
// from 60000 (the 2-byte rule ids in full).
Order random_prefix(std::mt19937_64& rng, bool far) {
  const std::size_t k = 1 + rng() % 5;
  Order order;
  while (order.size() < k) {
    auto r = static_cast<std::uint16_t>(rng() % 14);
    if (far && rng() % 8 == 0) r = static_cast<std::uint16_t>(r + 60000);
    if (std::find(order.begin(), order.end(), r) == order.end()) order.push_back(r);
  }
  return order;
}

struct Counts {
  std::size_t admitted = 0, rejected = 0, queries = 0;
  std::size_t longer_kept = 0;  // admitted beside a shorter record of its key
};

// `ops` random admissions and queries (a quarter) of random prefixes with 0 to `error_values` - 1
// errors, each answered alike by `map` and `ref`.
Counts exercise(PermutationMap& map, Reference& ref, std::mt19937_64& rng, int ops, bool far,
                std::uint32_t error_values, const std::vector<std::string>& extras) {
  Counts n;
  for (int op = 0; op < ops; ++op) {
    const Order order = random_prefix(rng, far);
    const std::string& extra = extras[rng() % extras.size()];
    const auto errors = static_cast<std::uint32_t>(rng() % error_values);
    if (rng() % 4 == 0) {
      ++n.queries;
      REQUIRE(map.is_best(order, errors, extra) == ref.is_best(order, errors, extra));
      continue;
    }
    const auto it = ref.best.find(ref.key(order, extra));
    const bool ok = ref.admit(order, errors, extra);
    REQUIRE(map.admit(order, errors, extra) == ok);
    (ok ? n.admitted : n.rejected) += 1;
    // Neither dominating: a longer prefix with fewer errors is kept beside the record.
    n.longer_kept += ok && it != ref.best.end() && it->second.second.size() < order.size();
  }
  return n;
}

}  // namespace

TEST_CASE("rulelist permutation map: same answers as a plain map", "[rulelist][permutation_map]") {
  std::mt19937_64 rng(2026);
  PermutationMap map;
  Reference ref;
  const std::vector<std::string> extras = {"", "a", std::string(6, '\1'), std::string(6, '\2'),
                                           std::string(300, 'z')};
  const auto [admitted, rejected, queries, longer_kept] =
      exercise(map, ref, rng, 200000, true, 6, extras);
  CHECK(longer_kept == 0);  // one rule set, one length
  CHECK(map.size() == ref.best.size());
  CHECK(map.size() > 10000);  // the table and the arena grew many times
  CHECK(admitted > 0);
  CHECK(rejected > 0);
  CHECK(queries > 0);
  // Every recorded best is still found as the best, none of its rivals is.
  for (const auto& [key, value] : ref.best) {
    CHECK(map.is_best(value.second, value.first, key.second));
    Order rival = value.second;
    if (std::next_permutation(rival.begin(), rival.end()) && rival != value.second)
      CHECK_FALSE(map.is_best(rival, value.first, key.second));
  }
}

TEST_CASE("rulelist permutation map: keyed by what prefixes capture, dominance across lengths",
          "[rulelist][permutation_map]") {
  // 14 rules, each capturing a random set of 3 of 10 classes: many rule sets of different sizes
  // capture the same classes.
  std::mt19937_64 rng(30);
  Reference ref;
  for (int r = 0; r < 14; ++r) ref.captures.push_back((1U << (rng() % 10)) | (1U << (rng() % 10)));
  PermutationMap map;
  map.key_by([&](const Order& order, Order& key) { key = ref.key(order, "").first; });
  const std::vector<std::string> extras = {"", "ab"};
  const auto [admitted, rejected, queries, longer_kept] =
      exercise(map, ref, rng, 100000, false, 8, extras);
  CHECK(map.size() == ref.best.size());
  CHECK(admitted > 0);
  CHECK(rejected > 0);
  CHECK(queries > 0);
  CHECK(longer_kept > 0);
  // Hand case: {0} and {1, 2} capture the same classes; {0} with 3 errors dominates {1, 2} with
  // 3 or more, not {1, 2} with 2 (fewer errors, longer).
  PermutationMap hand;
  const std::vector<std::uint32_t> bits = {0b11, 0b01, 0b10, 0b11};
  hand.key_by([&](const Order& order, Order& key) {
    std::uint32_t b = 0;
    for (auto r : order) b |= bits[r];
    key = {static_cast<std::uint16_t>(b)};
  });
  CHECK(hand.admit({0}, 3));
  CHECK_FALSE(hand.admit({1, 2}, 3));
  CHECK_FALSE(hand.admit({2, 1}, 4));
  CHECK(hand.admit({1, 2}, 2));
  CHECK(hand.is_best({0}, 3));
  // Neither dominates the record {0}: kept, and the record stays (it is not compared with {1, 2}).
  CHECK(hand.admit({2, 1}, 1));
  CHECK(hand.is_best({2, 1}, 1));
  // Rule 3 captures what rule 0 does, with fewer errors: it replaces the record, {0} loses.
  CHECK(hand.admit({3}, 2));
  CHECK_FALSE(hand.is_best({0}, 3));
  CHECK_FALSE(hand.admit({1, 2}, 2));  // now dominated by {3}
}

TEST_CASE("rulelist permutation map: bytes follow the entries", "[rulelist][permutation_map]") {
  PermutationMap map;
  CHECK(map.bytes() == 0);
  const std::size_t before = map.bytes_to_hold(100);
  CHECK(before > 0);
  for (std::uint16_t a = 0; a < 200; ++a)
    for (std::uint16_t b = 0; b < 50; ++b)
      if (a != b) map.admit({a, b, static_cast<std::uint16_t>(300 + a)}, 1, "abcdef");
  // 9950 sets of 3 rules with a 6-byte suffix: 19-byte records and 8-byte slots at most 3/4 full,
  // so well under 64 bytes an entry (a node-based std::unordered_map of strings took ~110).
  CHECK(map.size() == 9950);
  CHECK(map.bytes() < 64 * map.size());
  CHECK(map.bytes() > 19 * map.size());
}
