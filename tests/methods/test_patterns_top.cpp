#include <catch2/catch.hpp>
#include <set>
#include <vector>

#include "core/rng.hpp"
#include "methods/patterns/top_patterns.hpp"

using namespace adm;
using namespace adm::methods::patterns;

// The heap keeps what a std::set ordered by BetterPattern, trimmed to k after every insertion,
// keeps: the same patterns in the same order, with heavy score ties broken by the key.
TEST_CASE("patterns: TopPatterns equals a trimmed std::set on random scores with ties",
          "[patterns]") {
  Rng rng(5, "patterns.top");
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t key_size = 1 + rng.uniform_index(4);
    // 0 included (keeps nothing); some heaps several levels deep.
    const std::size_t k = trial % 3 == 0 ? 100 + rng.uniform_index(200) : rng.uniform_index(40);
    const std::size_t levels = 2 + rng.uniform_index(6);
    TopPatterns top(k, key_size);
    std::set<FoundPattern, BetterPattern> ref;
    std::set<PatternKey> used;
    for (int i = 0; i < 1500; ++i) {
      PatternKey key(key_size);
      for (auto& b : key) b = static_cast<std::uint8_t>(rng.uniform_index(256));
      if (!used.insert(key).second) continue;  // keys are distinct in a search
      const double score = static_cast<double>(rng.uniform_index(levels)) / 8;  // many ties
      PatternScores s;
      s.delta = rng.uniform();
      s.p_xy = score;
      const bool in_ref =
          k > 0 && (ref.size() < k || BetterPattern{}(FoundPattern{key, score, s}, *ref.rbegin()));
      CHECK(top.admits(score, key.data()) == in_ref);
      CHECK(top.offer(score, key.data(), s) == in_ref);
      if (k > 0) {
        ref.insert(FoundPattern{key, score, s});
        if (ref.size() > k) ref.erase(std::prev(ref.end()));
      }
      REQUIRE(top.size() == ref.size());
      CHECK(top.full() == (k > 0 && ref.size() == k));
      if (!ref.empty()) CHECK(top.worst_score() == ref.rbegin()->score);
    }
    const auto got = top.sorted();
    const auto desc = top.scores_descending();
    REQUIRE(got.size() == ref.size());
    REQUIRE(desc.size() == ref.size());
    std::size_t i = 0;
    for (const auto& p : ref) {
      CHECK(got[i].key == p.key);
      CHECK(got[i].score == p.score);
      CHECK(got[i].scores.delta == p.scores.delta);
      CHECK(desc[i] == p.score);
      ++i;
    }
  }
}
