#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <set>
#include <vector>

#include "core/rng.hpp"
#include "methods/patterns/rising_cut.hpp"
#include "methods/patterns/top_candidates.hpp"
#include "methods/patterns/top_patterns.hpp"

using namespace adm;
using namespace adm::methods::patterns;

// What the miner does with the candidates: offer those not below the cut; at the end the k best of
// the kept ones by (score, key) must be the exact k best of everything offered (a trimmed
// std::set), and the cut must never pass the k-th best score nor trail it by more than one bin; a
// compaction makes it the exact k-th best score.
TEST_CASE("patterns: TopCandidates keeps a superset of the k best, cut within one bin",
          "[patterns]") {
  Rng rng(9, "patterns.candidates");
  std::size_t compactions = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t key_size = 1 + rng.uniform_index(3);
    const std::size_t k = trial % 4 == 0 ? 0 : 1 + rng.uniform_index(trial % 2 ? 30 : 3000);
    const bool ties = trial % 3 == 0;
    TopCandidates top(k, key_size);
    std::set<FoundPattern, BetterPattern> ref;
    std::set<PatternKey> used;
    for (int i = 0; i < 20000; ++i) {
      PatternKey key(key_size);
      for (auto& b : key) b = static_cast<std::uint8_t>(rng.uniform_index(256));
      if (!used.insert(key).second) continue;
      // Rising scores on average (as a search finds better patterns), with heavy ties or not.
      const double score =
          ties ? static_cast<double>(rng.uniform_index(12)) / 8 : rng.uniform() * (1 + i / 5000.0);
      const std::size_t size_before = top.size();
      const double kth_before = ref.size() == k && k > 0 ? ref.rbegin()->score : -1;
      const bool offered = !top.has_cut() || score >= top.cut();
      if (offered) top.offer(score, key.data());
      if (offered && top.size() <= size_before && kth_before >= 0) {  // compacted, then took it
        ++compactions;
        CHECK(top.cut() >= kth_before);  // exact then; taking the new one may raise it
      }
      if (k > 0) {
        ref.insert(FoundPattern{key, score, {}});
        if (ref.size() > k) ref.erase(std::prev(ref.end()));
      }
      if (top.has_cut()) {
        REQUIRE(ref.size() == k);
        const double kth = ref.rbegin()->score;
        CHECK(top.cut() <= kth);
        CHECK(TopCandidates::bin_of(kth) <= TopCandidates::bin_of(top.cut()) + 1);
      }
    }
    CHECK(top.has_cut() == (k > 0 && ref.size() == k));
    std::vector<FoundPattern> kept;
    for (std::size_t i = 0; i < top.size(); ++i)
      kept.push_back({PatternKey(top.key(i), top.key(i) + key_size), top.score(i), {}});
    std::sort(kept.begin(), kept.end(), BetterPattern{});
    if (kept.size() > k) kept.resize(k);
    REQUIRE(kept.size() == ref.size());
    std::size_t i = 0;
    for (const auto& p : ref) {
      CHECK(kept[i].key == p.key);
      CHECK(kept[i].score == p.score);
      ++i;
    }
    if (k > 0) CHECK(top.size() <= std::max<std::size_t>(2 * k, 1024) * 2 + k);  // compacted
  }
  CHECK(compactions > 10);
}

// The bins: monotone in the score, each score at or above its bin's edge and below the next one's,
// and a bin 2^-11 of its scores' size wide from 2^-24 to 2^8.
TEST_CASE("patterns: score bins are monotone, with exact edges of relative width 2^-11",
          "[patterns]") {
  Rng rng(4, "patterns.bins");
  std::vector<double> scores{0.0, 1e-300, 0x1p-24, 0x1p8, 1e300, 0.1, 0.2, 1.43e-4};
  for (int i = 0; i < 20000; ++i) scores.push_back(std::ldexp(rng.uniform(), -30 + i % 42));
  std::sort(scores.begin(), scores.end());
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const double s = scores[i];
    const std::size_t b = TopCandidates::bin_of(s);
    REQUIRE(b < TopCandidates::kBins);
    CHECK(TopCandidates::bin_edge(b) <= s);
    if (b + 1 < TopCandidates::kBins) CHECK(s < TopCandidates::bin_edge(b + 1));
    if (i > 0) CHECK(TopCandidates::bin_of(scores[i - 1]) <= b);
    if (s >= 0x1p-24 && s < 0x1p8 && b > 0 && b + 1 < TopCandidates::kBins)
      CHECK(TopCandidates::bin_edge(b + 1) / TopCandidates::bin_edge(b) <= 1 + 0x1p-11 + 1e-15);
  }
  CHECK(TopCandidates::bin_of(0.0) == 0);
  CHECK(TopCandidates::bin_of(1e300) == TopCandidates::kBins - 1);
}

// The bin kept up to date against recomputing it from the top after every addition.
TEST_CASE("patterns: RisingCut equals the cut recomputed from the top", "[patterns]") {
  Rng rng(3, "patterns.rising_cut");
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t bins = 1 + rng.uniform_index(64);
    const std::uint64_t k = 1 + rng.uniform_index(trial % 2 ? 5 : 200);
    RisingCut cut(bins, k);
    std::vector<std::uint64_t> counts(bins, 0);
    for (int i = 0; i < 400; ++i) {
      const std::size_t b = rng.uniform_index(bins);
      const std::uint64_t c = rng.uniform_index(4);  // 0 included
      cut.add(b, c);
      counts[b] += c;
      std::uint64_t above = 0;
      std::size_t want = bins;
      while (want > 0 && above < k) above += counts[--want];
      REQUIRE(cut.reached() == (above >= k));
      if (cut.reached()) REQUIRE(cut.bin() == want);
    }
  }
  REQUIRE_THROWS(RisingCut(4, 0));
}
