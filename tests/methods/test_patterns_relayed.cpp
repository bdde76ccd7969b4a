#include <catch2/catch.hpp>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "methods/patterns/node_cut.hpp"
#include "methods/patterns/relayed_cut.hpp"
#include "methods/patterns/rising_cut.hpp"

using namespace adm;
using namespace adm::methods::patterns;

namespace {

// A message in flight from one "rank" to a neighbour.
struct Letter {
  std::size_t to, link;  // the receiver and its link index for the sender
  std::string bytes;
};

}  // namespace

// Ranks in a tree (the frontier search's: parent (r - 1) / 4) count patterns and pass relays in
// random order and at random times. Checked against one histogram of every count made so far:
// no rank's cut is ever above the true cut (safe to prune), and once every relay is delivered each
// rank has heard every count exactly once (its cut is the true one).
TEST_CASE("patterns: relayed counts reach every rank once and never overshoot the cut",
          "[patterns]") {
  Rng rng(11, "patterns.relayed");
  for (int t = 0; t < 12; ++t) {
    const std::size_t ranks = 1 + static_cast<std::size_t>(t) * 3;  // 1 ... 34
    const std::uint64_t k = 50 + 20 * static_cast<std::uint64_t>(t);
    std::vector<std::vector<std::size_t>> links(ranks);  // neighbour ranks, parent first
    for (std::size_t r = 1; r < ranks; ++r) {
      links[r].insert(links[r].begin(), (r - 1) / 4);
      links[(r - 1) / 4].push_back(r);
    }
    std::vector<RelayedCut> cuts;
    for (std::size_t r = 0; r < ranks; ++r) cuts.emplace_back(k, links[r].size());
    RisingCut truth(TopCandidates::kBins, k);
    std::deque<Letter> post;
    auto send = [&](std::size_t r) {  // rank r relays on every link
      for (std::size_t i = 0; i < links[r].size(); ++i) {
        // As the miner does: bins below the sender's own cut are dropped.
        std::string bytes = cuts[r].message(i, cuts[r].reached() ? cuts[r].bin() : 0);
        if (bytes.empty()) continue;
        const std::size_t to = links[r][i];
        std::size_t back = 0;
        while (links[to][back] != r) ++back;
        post.push_back({to, back, std::move(bytes)});
      }
    };
    auto check_safe = [&] {
      for (std::size_t r = 0; r < ranks; ++r)
        if (cuts[r].reached()) {
          REQUIRE(truth.reached());
          REQUIRE(cuts[r].bin() <= truth.bin());
        }
    };
    for (int event = 0; event < 3000; ++event) {
      const std::size_t r = rng.uniform_index(ranks);
      if (rng.uniform() < 0.6) {
        // Scores cluster in a few hundred bins of a wide range, with ties across ranks.
        const std::size_t bin = 30000 + rng.uniform_index(400) * (rng.uniform() < 0.1 ? 50 : 1);
        cuts[r].count(bin);
        truth.add(bin, 1);
      } else if (rng.uniform() < 0.5) {
        send(r);
      } else if (!post.empty()) {  // deliver a random letter
        const std::size_t i = rng.uniform_index(post.size());
        const Letter l = post[i];
        post.erase(post.begin() + static_cast<std::ptrdiff_t>(i));
        cuts[l.to].hear(l.link, l.bytes);
      }
      check_safe();
    }
    // Drain: relay and deliver until no rank has anything left to send.
    for (bool more = true; more;) {
      more = false;
      for (std::size_t r = 0; r < ranks; ++r) send(r);
      while (!post.empty()) {
        cuts[post.front().to].hear(post.front().link, post.front().bytes);
        post.pop_front();
        more = true;
      }
      check_safe();
    }
    INFO("ranks " << ranks << " k " << k);
    for (std::size_t r = 0; r < ranks; ++r) {
      CHECK_FALSE(cuts[r].pending());
      CHECK(cuts[r].reached() == truth.reached());
      if (truth.reached()) CHECK(cuts[r].bin() == truth.bin());
    }
  }
}

TEST_CASE("patterns: a malformed relay is an internal error", "[patterns]") {
  RelayedCut cut(10, 2);
  CHECK(cut.message(0).empty());
  CHECK_FALSE(cut.pending());
  cut.count(5);
  CHECK(cut.pending());
  CHECK(cut.message(0).size() == 8);
  CHECK(cut.pending());  // link 1 still waits
  CHECK(cut.message(1).size() == 8);
  CHECK_FALSE(cut.pending());
  CHECK_THROWS(cut.hear(0, std::string(7, '\0')));
  CHECK_THROWS(cut.hear(2, std::string()));
  const std::uint32_t out_of_range[2] = {1u << 16, 1};
  CHECK_THROWS(cut.hear(0, std::string(reinterpret_cast<const char*>(out_of_range), 8)));
}

// Ranks of a node add their counts to one shared histogram: each reads a cut that is never above
// the true cut of the counts made so far, and once all have published, every rank reads the true
// cut (the one a single histogram of every count gives).
TEST_CASE("patterns: the node's shared counts give a safe cut that reaches the true one",
          "[patterns]") {
  Rng rng(13, "patterns.node_cut");
  for (int t = 0; t < 8; ++t) {
    const std::size_t ranks = 1 + static_cast<std::size_t>(t) * 2;
    const std::uint64_t k = 40 + 30 * static_cast<std::uint64_t>(t);
    const std::size_t floor_bin = 29000;
    std::vector<std::uint64_t> words(NodeCut::words(), 0);
    std::vector<NodeCut> cuts;
    for (std::size_t r = 0; r < ranks; ++r) cuts.emplace_back(k, floor_bin, words);
    RisingCut truth(TopCandidates::kBins, k);
    for (int event = 0; event < 4000; ++event) {
      const std::size_t r = rng.uniform_index(ranks);
      if (rng.uniform() < 0.7) {
        const std::size_t bin = 30000 + rng.uniform_index(300) * (rng.uniform() < 0.1 ? 80 : 1);
        cuts[r].count(bin);
        truth.add(bin, 1);
      } else {
        cuts[r].publish();
        if (cuts[r].reached()) {
          REQUIRE(truth.reached());
          REQUIRE(cuts[r].bin() <= truth.bin());
        }
      }
    }
    for (auto& c : cuts) c.publish();
    INFO("ranks " << ranks << " k " << k);
    for (auto& c : cuts) {
      c.publish();  // sees the counts the others published after its own
      CHECK(c.reached() == truth.reached());
      if (truth.reached()) CHECK(c.bin() == truth.bin());
    }
  }
}

// Several nodes of several ranks, as the miner runs them: the ranks of a node share one histogram
// (NodeCut), and the nodes' leaders relay along a tree (the frontier search's: leader i's parent is
// (i - 1) / 4) what their node added (drain) and fold in what they hear, at random times. Checked
// against one histogram of every count made: no rank's cut is ever above the true cut, and once
// everything is published, drained and delivered, every rank of every node reads the true cut (each
// count reached each node exactly once: a double count would overshoot it, a lost one fall short).
TEST_CASE("patterns: node leaders relay their node's counts, every node's ranks reach the true cut",
          "[patterns]") {
  Rng rng(17, "patterns.node_relays");
  for (int t = 0; t < 8; ++t) {
    const std::size_t nodes = 1 + static_cast<std::size_t>(t) * 2, per_node = 1 + t % 4;
    const std::uint64_t k = 60 + 25 * static_cast<std::uint64_t>(t);
    const std::size_t floor_bin = 29000;
    std::vector<std::vector<std::size_t>> links(nodes);  // neighbour nodes, parent first
    for (std::size_t n = 1; n < nodes; ++n) {
      links[n].insert(links[n].begin(), (n - 1) / 4);
      links[(n - 1) / 4].push_back(n);
    }
    std::vector<std::vector<std::uint64_t>> memory(nodes,
                                                   std::vector<std::uint64_t>(NodeCut::words(), 0));
    std::vector<std::vector<NodeCut>> ranks(nodes);  // ranks[n][0] is node n's leader
    std::vector<RelayedCut> relays;
    for (std::size_t n = 0; n < nodes; ++n) {
      for (std::size_t r = 0; r < per_node; ++r) ranks[n].emplace_back(k, floor_bin, memory[n]);
      relays.emplace_back(k, links[n].size());
    }
    RisingCut truth(TopCandidates::kBins, k);
    std::deque<Letter> post;
    auto relay = [&](std::size_t n) {  // as PatternSearch::relay, on every link of node n
      NodeCut& leader = ranks[n][0];
      leader.drain([&](std::size_t bin, std::uint64_t c) { relays[n].count(bin, c); });
      for (std::size_t i = 0; i < links[n].size(); ++i) {
        std::string bytes = relays[n].message(i, leader.reached() ? leader.bin() : 0);
        if (bytes.empty()) continue;
        const std::size_t to = links[n][i];
        std::size_t back = 0;
        while (links[to][back] != n) ++back;
        post.push_back({to, back, std::move(bytes)});
      }
    };
    auto deliver = [&](const Letter& l) {  // as PatternSearch::hear
      relays[l.to].hear(l.link, l.bytes,
                        [&](std::size_t bin, std::uint64_t c) { ranks[l.to][0].fold(bin, c); });
      ranks[l.to][0].publish();
    };
    auto check_safe = [&] {
      for (auto& node : ranks)
        for (auto& c : node)
          if (c.reached()) {
            REQUIRE(truth.reached());
            REQUIRE(c.bin() <= truth.bin());
          }
    };
    for (int event = 0; event < 4000; ++event) {
      const std::size_t n = rng.uniform_index(nodes), r = rng.uniform_index(per_node);
      const double u = rng.uniform();
      if (u < 0.55) {
        const std::size_t bin = 30000 + rng.uniform_index(300) * (rng.uniform() < 0.1 ? 80 : 1);
        ranks[n][r].count(bin);
        truth.add(bin, 1);
      } else if (u < 0.75) {
        ranks[n][r].publish();
      } else if (u < 0.9) {
        relay(n);
      } else if (!post.empty()) {
        const std::size_t i = rng.uniform_index(post.size());
        const Letter l = post[i];
        post.erase(post.begin() + static_cast<std::ptrdiff_t>(i));
        deliver(l);
      }
      check_safe();
    }
    for (auto& node : ranks)
      for (auto& c : node) c.publish();
    for (bool more = true; more;) {
      more = false;
      for (std::size_t n = 0; n < nodes; ++n) relay(n);
      while (!post.empty()) {
        deliver(post.front());
        post.pop_front();
        more = true;
      }
      check_safe();
    }
    INFO("nodes " << nodes << " ranks per node " << per_node << " k " << k);
    for (std::size_t n = 0; n < nodes; ++n) {
      CHECK_FALSE(ranks[n][0].marked());
      CHECK_FALSE(relays[n].pending());
      for (auto& c : ranks[n]) {
        c.publish();
        CHECK(c.reached() == truth.reached());
        if (truth.reached()) CHECK(c.bin() == truth.bin());
      }
    }
  }
}
