#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/rng.hpp"
#include "methods/patterns/miner.hpp"
#include "patterns_test_util.hpp"

using namespace adm;
using namespace adm::methods::patterns;

namespace {

const MineMode kModes[] = {MineMode::All, MineMode::TopDiscrimination, MineMode::TopDivergence};

void same(const MineResult& a, const MineResult& b, const MineOptions& o) {
  INFO("mode " << to_string(o.mode) << " k " << o.k);
  REQUIRE(a.patterns.size() == b.patterns.size());
  for (std::size_t i = 0; i < a.patterns.size(); ++i) {
    CHECK(a.patterns[i].key == b.patterns[i].key);
    CHECK(a.patterns[i].score == b.patterns[i].score);  // bit-identical: same operations
  }
  if (o.mode == MineMode::All) CHECK(a.qualifying == b.qualifying);
}

// Runs the search as two "ranks" in one process: frontier handed over, thresholds shared.
MineResult two_ranks(const PatternModel& model, const MineOptions& o) {
  PatternSearch r0(model, o), r1(model, o);
  r0.start();
  while (r0.frontier_size() + r1.frontier_size() > 0) {
    r0.step(7);
    r1.step(7);
    if (r1.frontier_size() == 0) r1.take(r0.give(r0.frontier_size() / 2));
    const double t = std::min(r0.threshold(), r1.threshold());
    r0.tighten(t);
    r1.tighten(t);
  }
  return r0.merge({r0.findings(), r1.findings()});
}

// One round of the search's all-reduce between two "ranks": summaries summed, learned by both.
void share(PatternSearch& r0, PatternSearch& r1, std::uint64_t& round) {
  std::vector<std::uint64_t> a(r0.summary_words(), 0), b(r1.summary_words(), 0);
  REQUIRE(a.size() == b.size());
  r0.summary(round, a.data());
  r1.summary(round, b.data());
  const std::size_t maxima = r0.summary_max_words();
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = i < maxima ? std::max(a[i], b[i]) : a[i] + b[i];
  r0.learn(round, a.data());
  r1.learn(round, a.data());
  ++round;
}

// As two ranks that share histograms (a round after every step, one final round, the closing
// rounds), as frontier_search runs them; `sent`: the patterns both findings() carry.
MineResult two_ranks_shared(const PatternModel& model, const MineOptions& o, std::uint64_t& sent) {
  PatternSearch r0(model, o), r1(model, o);
  r0.partition(0, 2);
  r1.partition(1, 2);
  r0.start();
  std::uint64_t round = 0;
  while (r0.frontier_size() + r1.frontier_size() > 0) {
    r0.step(50);
    r1.step(50);
    if (r1.frontier_size() == 0) r1.take(r0.give(r0.frontier_size() / 2));
    share(r0, r1, round);
  }
  share(r0, r1, round);
  std::vector<std::uint64_t> c0, c1;
  for (int round = 0;; ++round) {
    const bool more = r0.closing(c0);
    REQUIRE(more == r1.closing(c1));
    if (!more) break;
    REQUIRE(round < 6);  // 64 bits, 12 at a time
    REQUIRE(c0.size() == c1.size());
    for (std::size_t i = 0; i < c0.size(); ++i) c0[i] += c1[i];
    r0.settle(c0);
    r1.settle(c0);
  }
  const std::vector<std::string> findings{r0.findings(), r1.findings()};
  sent = 0;
  for (const auto& f : findings) {
    std::uint64_t head[4];
    std::memcpy(head, f.data(), sizeof head);
    sent += head[3];
  }
  return r0.merge(findings);
}

}  // namespace

TEST_CASE("patterns: Delta~ optimum clipped to [l, u] bounds a dense grid", "[patterns]") {
  Rng rng(3, "patterns.delta_tilde");
  for (int t = 0; t < 200; ++t) {
    const double a = rng.uniform(), b = rng.uniform();
    double l = rng.uniform(), u = rng.uniform();
    if (l > u) std::swap(l, u);
    double hi = -2, lo = 2;
    for (int i = 0; i <= 2000; ++i) {
      const double g = l + (u - l) * i / 2000.0;
      hi = std::max(hi, delta_tilde(a, b, g));
      lo = std::min(lo, delta_tilde(a, b, g));
    }
    CHECK(delta_tilde_max(a, b, l, u) >= hi - 1e-12);
    CHECK(delta_tilde_max(a, b, l, u) <= hi + 1e-6);  // the grid is fine enough
    CHECK(delta_tilde_min(a, b, l, u) <= lo + 1e-12);
    CHECK(delta_tilde_min(a, b, l, u) >= lo - 1e-6);
  }
}

TEST_CASE("patterns: bounds hold on every extension (random models)", "[patterns]") {
  Rng rng(5, "patterns.bounds");
  const std::vector<std::size_t> levels{2, 3, 2, 2, 3, 2};
  const std::vector<bool> sens{true, false, true, true, false, false};
  for (int m = 0; m < 20; ++m) {
    const auto nb = test::random_nb(levels, rng);
    const double delta = m % 2 ? 0.02 : 0.1;
    const PatternModel model(nb, sens, delta);
    for (int t = 0; t < 10; ++t) {
      const std::size_t first_free = rng.uniform_index(4);
      PatternKey prefix(levels.size(), 0);
      for (std::size_t f = 0; f < first_free; ++f)
        prefix[f] = static_cast<std::uint8_t>(rng.uniform_index(model.options(f)));
      const auto b = model.bounds(model.products(prefix), first_free);
      // Enumerate the subtree and compare.
      MineOptions o{MineMode::All, 0, false};
      PatternSearch s(model, o);
      PatternKey key = prefix;
      std::vector<PatternKey> stack{prefix};
      std::function<void(std::size_t)> walk = [&](std::size_t from) {
        const auto sc = model.scores(model.products(key));
        CHECK(sc.delta <= b.delta_max + 1e-12);
        CHECK(sc.delta >= b.delta_min - 1e-12);
        CHECK(sc.divergence <= b.divergence_prop3 * (1 + 1e-9) + 1e-15);
        CHECK(sc.divergence <= b.divergence_prop4 * (1 + 1e-9) + 1e-15);
        for (std::size_t f = from; f < key.size(); ++f)
          for (std::size_t st = 1; st < model.options(f); ++st) {
            key[f] = static_cast<std::uint8_t>(st);
            walk(f + 1);
            key[f] = 0;
          }
      };
      walk(first_free);
    }
  }
}

TEST_CASE("patterns: ranks sharing histograms send exactly the k best (and ties)", "[patterns]") {
  // Enough patterns that the k-th best score's histogram bin holds many: without the closing
  // round every rank would also send the rest of that bin.
  Rng rng(5, "patterns.closing");
  const std::vector<std::size_t> levels{3, 3, 2, 3, 3, 2, 3, 3, 2, 3, 3};
  const std::vector<bool> sens{true,  false, true, false, false, true,
                               false, false, true, false, false};
  for (int m = 0; m < 2; ++m) {
    const PatternModel model(test::random_nb(levels, rng), sens, 0.02);
    for (auto mode : {MineMode::TopDiscrimination, MineMode::TopDivergence}) {
      const MineOptions o{mode, 3000, true};
      const auto brute = brute_force(model, o);
      std::uint64_t sent = 0;
      const auto shared = two_ranks_shared(model, o, sent);
      same(shared, brute, o);
      // Every pattern scoring at least the k-th best, and nothing else, is sent once.
      const auto all = brute_force(model, {mode, 100000, true});  // more than there are
      const double kth = brute.patterns.back().score;
      std::uint64_t at_least = 0;
      for (const auto& p : all.patterns) at_least += p.score >= kth ? 1 : 0;
      INFO("mode " << to_string(mode));
      CHECK(brute.patterns.size() == o.k);
      CHECK(sent == at_least);
    }
  }
}

TEST_CASE("patterns: a share of the frontier is every other node; asked for all, all",
          "[patterns]") {
  Rng rng(3, "patterns.give");
  const std::vector<std::size_t> levels{2, 3, 2, 2, 3, 2, 2};
  const std::vector<bool> sens{true, false, true, true, false, false, true};
  const PatternModel model(test::random_nb(levels, rng), sens, 0.01);
  const MineOptions o{MineMode::All, 10, true};  // the cut stays at delta: no node goes stale
  PatternSearch whole(model, o), share(model, o);
  for (auto* s : {&whole, &share}) {  // the same steps: the same stack
    s->start();
    while (s->frontier_size() > 0 && s->frontier_size() < 6) s->step(1);
  }
  const std::uint64_t n = whole.frontier_size();
  REQUIRE(n >= 6);
  const auto lines = [](const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1)
      out.push_back(text.substr(at, end - at));
    return out;
  };
  const auto all = lines(whole.give(n));
  CHECK(all.size() == n);
  CHECK(whole.frontier_size() == 0);
  const auto half = lines(share.give(n / 2));
  REQUIRE(half.size() == n / 2);
  for (std::size_t i = 0; i < half.size(); ++i) CHECK(half[i] == all[2 * i]);  // bottom first
  CHECK(share.frontier_size() == n - n / 2);
}

TEST_CASE("patterns: miner equals brute force on random models, every mode", "[patterns]") {
  Rng rng(11, "patterns.random");
  const std::vector<std::size_t> levels{2, 3, 2, 2, 3, 2, 2};
  const std::vector<bool> sens{true, false, true, true, false, false, true};
  for (int m = 0; m < 6; ++m) {
    const auto nb = test::random_nb(levels, rng);
    for (double delta : {0.01, 0.05, 0.1}) {
      const PatternModel model(nb, sens, delta);
      for (auto mode : kModes)
        for (std::size_t k : {1, 7, 40}) {
          const MineOptions o{mode, k, true};
          const auto brute = brute_force(model, o);
          const auto mined = mine_serial(model, o);
          same(mined, brute, o);
          same(two_ranks(model, o), brute, o);
          CHECK(brute.visited == static_cast<std::uint64_t>(brute.total_nodes));
          CHECK(mined.visited <= brute.visited);
        }
    }
  }
}

TEST_CASE("patterns: miner equals brute force on COMPAS, every mode", "[patterns][real]") {
  const auto data = test::load_fairnb("compas");
  if (!data.ok) {
    WARN("SKIP: no " << test::fairnb_dir());
    return;
  }
  const auto nb = learn::NaiveBayes::fit(data.table);
  for (double delta : {0.01, 0.05, 0.1}) {
    const PatternModel model(nb, data.sensitive, delta);
    for (auto mode : kModes)
      for (std::size_t k : {1, 10, 100}) {
        const MineOptions o{mode, k, true};
        const auto brute = brute_force(model, o);
        same(mine_serial(model, o), brute, o);
        same(two_ranks(model, o), brute, o);
        CHECK(brute.total_nodes == 16875);     // 5^4 3^3
        CHECK(brute.total_patterns == 14688);  // the paper's "15K"
      }
  }
}

TEST_CASE("patterns: miner equals brute force on Adult (whole tree)", "[patterns][real]") {
  const auto data = test::load_fairnb("adult");
  if (!data.ok) {
    WARN("SKIP: no " << test::fairnb_dir());
    return;
  }
  const auto nb = learn::NaiveBayes::fit(data.table);
  const PatternModel model(nb, data.sensitive, 0.05);
  for (auto mode : kModes) {
    const MineOptions o{mode, 10, true};
    const auto brute = brute_force(model, o);
    same(mine_serial(model, o), brute, o);
    CHECK(brute.total_patterns == 10707552);  // the paper's "11M"
  }
}

TEST_CASE("patterns: miner equals brute force on sampled German subtrees", "[patterns][real]") {
  const auto data = test::load_fairnb("german");
  if (!data.ok) {
    WARN("SKIP: no " << test::fairnb_dir());
    return;
  }
  // The whole tree has 5^4 3^17 = 8.1e10 nodes: check random subtrees below depth-10 prefixes.
  const auto nb = learn::NaiveBayes::fit(data.table);
  Rng rng(17, "patterns.german");
  for (int t = 0; t < 4; ++t) {
    const PatternModel model(nb, data.sensitive, t % 2 ? 0.05 : 0.1);
    const std::size_t first_free = 10;
    PatternKey prefix(model.features(), 0);
    for (std::size_t f = 0; f < first_free; ++f)
      prefix[f] = static_cast<std::uint8_t>(rng.uniform_index(model.options(f)));
    for (auto mode : kModes) {
      const MineOptions o{mode, 10, true};
      const auto brute = brute_force_subtree(model, o, prefix, first_free);
      PatternSearch s(model, o);
      s.start_at(prefix, first_free);
      while (s.frontier_size() > 0) s.step(1000);
      same(s.merge({s.findings()}), brute, o);
    }
  }
}
