#include "methods/patterns/miner.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <sstream>

#include "core/error.hpp"

namespace adm::methods::patterns {
namespace {

std::string hex(const PatternKey& key) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (auto b : key) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

PatternKey unhex(const std::string& text, std::size_t features) {
  if (text.size() != 2 * features)
    throw InternalError("pattern search: bad node text '" + text + "'");
  PatternKey key(features);
  for (std::size_t i = 0; i < features; ++i)
    key[i] = static_cast<std::uint8_t>(std::stoi(text.substr(2 * i, 2), nullptr, 16));
  return key;
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

// Collects qualifying patterns: the count, and the k best by (score, key).
struct Collector {
  const PatternModel& model;
  const MineOptions& options;
  std::set<FoundPattern, BetterPattern> best;
  std::uint64_t qualifying = 0;

  double floor() const { return options.mode == MineMode::TopDivergence ? 0.0 : model.delta(); }
  void offer(const PatternKey& key, const PatternProducts& prod) {
    const bool divergence = options.mode == MineMode::TopDivergence;
    const PatternScores s = model.scores(prod, divergence);
    const double score = divergence ? s.divergence : std::abs(s.delta);
    if (!(score > floor())) return;
    ++qualifying;
    if (options.k == 0) return;
    if (best.size() == options.k) {  // compare before copying the key
      const auto& worst = *best.rbegin();
      if (score < worst.score || (score == worst.score && !(key < worst.key))) return;
    }
    best.insert(FoundPattern{key, score, model.scores(prod)});
    if (best.size() > options.k) best.erase(std::prev(best.end()));
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
    : model_(model), options_(options) {}

double PatternSearch::floor() const {
  return options_.mode == MineMode::TopDivergence ? 0.0 : model_.delta();
}

double PatternSearch::cut() const {
  double c = std::max(floor(), remote_cut_);
  if (options_.mode != MineMode::All && options_.k > 0 && best_.size() == options_.k)
    c = std::max(c, best_.rbegin()->score);
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

void PatternSearch::visit(const PatternKey& key, const PatternProducts& prod) {
  ++visited_;
  const bool divergence = options_.mode == MineMode::TopDivergence;
  const PatternScores s = model_.scores(prod, divergence);
  const double score = divergence ? s.divergence : std::abs(s.delta);
  if (!(score > floor())) return;
  ++qualifying_;
  if (options_.k == 0) return;
  if (best_.size() == options_.k) {  // compare before copying the key
    const auto& worst = *best_.rbegin();
    if (score < worst.score || (score == worst.score && !(key < worst.key))) return;
  }
  best_.insert(FoundPattern{key, score, s});
  ++inserted_;
  if (best_.size() > options_.k) best_.erase(std::prev(best_.end()));
}

PatternSearch::Points PatternSearch::local_points() const {
  // Rebuilt only after the best set changed by a 32nd: a walk of the set costs O(k).
  const std::size_t m = best_.size();
  if (!local_points_.empty() && (inserted_ - inserted_at_summary_) * 32 < m) return local_points_;
  inserted_at_summary_ = inserted_;
  local_points_.clear();
  std::size_t i = 0, j = 1;
  for (auto it = best_.begin(); it != best_.end(); ++it, ++i) {
    if (i + 1 < (j * m + 63) / 64) continue;
    local_points_.emplace_back(static_cast<double>(i + 1), it->score);
    ++j;
  }
  return local_points_;
}

std::string PatternSearch::summary() const {
  if (options_.mode == MineMode::All || options_.k == 0 || best_.empty()) return {};
  std::vector<double> flat;
  for (const auto& [count, score] : local_points()) flat.insert(flat.end(), {count, score});
  std::string out(flat.size() * sizeof(double), '\0');
  std::memcpy(out.data(), flat.data(), out.size());
  return out;
}

void PatternSearch::learn(int rank, const std::string& summary) {
  if (options_.mode == MineMode::All || options_.k == 0 || rank < 0) return;
  if (remote_points_.size() <= static_cast<std::size_t>(rank))
    remote_points_.resize(static_cast<std::size_t>(rank) + 1);
  std::vector<double> flat(summary.size() / sizeof(double));
  std::memcpy(flat.data(), summary.data(), flat.size() * sizeof(double));
  Points points;
  for (std::size_t i = 0; i + 1 < flat.size(); i += 2) points.emplace_back(flat[i], flat[i + 1]);
  remote_points_[static_cast<std::size_t>(rank)] = std::move(points);
  update_remote_cut();
}

// Patterns found on different ranks are different nodes of the tree, so their counts add up: the
// cut is the largest score s with sum over ranks of (patterns scoring >= s) >= k. Stale summaries
// only undercount, which keeps the cut safe.
void PatternSearch::update_remote_cut() {
  std::vector<const Points*> all;
  const Points local = local_points();
  all.push_back(&local);
  for (const auto& p : remote_points_) all.push_back(&p);
  const auto count_at_least = [](const Points& p, double s) {
    double c = 0;  // points: counts ascending, scores descending
    for (const auto& [count, score] : p) {
      if (score < s) break;
      c = count;
    }
    return c;
  };
  for (const Points* p : all)
    for (const auto& point : *p) {
      const double s = point.second;
      if (s <= remote_cut_) continue;
      double total = 0;
      for (const Points* q : all) total += count_at_least(*q, s);
      if (total >= static_cast<double>(options_.k)) remote_cut_ = s;
    }
}

void PatternSearch::start_at(const PatternKey& prefix, std::size_t first_free) {
  if (prefix.size() != model_.features() || first_free > model_.features())
    throw InternalError("pattern search: bad start node");
  const PatternProducts prod = model_.products(prefix);
  visit(prefix, prod);
  if (first_free < model_.features())
    frontier_.push_back({prefix, first_free, prod, bound_of(model_.bounds(prod, first_free))});
}

void PatternSearch::start() { start_at(PatternKey(model_.features(), 0), 0); }

void PatternSearch::push_children(const Node& node) {
  const std::size_t n = model_.features();
  const bool divergence = options_.mode == MineMode::TopDivergence;
  const std::size_t first = frontier_.size();
  PatternKey key = node.key;  // children differ from it in one feature
  for (std::size_t f = node.next; f < n; ++f) {
    for (std::size_t s = 1; s < model_.options(f); ++s) {
      key[f] = static_cast<std::uint8_t>(s);
      const PatternProducts prod = model_.extend(node.prod, f, key[f]);
      visit(key, prod);
      if (f + 1 == n) continue;
      const double bound = bound_of(model_.bounds(prod, f + 1, divergence));
      if (keep(bound)) frontier_.push_back({key, f + 1, prod, bound});
    }
    key[f] = 0;
  }
  // The most promising child is popped first, so the k-th best score (the cut) rises early.
  std::sort(frontier_.begin() + static_cast<std::ptrdiff_t>(first), frontier_.end(),
            [](const Node& a, const Node& b) {
              return a.bound != b.bound ? a.bound < b.bound : a.key > b.key;
            });
}

std::uint64_t PatternSearch::step(std::uint64_t budget) {
  std::uint64_t done = 0;
  while (done < budget && !frontier_.empty()) {
    Node node = std::move(frontier_.back());
    frontier_.pop_back();
    ++done;
    if (!keep(node.bound)) continue;
    ++expanded_;
    push_children(node);  // the cut may have risen since it was pushed
  }
  return done;
}

std::string PatternSearch::give(std::uint64_t count) {
  const std::size_t n = std::min<std::size_t>(count, frontier_.size());
  std::ostringstream out;
  for (std::size_t i = 0; i < n; ++i)
    out << frontier_[i].next << ' ' << hex(frontier_[i].key) << '\n';
  frontier_.erase(frontier_.begin(), frontier_.begin() + static_cast<std::ptrdiff_t>(n));
  return out.str();
}

void PatternSearch::take(const std::string& nodes) {
  std::istringstream in(nodes);
  std::size_t next;
  std::string key_text;
  while (in >> next >> key_text) {
    Node node{unhex(key_text, model_.features()), next, {}, 0};
    node.prod = model_.products(node.key);
    node.bound = bound_of(model_.bounds(node.prod, next, options_.mode == MineMode::TopDivergence));
    frontier_.push_back(std::move(node));
  }
}

std::string PatternSearch::findings() const {
  std::ostringstream out;
  out << visited_ << ' ' << qualifying_ << ' ' << expanded_ << '\n';
  for (const auto& p : best_) out << hex(p.key) << '\n';
  return out.str();
}

MineResult PatternSearch::merge(const std::vector<std::string>& findings) const {
  MineResult r;
  tree_size(model_, r);
  Collector all{model_, options_, {}, 0};
  for (const auto& text : findings) {
    std::istringstream in(text);
    std::uint64_t visited = 0, qualifying = 0, expanded = 0;
    in >> visited >> qualifying >> expanded;
    r.expanded += expanded;
    r.visited += visited;
    r.qualifying += qualifying;
    std::string key_text;
    while (in >> key_text) {
      const PatternKey key = unhex(key_text, model_.features());
      all.offer(key, model_.products(key));
    }
  }
  r.patterns.assign(all.best.begin(), all.best.end());
  if (options_.mode != MineMode::All) r.qualifying = 0;  // pruned searches do not count
  return r;
}

MineResult mine_serial(const PatternModel& model, const MineOptions& options) {
  PatternSearch search(model, options);
  search.start();
  std::uint64_t popped = 0;
  while (search.frontier_size() > 0) {
    std::uint64_t budget = 1 << 16;
    if (options.max_nodes > 0) {
      if (popped >= options.max_nodes) break;
      budget = std::min(budget, options.max_nodes - popped);
    }
    popped += search.step(budget);
  }
  MineResult r = search.merge({search.findings()});
  r.complete = search.frontier_size() == 0;
  return r;
}

MineResult mine(dist::Communicator& comm, const PatternModel& model, const MineOptions& options,
                dist::FrontierStats* stats) {
  PatternSearch search(model, options);
  dist::FrontierStats local;
  dist::FrontierOptions fo;
  fo.max_nodes = options.max_nodes;
  fo.slice_seconds = options.slice_seconds;
  const auto findings = dist::frontier_search(comm, search, fo, stats ? stats : &local);
  MineResult r = search.merge(findings);
  r.complete = (stats ? stats : &local)->complete;
  return r;
}

MineResult brute_force_subtree(const PatternModel& model, const MineOptions& options,
                               const PatternKey& prefix, std::size_t first_free) {
  Collector c{model, options, {}, 0};
  MineResult r;
  PatternKey key = prefix;
  // Every assignment of states to the free features, no bounds. Products are extended feature by
  // feature in increasing order, the same operations as products(key), so scores are identical.
  std::function<void(std::size_t, const PatternProducts&)> walk = [&](std::size_t f,
                                                                      const PatternProducts& prod) {
    if (f == model.features()) {
      c.offer(key, prod);
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
  r.patterns.assign(c.best.begin(), c.best.end());
  r.qualifying = c.qualifying;
  return r;
}

MineResult brute_force(const PatternModel& model, const MineOptions& options) {
  return brute_force_subtree(model, options, PatternKey(model.features(), 0), 0);
}

}  // namespace adm::methods::patterns
