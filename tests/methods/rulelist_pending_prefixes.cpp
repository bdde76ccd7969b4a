// Received prefixes wait in the queue as pending records (pending_prefixes.hpp) until an expansion
// keeps a child on their rank: the records keep every field, free ones are reused, a search that
// takes prefixes gives back exactly what it took, and routed searches on simulated ranks find the
// serial optimum.
#include <algorithm>
#include <catch2/catch.hpp>
#include <iterator>
#include <memory>
#include <tuple>

#include "methods/rulelist/pending_prefixes.hpp"
#include "methods/rulelist/search.hpp"
#include "rulelist_brute_force.hpp"

using namespace adm;
using namespace adm::methods::rulelist;

TEST_CASE("rulelist pending prefixes: records keep their prefix, free ones come back",
          "[rulelist][pending]") {
  PendingPrefixes pending;
  CHECK(pending.bytes() == 0);
  CHECK_FALSE(PendingPrefixes::fits(0));
  CHECK_FALSE(PendingPrefixes::fits(9));
  CHECK_THROWS(pending.add(std::vector<std::uint16_t>(9, 1), std::vector<std::uint8_t>(9, 0), 0));
  const std::size_t n = 140000;  // past the doubling segments (130816 records)
  std::vector<std::uint32_t> ids;
  std::vector<std::uint16_t> rules;
  std::vector<std::uint8_t> preds;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t k = i % 8 + 1;
    rules.resize(k);
    preds.resize(k);
    for (std::size_t j = 0; j < k; ++j) {
      rules[j] = static_cast<std::uint16_t>((i * 7 + j * 131) % 60000);
      preds[j] = (i >> j) & 1U;
    }
    ids.push_back(pending.add(rules, preds, static_cast<std::uint32_t>(3 * i)));
    REQUIRE(is_pending(ids.back()));
  }
  CHECK(pending.live() == n);
  CHECK(pending.bytes() == (130816 + 65536) * 24);
  for (std::size_t i = 0; i < n; i += 997) {
    pending.prefix(ids[i], rules, preds);
    const std::size_t k = i % 8 + 1;
    REQUIRE(rules.size() == k);
    REQUIRE(pending.at(ids[i]).depth == k);
    REQUIRE(pending.at(ids[i]).errors == 3 * i);
    for (std::size_t j = 0; j < k; ++j) {
      REQUIRE(rules[j] == (i * 7 + j * 131) % 60000);
      REQUIRE(preds[j] == ((i >> j) & 1U));
    }
  }
  pending.remove(ids[5]);
  pending.remove(ids[9]);
  CHECK_THROWS(pending.remove(ids[9]));  // already free
  CHECK(pending.live() == n - 2);
  const std::size_t bytes = pending.bytes();
  CHECK(pending.bytes_to_hold(2) == 0);
  CHECK(pending.bytes_to_hold(65536) == 65536 * 24);  // the last segment has 56384 left, 2 free
  const auto again = pending.add({4, 2}, {1, 0}, 17);
  CHECK((again == ids[9] || again == ids[5]));
  pending.prefix(again, rules, preds);
  CHECK(rules == std::vector<std::uint16_t>{4, 2});
  CHECK(preds == std::vector<std::uint8_t>{1, 0});
  CHECK(pending.bytes() == bytes);
  pending.reserve(100000);
  CHECK(pending.bytes_to_hold(100000) == 0);
}

namespace {

using Record = std::tuple<std::vector<std::uint16_t>, std::vector<std::uint8_t>, std::uint32_t,
                          std::uint32_t, double>;

std::vector<Record> records(const std::string& batch) {
  std::vector<Record> out;
  std::size_t pos = 0;
  WirePrefix p;
  while (read_prefix(batch, pos, p))
    out.emplace_back(p.rules, p.predictions, p.errors, p.captured, p.objective);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

// Short prefixes wait as pending records, a 10-rule one goes into the trie at once: give() hands
// back each as it came (the objective recounted from the rows equals the sender's).
TEST_CASE("rulelist pending prefixes: a search gives back what it took", "[rulelist][pending]") {
  const RuleSet set = test::random_rule_set(5, 300, 40, 2);
  SearchOptions o;
  o.regularization = 0.001;
  o.bounds.permutation_map = false;  // every prefix is queued
  RulelistSearch giver(set, o);
  giver.start();
  giver.step(200);
  std::string batch = giver.give(giver.frontier_size());
  // A 10-rule prefix as a search makes it: each rule predicts the majority label of the rows it
  // is first to capture (ties to 0), so a rule below a parent always predicts alike and received
  // paths may share the parent's nodes. Its counts row by row, as a sender would send them.
  std::vector<std::uint16_t> longest(10);
  std::vector<std::uint8_t> preds(10, 0);
  std::vector<std::size_t> first(set.rows, longest.size());  // the rule capturing each row first
  for (std::size_t i = 0; i < longest.size(); ++i) {
    longest[i] = static_cast<std::uint16_t>(3 * i);
    std::size_t cap = 0, pos = 0;
    for (std::size_t row = 0; row < set.rows; ++row)
      if (first[row] == longest.size() && set.rules[longest[i]].captures.get(row)) {
        first[row] = i;
        ++cap;
        pos += set.labels.get(row);
      }
    preds[i] = 2 * pos > cap ? 1 : 0;
  }
  std::size_t errors = 0, cap = 0, rest_pos = 0;
  for (std::size_t row = 0; row < set.rows; ++row)
    if (first[row] < longest.size()) {
      ++cap;
      errors += (preds[first[row]] != 0) != set.labels.get(row);
    } else {
      rest_pos += set.labels.get(row);
    }
  const std::size_t rest = set.rows - cap;
  const std::size_t e0 = 2 * rest_pos > rest ? rest - rest_pos : rest_pos;
  append_prefix(batch, longest, preds, static_cast<std::uint32_t>(errors),
                static_cast<std::uint32_t>(cap),
                objective_value(errors + e0, 10, 1.0 / set.rows, o.regularization), 0.0);
  const auto sent = records(batch);
  REQUIRE(sent.size() > 20);
  // Taken twice, the batch comes back twice but for one record: a give() takes every other entry
  // of the queue, so one is always left. Best-first never reads the objective and captured rows,
  // so they come back as 0 (and are not recounted).
  for (const Strategy order : {Strategy::Curiosity, Strategy::LowerBound}) {
    SearchOptions taking = o;
    taking.strategy = order;
    RulelistSearch taker(set, taking);
    taker.take(batch);
    taker.take(batch);
    CHECK(taker.frontier_size() == 2 * sent.size());
    std::string given;
    while (taker.frontier_size() > 1) given += taker.give(taker.frontier_size());
    const auto back = records(given);
    std::vector<Record> twice(sent);
    twice.insert(twice.end(), sent.begin(), sent.end());
    if (order == Strategy::LowerBound)
      for (auto& r : twice) std::get<3>(r) = 0, std::get<4>(r) = 0.0;
    std::sort(twice.begin(), twice.end());
    std::vector<Record> missing;
    std::set_difference(twice.begin(), twice.end(), back.begin(), back.end(),
                        std::back_inserter(missing));
    CHECK(back.size() == 2 * sent.size() - 1);
    CHECK(missing.size() == 1);  // so every record taken came back (and no other)
  }
}

// Children routed to the owner of their rule set, outboxes delivered after each round: the answer
// is the serial one, with and without a constraint, at 2 and 3 ranks.
TEST_CASE("rulelist pending prefixes: routed searches keep the optimum", "[rulelist][pending]") {
  const RuleSet set = test::random_rule_set(31, 150, 12, 2);
  for (const bool fair : {false, true}) {
    SearchOptions o;
    o.regularization = 0.004;
    o.max_length = 5;
    if (fair) o.fairness = FairnessConstraint{true, fairness::GapMetric::SP, 0.9, false};
    const auto serial = run_serial(set, o);
    for (int ranks : {2, 3}) {
      std::vector<std::unique_ptr<RulelistSearch>> s;
      for (int r = 0; r < ranks; ++r) {
        s.push_back(std::make_unique<RulelistSearch>(set, o));
        s.back()->partition(r, ranks);
      }
      s[0]->start();
      for (int round = 0; round < 100000; ++round) {
        for (auto& x : s) x->step(3);
        double t = s[0]->threshold();
        for (auto& x : s) t = std::min(t, x->threshold());
        bool busy = false;
        for (int to = 0; to < ranks; ++to) {
          s[to]->tighten(t);
          for (int from = 0; from < ranks; ++from)
            if (from != to) s[to]->take(s[from]->drain_outbox(to));
        }
        for (auto& x : s) busy = busy || !x->done();
        if (!busy) break;
      }
      std::vector<std::string> f;
      for (auto& x : s) f.push_back(x->findings());
      const auto merged = merge_findings(f);
      INFO("fair " << fair << " ranks " << ranks << " routed " << merged.stats.routed);
      CHECK(merged.complete);
      CHECK(merged.stats.routed > 40);
      CHECK(merged.best.objective == serial.best.objective);
      CHECK(encode(merged.best.list) == encode(serial.best.list));
    }
  }
}
