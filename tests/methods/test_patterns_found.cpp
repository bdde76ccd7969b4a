#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "methods/patterns/found_patterns.hpp"
#include "methods/patterns/pattern_model.hpp"
#include "patterns_test_util.hpp"

using namespace adm;
using namespace adm::methods::patterns;

namespace {

bool same_bits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// Every key of a small model: every state of every feature, x states included.
std::vector<PatternKey> every_key(const PatternModel& model) {
  std::vector<PatternKey> all;
  PatternKey key(model.features(), 0);
  for (;;) {
    all.push_back(key);
    std::size_t f = 0;  // next key, odometer style
    while (f < key.size() && ++key[f] == model.options(f)) key[f++] = 0;
    if (f == key.size()) break;
  }
  return all;
}

// Every pattern of a small random model with its scores.
std::vector<FoundPattern> every_pattern(const PatternModel& model, bool divergence) {
  std::vector<FoundPattern> all;
  for (const PatternKey& key : every_key(model)) {
    const PatternScores s = model.scores(model.products(key));
    all.push_back({key, divergence ? s.divergence : std::abs(s.delta), s});
  }
  return all;
}

// A findings-like buffer: a header of `head` bytes, then the patterns' entries in the given order.
std::string buffer_of(const std::vector<FoundPattern>& list, std::size_t key_size,
                      std::size_t head) {
  const std::size_t entry = FoundPatterns::entry_bytes(key_size);
  std::string out(head + list.size() * entry, '\x7f');
  for (std::size_t i = 0; i < list.size(); ++i)
    FoundPatterns::encode(out.data() + head + i * entry, list[i].scores, list[i].key.data(),
                          key_size);
  return out;
}

}  // namespace

// findings() rescoring a key with products_of (the flat factor table, no checks) must reproduce the
// search's scores exactly: the search built the same products by extend(), one feature at a time.
TEST_CASE("patterns: products_of a key equals products() and the extend chain, bit for bit",
          "[patterns]") {
  Rng rng(12, "patterns.found.products");
  const std::vector<std::size_t> levels{2, 3, 2, 4, 2};
  const std::vector<bool> sens{true, false, true, true, false};
  for (int t = 0; t < 10; ++t) {
    const PatternModel model(test::random_nb(levels, rng), sens, 0.05);
    std::size_t checked = 0;
    for (const PatternKey& key : every_key(model)) {
      PatternProducts chain = model.empty();
      for (std::size_t f = 0; f < key.size(); ++f) chain = model.extend(chain, f, key[f]);
      const PatternProducts a = model.products(key), b = model.products_of(key.data());
      for (const PatternProducts* p : {&a, static_cast<const PatternProducts*>(&chain)}) {
        const double x[] = {p->ax, p->bx, p->ay, p->by, p->xa_max, p->xb_max, p->xa_min, p->xb_min};
        const double y[] = {b.ax, b.bx, b.ay, b.by, b.xa_max, b.xb_max, b.xa_min, b.xb_min};
        for (std::size_t i = 0; i < 8; ++i) REQUIRE(same_bits(x[i], y[i]));
        REQUIRE(p->has_x == b.has_x);
      }
      ++checked;
    }
    REQUIRE(checked == 5 * 4 * 5 * 9 * 3);  // every state of every feature, x states included
  }
}

TEST_CASE("patterns: a found pattern's entry gives back its scores bit for bit", "[patterns]") {
  Rng rng(11, "patterns.found.entry");
  const std::vector<std::size_t> levels{2, 3, 2, 2};
  const std::vector<bool> sens{true, false, true, false};
  for (int t = 0; t < 20; ++t) {
    // delta < 0 makes patterns without x qualify too (their Delta is exactly 0).
    const PatternModel model(test::random_nb(levels, rng), sens, t % 2 ? 0.02 : -0.01);
    for (const bool divergence : {false, true})
      for (const auto& p : every_pattern(model, divergence)) {
        std::string e(FoundPatterns::entry_bytes(p.key.size()), '\0');
        FoundPatterns::encode(e.data(), p.scores, p.key.data(), p.key.size());
        const PatternScores back = FoundPatterns::decode_scores(e.data());
        CHECK(same_bits(back.delta, p.scores.delta));
        CHECK(same_bits(back.divergence, p.scores.divergence));
        CHECK(same_bits(back.p_xy, p.scores.p_xy));
        CHECK(same_bits(back.p_d_xy, p.scores.p_d_xy));
        CHECK(same_bits(back.p_d_y, p.scores.p_d_y));
        CHECK(same_bits(FoundPatterns::ranking_score(e.data(), divergence), p.score));
        CHECK(std::memcmp(e.data() + 4 * sizeof(double), p.key.data(), p.key.size()) == 0);
      }
  }
}

TEST_CASE("patterns: merging sorted lists keeps the k best of all, best first", "[patterns]") {
  Rng rng(12, "patterns.found.merge");
  const std::vector<std::size_t> levels{2, 2, 3, 2, 2};
  const std::vector<bool> sens{true, false, false, true, false};
  for (int t = 0; t < 30; ++t) {
    const bool divergence = t % 2 == 1;
    const PatternModel model(test::random_nb(levels, rng), sens, 0.01);
    auto all = every_pattern(model, divergence);
    // Ties on the score: the order between them is by key.
    if (t % 3 == 0)
      for (std::size_t i = 1; i < all.size(); i += 2) all[i].scores = all[i - 1].scores;
    for (auto& p : all)
      p.score = divergence ? p.scores.divergence : std::abs(p.scores.p_d_xy - p.scores.p_d_y);
    const std::size_t lists = 1 + rng.uniform_index(4), k = rng.uniform_index(all.size() + 3);
    std::vector<std::vector<FoundPattern>> parts(lists);
    for (const auto& p : all) parts[rng.uniform_index(lists)].push_back(p);
    std::vector<std::string> buffers;
    std::vector<std::size_t> offsets, counts;
    for (auto& part : parts) {
      std::sort(part.begin(), part.end(), BetterPattern{});
      const std::size_t head = rng.uniform_index(40);
      buffers.push_back(buffer_of(part, model.features(), head));
      offsets.push_back(head);
      counts.push_back(part.size());
    }
    const FoundPatterns found(model.features(), divergence, std::move(buffers), offsets, counts, k);
    std::sort(all.begin(), all.end(), BetterPattern{});
    all.resize(std::min(all.size(), k));
    INFO("try " << t << ", " << lists << " lists, k " << k);
    REQUIRE(found.size() == all.size());
    CHECK(found.in_order());
    std::size_t i = 0;
    for (const FoundPattern p : found) {  // the range-for a pipeline writes with
      CHECK(p.key == all[i].key);
      CHECK(same_bits(p.score, all[i].score));
      CHECK(same_bits(found.scores(i).p_xy, all[i].scores.p_xy));
      ++i;
    }
    CHECK(i == all.size());
  }
}

TEST_CASE("patterns: found patterns out of order are sorted by score, then key", "[patterns]") {
  Rng rng(13, "patterns.found.order");
  const PatternModel model(test::random_nb({2, 2, 2}, rng), {true, false, false}, 0.0);
  auto all = every_pattern(model, false);
  std::vector<FoundPattern> shuffled = all;
  for (std::size_t i = shuffled.size(); i-- > 1;)
    std::swap(shuffled[i], shuffled[rng.uniform_index(i + 1)]);
  // The constructor for lists already sorted trusts its input; put_in_order does not.
  FoundPatterns found(model.features(), false, shuffled);
  found.put_in_order();
  std::sort(all.begin(), all.end(), BetterPattern{});
  REQUIRE(found.size() == all.size());
  for (std::size_t i = 0; i < all.size(); ++i) CHECK(found[i].key == all[i].key);
  CHECK(found.back().key == all.back().key);
}

// The merge checks each list's order as it goes (put_in_order then skips its own pass): a list out
// of order must still be noticed, and the whole result sorted.
TEST_CASE("patterns: merged lists out of order are noticed and sorted", "[patterns]") {
  Rng rng(14, "patterns.found.merge_order");
  const PatternModel model(test::random_nb({2, 3, 2, 2}, rng), {true, false, true, false}, 0.0);
  for (int t = 0; t < 20; ++t) {
    auto all = every_pattern(model, t % 2 == 1);
    for (auto& p : all)
      p.score = t % 2 ? p.scores.divergence : std::abs(p.scores.p_d_xy - p.scores.p_d_y);
    std::vector<std::vector<FoundPattern>> parts(2);
    for (const auto& p : all) parts[rng.uniform_index(2)].push_back(p);
    std::vector<std::string> buffers;
    std::vector<std::size_t> offsets, counts;
    for (std::size_t l = 0; l < parts.size(); ++l) {
      std::sort(parts[l].begin(), parts[l].end(), BetterPattern{});
      // One list in order but for one pair of neighbours swapped.
      if (l == static_cast<std::size_t>(t % 2) && parts[l].size() >= 2) {
        const std::size_t i = rng.uniform_index(parts[l].size() - 1);
        std::swap(parts[l][i], parts[l][i + 1]);
      }
      buffers.push_back(buffer_of(parts[l], model.features(), 0));
      offsets.push_back(0);
      counts.push_back(parts[l].size());
    }
    FoundPatterns found(model.features(), t % 2 == 1, std::move(buffers), offsets, counts,
                        all.size());
    found.put_in_order();
    std::sort(all.begin(), all.end(), BetterPattern{});
    REQUIRE(found.size() == all.size());
    CHECK(found.in_order());
    for (std::size_t i = 0; i < all.size(); ++i) CHECK(found[i].key == all[i].key);
  }
}

// findings() scores its keys in blocks with scores_of (a table with factors of 1, four keys
// interleaved): every score must equal scores(products_of(key)) bit for bit, short blocks included.
TEST_CASE("patterns: scores_of a block of keys equals scores(products_of) bit for bit",
          "[patterns]") {
  Rng rng(13, "patterns.found.scores_of");
  const std::vector<std::size_t> levels{2, 3, 2, 4, 2};
  const std::vector<bool> sens{true, false, true, true, false};
  for (int t = 0; t < 10; ++t) {
    const PatternModel model(test::random_nb(levels, rng), sens, 0.05);
    const std::vector<PatternKey> all = every_key(model);
    for (const std::size_t block :
         {std::size_t{1}, std::size_t{3}, std::size_t{4}, std::size_t{7}}) {
      std::vector<PatternScores> got(all.size());
      for (std::size_t i = 0; i < all.size(); i += block) {
        const std::size_t m = std::min(block, all.size() - i);
        std::vector<const std::uint8_t*> keys;
        for (std::size_t j = 0; j < m; ++j) keys.push_back(all[i + j].data());
        model.scores_of(keys.data(), m, &got[i]);
      }
      for (std::size_t i = 0; i < all.size(); ++i) {
        const PatternScores want = model.scores(model.products_of(all[i].data()));
        REQUIRE(same_bits(got[i].delta, want.delta));
        REQUIRE(same_bits(got[i].divergence, want.divergence));
        REQUIRE(same_bits(got[i].p_xy, want.p_xy));
        REQUIRE(same_bits(got[i].p_d_xy, want.p_d_xy));
        REQUIRE(same_bits(got[i].p_d_y, want.p_d_y));
      }
    }
  }
}
