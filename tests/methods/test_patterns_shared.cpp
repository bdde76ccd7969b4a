#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

#include "core/rng.hpp"
#include "methods/patterns/kth_best.hpp"
#include "methods/patterns/shared_cut.hpp"

using namespace adm;
using namespace adm::methods::patterns;

namespace {

// Scores with many ties and a wide range (several exponents), split over `ranks` lists.
std::vector<std::vector<double>> spread_scores(Rng& rng, int ranks, std::size_t n) {
  std::vector<std::vector<double>> lists(static_cast<std::size_t>(ranks));
  for (std::size_t i = 0; i < n; ++i) {
    double s = rng.uniform() * (rng.uniform() < 0.5 ? 1.0 : 1e-3);
    if (rng.uniform() < 0.2) s = 0.25;  // ties across ranks
    lists[rng.uniform_index(static_cast<std::uint64_t>(ranks))].push_back(s);
  }
  return lists;
}

}  // namespace

TEST_CASE("patterns: the k-th best by rounds of summed counts equals a sort", "[patterns]") {
  Rng rng(7, "patterns.kth_best");
  for (int t = 0; t < 40; ++t) {
    const int ranks = 1 + t % 5;
    const auto lists = spread_scores(rng, ranks, 50 + 37 * static_cast<std::size_t>(t));
    std::vector<double> all;
    for (const auto& l : lists) all.insert(all.end(), l.begin(), l.end());
    std::sort(all.begin(), all.end(), std::greater<>());
    for (const std::uint64_t k : {std::uint64_t{1}, std::uint64_t{all.size() / 3},
                                  std::uint64_t{all.size()}, std::uint64_t{all.size() + 1}}) {
      if (k == 0) continue;
      // Each "rank" may also count scores below the k-th best (here: a rank's lowest are left out
      // below a bound no higher than the k-th best, as a rank's own cut is).
      const double bound = k <= all.size() ? all[k - 1] * (t % 2 ? 1.0 : 0.5) : 0.0;
      std::vector<KthBest> selects(static_cast<std::size_t>(ranks), KthBest(k));
      int rounds = 0;
      while (!selects[0].done()) {
        std::vector<std::uint64_t> sum, mine;
        for (int r = 0; r < ranks; ++r) {
          selects[static_cast<std::size_t>(r)].count(lists[static_cast<std::size_t>(r)], bound,
                                                     mine);
          if (sum.empty()) sum.assign(mine.size(), 0);
          for (std::size_t i = 0; i < mine.size(); ++i) sum[i] += mine[i];
        }
        for (auto& s : selects) s.settle(sum);
        ++rounds;
      }
      INFO("ranks " << ranks << " k " << k << " of " << all.size());
      CHECK(rounds <= 6);
      for (const auto& s : selects) {
        REQUIRE(s.done());
        if (k > all.size()) {
          CHECK(!s.value());
        } else {
          REQUIRE(s.value());
          CHECK(*s.value() == all[k - 1]);  // bit for bit
        }
      }
    }
  }
}

TEST_CASE("patterns: the shared cut never passes the k-th best and reaches its region",
          "[patterns]") {
  Rng rng(8, "patterns.shared_cut");
  for (int t = 0; t < 20; ++t) {
    const int ranks = 2 + t % 4;
    const std::uint64_t k = 100 + 50 * static_cast<std::uint64_t>(t);
    // Layouts made from what was learned one round before, or four (rounds in flight): safe
    // either way; near the k-th best checked with one (here every round's scores jump far above).
    const std::uint64_t lag = t % 2 ? 1 : 4;
    std::vector<SharedCut> cuts;
    cuts.reserve(static_cast<std::size_t>(ranks));
    for (int r = 0; r < ranks; ++r) cuts.emplace_back(k, 0, ranks, lag);
    std::vector<double> found;
    std::deque<std::vector<std::uint64_t>> in_flight;  // sums of rounds summarised, not learned
    std::uint64_t learned = 0;
    int reached_at = -1, local_higher = 0;
    const auto score = [&](int round) { return (0.01 + round * 0.01) * (0.5 + rng.uniform()); };
    // Rounds of new scores (rising on average, as a search's are), summed over the ranks.
    for (int round = 0; round < 60; ++round) {
      for (int r = 0; r < ranks; ++r)
        for (int i = 0; i < 20; ++i) {
          found.push_back(score(round));
          cuts[static_cast<std::size_t>(r)].count(TopCandidates::bin_of(found.back()));
        }
      std::vector<std::uint64_t> sum(SharedCut::words(), 0), mine(SharedCut::words());
      for (auto& c : cuts) {
        std::fill(mine.begin(), mine.end(), 0);
        c.summary(static_cast<std::uint64_t>(round), mine.data());
        sum[0] = std::max(sum[0], mine[0]);  // the highest bin seen: by max
        for (std::size_t i = 1; i < sum.size(); ++i) sum[i] += mine[i];
      }
      in_flight.push_back(sum);
      // Found while rounds are in flight: in no summary yet, but in the finder's own cut at once.
      for (int r = 0; r < ranks; ++r)
        for (int i = 0; i < 5; ++i) {
          found.push_back(score(round));
          cuts[static_cast<std::size_t>(r)].count(TopCandidates::bin_of(found.back()));
        }
      // Up to `lag` rounds in flight: summary(n + 1) needs round n + 1 - lag learned.
      for (; learned + lag <= static_cast<std::uint64_t>(round) + 1; ++learned) {
        for (auto& c : cuts) c.learn(learned, in_flight.front().data());
        in_flight.pop_front();
      }
      std::vector<double> sorted = found;
      const std::size_t n = std::min<std::size_t>(k, sorted.size());
      std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(n - 1),
                       sorted.end(), std::greater<>());
      const double kth = sorted[n - 1];  // the k-th best found so far (if k were found)
      INFO("ranks " << ranks << " k " << k << " round " << round);
      for (const auto& c : cuts) {
        REQUIRE(c.reached() == cuts[0].reached());
        if (c.reached()) CHECK(c.bin() == cuts[0].bin());  // every rank agrees
        if (!c.local_reached()) {
          CHECK(!c.reached());
          continue;
        }
        REQUIRE(found.size() >= k);
        CHECK(TopCandidates::bin_edge(c.local_bin()) <= kth);  // safe to prune at
        if (c.reached()) CHECK(c.local_bin() >= c.bin());
        if (c.reached() && c.local_bin() > c.bin()) ++local_higher;
      }
      if (!cuts[0].reached()) continue;
      if (reached_at < 0) reached_at = round;
      CHECK(TopCandidates::bin_edge(cuts[0].bin()) <= kth);  // safe to prune at
      // Near the exact k-th best a few rounds after it is first reached (the first counts go to
      // coarse groups of bins, as no round has told the highest bin yet).
      // (Compared with the k-th best of the scores summarised, all learned at lag 1.)
      if (lag == 1 && round >= reached_at + 3) {
        std::vector<double> learned_scores(found.begin(), found.end() - 5 * ranks);
        std::nth_element(learned_scores.begin(),
                         learned_scores.begin() + static_cast<std::ptrdiff_t>(k - 1),
                         learned_scores.end(), std::greater<>());
        CHECK(TopCandidates::bin_edge(cuts[0].bin()) >= 0.8 * learned_scores[k - 1]);
      }
    }
    CHECK(reached_at >= 0);
    CHECK(local_higher > 0);  // a rank's own new patterns raise its cut before a round completes
  }
}
