#include "methods/patterns/miner.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <numeric>
#include <sstream>
#include <string_view>

#include "core/error.hpp"
#include "core/fresh_memory.hpp"
#include "core/process_memory.hpp"
#include "core/score_sort.hpp"

namespace adm::methods::patterns {
namespace {

constexpr char kDigits[] = "0123456789abcdef";
// A rank's findings start with visited, qualifying, expanded and the number of entries.
constexpr std::size_t kHeadWords = 4;

void append_hex(std::string& out, const std::uint8_t* key, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    out += kDigits[key[i] >> 4];
    out += kDigits[key[i] & 15];
  }
}

int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Decodes 2 n hex digits into key[0, n).
void unhex(std::string_view text, std::size_t n, std::uint8_t* key) {
  bool ok = text.size() == 2 * n;
  for (std::size_t i = 0; ok && i < n; ++i) {
    const int hi = nibble(text[2 * i]), lo = nibble(text[2 * i + 1]);
    ok = hi >= 0 && lo >= 0;
    key[i] = static_cast<std::uint8_t>(16 * hi + lo);
  }
  if (!ok) throw InternalError("pattern search: bad node text '" + std::string(text) + "'");
}

void tree_size(const PatternModel& model, MineResult& r) {
  double all = 1, no_x = 1;
  for (std::size_t f = 0; f < model.features(); ++f) {
    all *= static_cast<double>(model.options(f));
    no_x *= static_cast<double>(1 + model.levels(f));
  }
  r.total_nodes = all;
  r.total_patterns = all - no_x;
}

// Collects qualifying patterns: the count, and the k best by (score, key) with all their scores.
struct Collector {
  const PatternModel& model;
  const MineOptions& options;
  TopPatterns best{options.k, model.features()};
  std::uint64_t qualifying = 0;

  double floor() const { return options.mode == MineMode::TopDivergence ? 0.0 : model.delta(); }
  void offer(const std::uint8_t* key, const PatternProducts& prod) {
    const bool divergence = options.mode == MineMode::TopDivergence;
    const PatternScores s = model.scores(prod, divergence);
    const double score = ranked_score(s, divergence);
    if (!(score > floor())) return;
    ++qualifying;
    if (best.admits(score, key)) best.offer(score, key, model.scores(prod));
  }
};

}  // namespace

const char* to_string(MineMode mode) {
  switch (mode) {
    case MineMode::All:
      return "all";
    case MineMode::TopDiscrimination:
      return "top_discrimination";
    case MineMode::TopDivergence:
      return "top_divergence";
  }
  return "?";
}

PatternSearch::PatternSearch(const PatternModel& model, MineOptions options)
    : model_(model),
      options_(options),
      frontier_(model.features(), kDiveUnits),
      key_(model.features(), 0),
      best_(options.k, model.features()),
      fan_(model.features() + 1, 0) {
  for (std::size_t f = model.features(); f-- > 0;) fan_[f] = fan_[f + 1] + model.options(f) - 1;
}

double PatternSearch::floor() const {
  return options_.mode == MineMode::TopDivergence ? 0.0 : model_.delta();
}

double PatternSearch::cut() const {
  double c = std::max(floor(), remote_cut_);
  if (options_.mode != MineMode::All && best_.has_cut()) c = std::max(c, best_.cut());
  return c;
}

void PatternSearch::tighten(double threshold) {
  if (options_.mode != MineMode::All) remote_cut_ = std::max(remote_cut_, -threshold);
}

double PatternSearch::bound_of(const PatternBounds& b) const {
  return options_.mode == MineMode::TopDivergence ? b.divergence_max
                                                  : std::max(b.delta_max, -b.delta_min);
}

bool PatternSearch::keep(double bound) const {
  if (!options_.use_bounds) return true;
  // A little slack against rounding: only subtrees that surely cannot qualify, and cannot beat or
  // tie the k-th best score, are dropped.
  const double b = bound * (1 + 1e-9) + 1e-15;
  return b > floor() && b >= cut();
}

void PatternSearch::visit(const std::uint8_t* key, const PatternProducts& prod) {
  ++visited_;
  // Without x, Delta = 0 and so is the divergence (|Delta| <= delta): never above the floor.
  if (!prod.has_x && model_.delta() >= 0) return;
  const bool divergence = options_.mode == MineMode::TopDivergence;
  const PatternScores s = model_.scores(prod, divergence);
  const double score = ranked_score(s, divergence);
  if (!(score > floor())) return;
  ++qualifying_;
  // Below the cut it is worse than k patterns found already (here, or over all ranks).
  double bar = best_.has_cut() ? best_.cut() : 0.0;
  if (options_.mode != MineMode::All) bar = std::max(bar, remote_cut_);
  if (score < bar) return;
  best_.offer(score, key);
  if (shared_) {
    const std::size_t bin = TopCandidates::bin_of(score);
    shared_->count(bin);
    if (node_) node_->count(bin);
    raise_remote_cut();
  }
}

void PatternSearch::start_at(const PatternKey& prefix, std::size_t first_free) {
  if (prefix.size() != model_.features() || first_free > model_.features())
    throw InternalError("pattern search: bad start node");
  const PatternProducts prod = model_.products(prefix);
  visit(prefix.data(), prod);
  ++unbilled_;
  if (first_free < model_.features())
    frontier_.push(prefix.data(), {first_free, prod, bound_of(model_.bounds(prod, first_free))});
}

void PatternSearch::start() { start_at(PatternKey(model_.features(), 0), 0); }

void PatternSearch::settle_frontier() {
  frontier_.settle([this](const Node& node) { return cost_of(node) > 0; });
}

void PatternSearch::push_children(const Node& node) {
  const std::size_t n = model_.features();
  const bool divergence = options_.mode == MineMode::TopDivergence;
  children_.clear();
  for (std::size_t f = node.next; f < n; ++f) {  // children differ from the node in one feature
    for (std::size_t s = 1; s < model_.options(f); ++s) {
      key_[f] = static_cast<std::uint8_t>(s);
      const PatternProducts prod = model_.extend(node.prod, f, key_[f]);
      visit(key_.data(), prod);
      if (f + 1 == n) continue;
      const double bound = bound_of(model_.bounds(prod, f + 1, divergence));
      if (keep(bound)) children_.push_back({bound, static_cast<std::uint32_t>(f), key_[f], prod});
    }
    key_[f] = 0;
  }
  // The most promising child is popped first, so the k-th best score (the cut) rises early. Ties:
  // the smaller key first; a child assigning an earlier feature, or a higher state of the same
  // feature, has the larger key.
  order_.resize(children_.size());
  std::iota(order_.begin(), order_.end(), 0u);
  std::sort(order_.begin(), order_.end(), [this](std::uint32_t i, std::uint32_t j) {
    const Child &a = children_[i], &b = children_[j];
    if (a.bound != b.bound) return a.bound < b.bound;
    return a.f != b.f ? a.f < b.f : a.s > b.s;
  });
  for (const std::uint32_t i : order_) {
    const Child& c = children_[i];
    key_[c.f] = c.s;
    frontier_.push(key_.data(), {c.f + std::size_t{1}, c.prod, c.bound});
    key_[c.f] = 0;
  }
}

std::uint64_t PatternSearch::cost_of(const Node& node) const {
  return keep(node.bound) ? fan_[node.next] : 0;  // the cut may have risen since it was pushed
}

std::uint64_t PatternSearch::next_cost() const {
  return std::max<std::uint64_t>(1, unbilled_ + (frontier_.empty() ? 0 : cost_of(frontier_.top())));
}

// Pops nodes while their children fit in the budget; pruned nodes cost nothing, but a step pops at
// most `budget` of them too, so it stays short. A step always does something (the first node may
// exceed a budget below next_cost(); frontier_search never passes one).
std::uint64_t PatternSearch::step(std::uint64_t budget) {
  // The node budget does not bound memory (a top-1,000,000 mine keeps a million candidates): the
  // process's resident set is looked at before each step (a few us; a step is ~0.5 ms or more).
  if (options_.max_memory_mb > 0 &&
      static_cast<double>(resident_bytes()) > options_.max_memory_mb * 1048576.0)
    memory_stop_ = true;
  if (memory_stop_) return 0;
  const std::size_t n = model_.features();
  std::uint64_t done = unbilled_, popped = 0;
  unbilled_ = 0;
  while (popped < budget && !frontier_.empty()) {
    settle_frontier();             // a dive that is over hands on to the best parked node
    if (frontier_.empty()) break;  // every parked node was pruned
    const std::uint64_t cost = cost_of(frontier_.top());
    if (done + cost > budget && (done > 0 || popped > 0)) break;
    const Node node = frontier_.top();
    std::copy(frontier_.top_key(), frontier_.top_key() + n, key_.begin());
    frontier_.pop();
    ++popped;
    if (cost == 0) continue;
    ++expanded_;
    push_children(node);
    frontier_.spend(cost);
    done += cost;
  }
  settle_frontier();  // so that next_cost() reads the node the next step expands first
  if (node_ && node_->publish()) raise_remote_cut();  // once a step: a few atomic adds
  return done;
}

// Every other live node, the current dive's parked first: giver and taker each keep a mix of the
// best parked nodes (what the serial order would expand soon) and of later ones, so both raise the
// shared cut as early as one rank would. (Giving the depth-first stack's bottom half sent the
// taker the subtrees the serial order reaches last, when the cut is high; taken early, they cost
// extra nodes, and many were pruned at once, so the taker ran dry again within milliseconds.)
// Nodes the cut has pruned since they were pushed are dropped on the way, not given.
std::string PatternSearch::give(std::uint64_t count) {
  const std::size_t nf = model_.features();
  std::string out;
  frontier_.split(
      count, [this](const Node& node) { return cost_of(node) > 0; },
      [&](const std::uint8_t* key, const Node& node) {
        out += std::to_string(node.next);
        out += ' ';
        append_hex(out, key, nf);
        out += '\n';
      });
  settle_frontier();
  return out;
}

void PatternSearch::take(const std::string& nodes) {
  const bool divergence = options_.mode == MineMode::TopDivergence;
  std::istringstream in(nodes);
  std::size_t next;
  std::string key_text;
  PatternKey key(model_.features());
  while (in >> next >> key_text) {
    unhex(key_text, key.size(), key.data());
    const PatternProducts prod = model_.products(key);
    frontier_.park(key.data(), {next, prod, bound_of(model_.bounds(prod, next, divergence))});
  }
  settle_frontier();
}

// (score, index) side by side, sorted by score in O(n) (a radix sort: the candidates' scores are
// often within a few of their 2^16 bins, so a counting sort by bin left nearly all of the work to a
// comparison sort); keys order only runs of equal scores.
std::vector<std::uint32_t> PatternSearch::best_in_order(double c) const {
  const std::size_t n = model_.features();
  // Sized by a count, not by all candidates: at several ranks a rank holds about as many
  // candidates as one rank does (each compacts at its own k-th best), but sends only its share.
  // (Grown by doubling, it would touch fresh memory each time.)
  std::vector<ScoredIndex> sorted;
  reserve_fresh(sorted, candidates_at_or_above(c));
  for (std::size_t i = 0; i < best_.size(); ++i)
    if (best_.score(i) >= c) sorted.push_back({best_.score(i), static_cast<std::uint32_t>(i)});
  sort_by_descending_score(sorted);
  const std::size_t keep = std::min<std::size_t>(sorted.size(), options_.k);
  for (auto run = sorted.begin(); run - sorted.begin() < static_cast<std::ptrdiff_t>(keep);) {
    const auto end = std::find_if(run, sorted.end(),
                                  [&](const ScoredIndex& e) { return e.score != run->score; });
    if (end - run > 1)
      std::sort(run, end, [&](const ScoredIndex& a, const ScoredIndex& b) {
        return std::memcmp(best_.key(a.index), best_.key(b.index), n) < 0;  // as PatternKey's <
      });
    run = end;
  }
  std::vector<std::uint32_t> order(keep);
  for (std::size_t j = 0; j < keep; ++j) order[j] = sorted[j].index;
  return order;
}

// Binary: visited, qualifying, expanded and m (8 bytes each), then m entries (FoundPatterns'
// layout), best first. Only what can still be among the k best over all ranks is sent: patterns at
// or above the cut (which the summaries exchanged when the search ended made global), and of those
// at most this rank's own k best. Each rank sorts its own and computes their full scores (the
// search scored only what it ranks by), so merge() is a linear merge, not a serial sort and
// rescoring of every rank's patterns.
double PatternSearch::findings_cut() const {
  return options_.mode == MineMode::All ? -1.0 : std::max(cut(), final_cut_);
}

std::size_t PatternSearch::candidates_at_or_above(double c) const {
  std::size_t count = 0;
  for (std::size_t i = 0; i < best_.size(); ++i) count += best_.score(i) >= c;
  return count;
}

// findings()'s size, from the same count best_in_order() sizes its list by.
std::optional<std::size_t> PatternSearch::findings_bytes() const {
  const std::size_t count =
      std::min<std::size_t>(candidates_at_or_above(findings_cut()), options_.k);
  return kHeadWords * sizeof(std::uint64_t) + count * FoundPatterns::entry_bytes(model_.features());
}

std::string PatternSearch::findings() const {
  const std::size_t n = model_.features(), entry = FoundPatterns::entry_bytes(n);
  const std::vector<std::uint32_t> sent = best_in_order(findings_cut());
  const std::uint64_t head[kHeadWords] = {visited_, qualifying_, expanded_, sent.size()};
  std::string out = fresh_string(sizeof head + sent.size() * entry);
  std::memcpy(out.data(), head, sizeof head);
  char* p = out.data() + sizeof head;
  // In blocks (scores_of interleaves keys); the keys are read in score order, i.e. at random, so
  // the next block's are fetched while this one is scored.
  constexpr std::size_t kBlock = 32;
  const std::uint8_t* keys[kBlock];
  PatternScores scores[kBlock];
  for (std::size_t j = 0; j < sent.size(); j += kBlock) {
    const std::size_t m = std::min(kBlock, sent.size() - j);
    for (std::size_t i = 0; i < m; ++i) keys[i] = best_.key(sent[j + i]);
    for (std::size_t i = j + kBlock; i < std::min(j + 2 * kBlock, sent.size()); ++i)
      __builtin_prefetch(best_.key(sent[i]));
    model_.scores_of(keys, m, scores);
    for (std::size_t i = 0; i < m; ++i, p += entry) FoundPatterns::encode(p, scores[i], keys[i], n);
  }
  return out;
}

// The k best of every rank's sorted candidates by (score, key): a merge of sorted lists, which
// stay in the findings' buffers.
MineResult PatternSearch::merge(std::vector<std::string> findings) const {
  MineResult r;
  tree_size(model_, r);
  const std::size_t n = model_.features(), entry = FoundPatterns::entry_bytes(n);
  std::vector<std::size_t> offsets, counts;
  for (const auto& text : findings) {
    std::uint64_t head[kHeadWords];
    if (text.size() < sizeof head) throw InternalError("pattern search: short findings");
    std::memcpy(head, text.data(), sizeof head);
    if (text.size() != sizeof head + head[3] * entry)
      throw InternalError("pattern search: findings of the wrong size");
    r.visited += head[0];
    r.qualifying += head[1];
    r.expanded += head[2];
    offsets.push_back(sizeof head);
    counts.push_back(head[3]);
  }
  r.patterns = FoundPatterns(n, options_.mode == MineMode::TopDivergence, std::move(findings),
                             offsets, counts, options_.k);
  // The search's scores are the model's (same products, same operations); should rounding ever
  // differ, the order still follows the scores written.
  r.patterns.put_in_order();
  if (options_.mode != MineMode::All) r.qualifying = 0;  // pruned searches do not count
  return r;
}

MineResult mine_serial(const PatternModel& model, const MineOptions& options) {
  PatternSearch search(model, options);
  search.start();
  std::uint64_t scored = 0;
  while (search.frontier_size() > 0 && !search.wants_stop()) {
    std::uint64_t budget = std::max<std::uint64_t>(1 << 16, search.next_cost());
    if (options.max_nodes > 0) {
      if (scored + search.next_cost() > options.max_nodes) break;
      budget = std::min(budget, options.max_nodes - scored);
    }
    scored += search.step(budget);
  }
  std::vector<std::string> findings;
  findings.push_back(search.findings());  // moved: a braced list would copy megabytes
  MineResult r = search.merge(std::move(findings));
  r.complete = search.frontier_size() == 0;
  r.stopped_by_memory = search.wants_stop();
  return r;
}

MineResult mine(dist::Communicator& comm, const PatternModel& model, const MineOptions& options,
                dist::FrontierStats* stats) {
  PatternSearch search(model, options);
  dist::FrontierStats local;
  dist::FrontierOptions fo;
  fo.max_nodes = options.max_nodes;
  fo.slice_seconds = options.slice_seconds;
  fo.step_budget = 1 << 20;  // units are nodes scored (~0.2 us each): the slice sizes the steps
  fo.findings_on_root_only = options.root_only;
  MineResult r = search.merge(dist::frontier_search(comm, search, fo, stats ? stats : &local));
  r.complete = (stats ? stats : &local)->complete;
  r.stopped_by_memory = (stats ? stats : &local)->stopped_by_method;  // the only stop it asks for
  return r;
}

MineResult brute_force_subtree(const PatternModel& model, const MineOptions& options,
                               const PatternKey& prefix, std::size_t first_free) {
  Collector c{model, options};
  MineResult r;
  PatternKey key = prefix;
  // Every assignment of states to the free features, no bounds. Products are extended feature by
  // feature in increasing order, the same operations as products(key), so scores are identical.
  std::function<void(std::size_t, const PatternProducts&)> walk = [&](std::size_t f,
                                                                      const PatternProducts& prod) {
    if (f == model.features()) {
      c.offer(key.data(), prod);
      ++r.visited;
      return;
    }
    for (std::size_t s = 0; s < model.options(f); ++s) {
      key[f] = static_cast<std::uint8_t>(s);
      walk(f + 1, s == 0 ? prod : model.extend(prod, f, key[f]));
    }
    key[f] = 0;
  };
  walk(first_free, model.products(prefix));
  tree_size(model, r);
  r.patterns =
      FoundPatterns(model.features(), options.mode == MineMode::TopDivergence, c.best.sorted());
  r.qualifying = c.qualifying;
  return r;
}

MineResult brute_force(const PatternModel& model, const MineOptions& options) {
  return brute_force_subtree(model, options, PatternKey(model.features(), 0), 0);
}

}  // namespace adm::methods::patterns
