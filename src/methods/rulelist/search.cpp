#include "methods/rulelist/search.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <sstream>

#include "core/error.hpp"

namespace adm::methods::rulelist {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

bool canonically_better(double objective_a, const RuleList& a, double objective_b,
                        const RuleList& b) {
  if (objective_a != objective_b) return objective_a < objective_b;
  if (a.rules.size() != b.rules.size()) return a.rules.size() < b.rules.size();
  return a.rules < b.rules;
}

RulelistSearch::RulelistSearch(const RuleSet& set, SearchOptions options)
    : set_(set),
      options_(options),
      bounds_(effective_bounds(options)),
      inv_rows_(set.rows ? 1.0 / static_cast<double>(set.rows) : 0.0),
      support_floor_(options.lambda * static_cast<double>(set.rows) * (1.0 - 1e-9)),
      groups_(set),
      queue_(options.strategy),
      threshold_(kInf),
      in_prefix_(set.rules.size(), 0),
      captured_(set.rows),
      uncaptured_(set.rows),
      scratch_(set.rows) {
  check_search_options(options);
  check_rule_set(set);
  if (options.fairness.active && set.groups.size() < 2)
    throw InputError("rulelist: a fairness constraint needs at least two sensitive groups in " +
                     set.source);
  if (set.rows >= std::numeric_limits<std::uint32_t>::max())
    throw InputError("rulelist: too many rows for the search (" + std::to_string(set.rows) + ")");
}

void RulelistSearch::start() {
  prefix_.clear();
  predictions_.clear();
  const std::size_t pos = set_.positives();
  const std::uint8_t dflt = 2 * pos > set_.rows ? 1 : 0;
  consider(bound(dflt ? set_.rows - pos : pos, 0), dflt);
  queue_.push(trie_.root(), 0, 0.0, best_.objective, 0.0);
  stats_.queued += 1;
}

void RulelistSearch::consider(double objective, std::uint8_t default_prediction) {
  if (objective > threshold_) return;
  RuleList list{prefix_, predictions_, default_prediction};
  if (best_.found && !canonically_better(objective, list, best_.objective, best_.list)) return;
  double unfairness = fairness::kNaN;
  if (options_.fairness.active) {
    ++stats_.fairness_checks;
    unfairness = groups_.unfairness(predict(set_, list), options_.fairness.metric);
    if (!options_.fairness.accepts(unfairness)) {
      ++stats_.fairness_rejections;
      return;
    }
  }
  best_ = Incumbent{true, std::move(list), objective, unfairness};
  threshold_ = std::min(threshold_, objective);
  ++stats_.incumbent_updates;
}

void RulelistSearch::load_prefix(std::uint32_t node) {
  for (auto r : prefix_) in_prefix_[r] = 0;
  trie_.prefix(node, prefix_, predictions_);
  captured_.clear();
  for (auto r : prefix_) {
    captured_ |= set_.rules[r].captures;
    in_prefix_[r] = 1;
  }
  uncaptured_ = ~captured_;
}

std::uint64_t RulelistSearch::step(std::uint64_t budget) {
  std::uint64_t done = 0;
  while (done < budget && !queue_.empty() && !stop_) {
    expand(queue_.pop());
    ++done;
    check_limits();
  }
  return done;
}

void RulelistSearch::check_limits() {
  stats_.peak_queue = std::max<std::uint64_t>(stats_.peak_queue, queue_.size());
  stats_.peak_trie_nodes = std::max<std::uint64_t>(stats_.peak_trie_nodes, trie_.live());
  const double bytes = static_cast<double>(trie_.bytes() + queue_.bytes() + permutations_.bytes());
  stats_.peak_bytes = std::max(stats_.peak_bytes, bytes);
  if (options_.max_memory_mb > 0 && bytes > options_.max_memory_mb * 1048576.0)
    stop_ = stats_.stopped_by_memory = true;
  if (options_.max_trie_nodes > 0 && trie_.live() > options_.max_trie_nodes)
    stop_ = stats_.stopped_by_trie = true;
}

void RulelistSearch::expand(const QueueEntry& entry) {
  const TrieNode node = trie_.node(entry.node);
  load_prefix(entry.node);
  const std::size_t k = node.depth;
  const std::size_t ep = node.errors;
  // Children have k + 1 rules and at least ep (+ the uncaptured equivalent-point minority) errors.
  bool drop = options_.max_length != 0 && k >= options_.max_length;
  if (!drop && bounds_.permutation_map && k > 1 && !permutations_.is_best(prefix_)) drop = true;
  if (!drop && bounds_.lookahead && bound(ep, k + 1) > threshold_) drop = true;
  if (!drop && bounds_.hierarchical && bound(ep, k) > threshold_) drop = true;
  if (!drop && bounds_.equivalent_points) {
    const std::size_t b0 = fast_count_and(uncaptured_, set_.minority);
    if (bound(ep + b0, bounds_.lookahead ? k + 1 : k) > threshold_) drop = true;
  }
  if (drop) {
    ++stats_.dropped_at_pop;
    trie_.dequeue(entry.node);
    return;
  }
  ++stats_.expanded;
  const std::size_t uncaptured = set_.rows - node.captured;
  const std::size_t uncaptured_pos = fast_count_and(uncaptured_, set_.labels);
  const bool leaf_children = options_.max_length != 0 && k + 1 >= options_.max_length;
  prefix_.push_back(0);
  predictions_.push_back(0);
  for (std::size_t r = 0; r < set_.rules.size(); ++r) {
    if (in_prefix_[r]) continue;
    const Bits& rule = set_.rules[r].captures;
    const ChildCounts counts = child_counts(uncaptured_, rule, set_.labels, set_.minority);
    const std::size_t cap = counts.captured;
    if (cap == 0) continue;  // captures nothing new: same predictions as the shorter list
    ++stats_.children;
    const std::size_t pos = counts.positive;
    const std::uint8_t pred = 2 * pos > cap ? 1 : 0;
    const std::size_t err = pred ? cap - pos : pos;
    if (bounds_.support && static_cast<double>(cap) < support_floor_) {
      ++stats_.pruned_support;
      continue;
    }
    if (bounds_.accurate_support && static_cast<double>(cap - err) < support_floor_) {
      ++stats_.pruned_accurate_support;
      continue;
    }
    const std::size_t ep_child = ep + err;
    if (bounds_.hierarchical && bound(ep_child, k + 1) > threshold_) {
      ++stats_.pruned_hierarchical;
      continue;
    }
    const std::size_t rest = uncaptured - cap, rest_pos = uncaptured_pos - pos;
    const std::uint8_t dflt = 2 * rest_pos > rest ? 1 : 0;
    const double objective = bound(ep_child + (dflt ? rest - rest_pos : rest_pos), k + 1);
    prefix_.back() = static_cast<std::uint16_t>(r);
    predictions_.back() = pred;
    consider(objective, dflt);
    if (leaf_children) continue;
    if (bounds_.lookahead && bound(ep_child, k + 2) > threshold_) {
      ++stats_.pruned_lookahead;
      continue;
    }
    if (bounds_.equivalent_points) {
      const std::size_t b0 = counts.minority_left;
      if (bound(ep_child + b0, bounds_.lookahead ? k + 2 : k + 1) > threshold_) {
        ++stats_.pruned_equivalent;
        continue;
      }
    }
    if (bounds_.permutation_map && k + 1 > 1 &&
        !permutations_.admit(prefix_, static_cast<std::uint32_t>(ep_child))) {
      ++stats_.pruned_permutation;
      continue;
    }
    const std::size_t captured = node.captured + cap;
    const auto child =
        trie_.add(entry.node, static_cast<std::uint16_t>(r), pred,
                  static_cast<std::uint32_t>(ep_child), static_cast<std::uint32_t>(captured), true);
    queue_.push(child, static_cast<std::uint8_t>(k + 1), bound(ep_child, k + 1), objective,
                static_cast<double>(captured) * inv_rows_);
    ++stats_.queued;
  }
  prefix_.pop_back();
  predictions_.pop_back();
  trie_.dequeue(entry.node);
}

void RulelistSearch::tighten(double threshold) { threshold_ = std::min(threshold_, threshold); }

std::string RulelistSearch::give(std::uint64_t count) {
  const auto nodes = queue_.take_shallowest(count, [](std::uint32_t) { return true; });
  std::ostringstream out;
  std::vector<std::uint16_t> rules;
  std::vector<std::uint8_t> preds;
  for (auto n : nodes) {
    trie_.prefix(n, rules, preds);
    for (std::size_t i = 0; i < rules.size(); ++i) out << (i ? "," : "") << rules[i];
    out << "\n";
    trie_.dequeue(n);
  }
  return out.str();
}

void RulelistSearch::take(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::uint16_t> rules;
    std::istringstream items(line);
    std::string item;
    while (std::getline(items, item, ','))
      rules.push_back(static_cast<std::uint16_t>(std::stoul(item)));
    // Rebuild the path with its cached counts; only the last node is queued.
    Bits captured(set_.rows);
    std::uint32_t node = trie_.root();
    std::size_t errors = 0, count = 0;
    for (std::size_t i = 0; i < rules.size(); ++i) {
      const Bits& rule = set_.rules.at(rules[i]).captures;
      Bits fresh = rule;
      fresh.and_not(captured);
      const std::size_t cap = fresh.count(), pos = count_and(fresh, set_.labels);
      const bool pred = 2 * pos > cap;
      errors += pred ? cap - pos : pos;
      count += cap;
      captured |= rule;
      node = trie_.add(node, rules[i], pred, static_cast<std::uint32_t>(errors),
                       static_cast<std::uint32_t>(count), i + 1 == rules.size());
    }
    if (rules.size() > 1 && bounds_.permutation_map &&
        !permutations_.admit(rules, static_cast<std::uint32_t>(errors))) {
      ++stats_.pruned_permutation;
      trie_.dequeue(node);
      continue;
    }
    const std::size_t rest = set_.rows - count;
    Bits left = ~captured;
    const std::size_t rest_pos = count_and(left, set_.labels);
    const std::size_t e0 = 2 * rest_pos > rest ? rest - rest_pos : rest_pos;
    queue_.push(node, static_cast<std::uint8_t>(rules.size()), bound(errors, rules.size()),
                bound(errors + e0, rules.size()), static_cast<double>(count) * inv_rows_);
    ++stats_.queued;
  }
  check_limits();
}

SearchResult RulelistSearch::result() const {
  SearchResult r;
  r.best = best_;
  r.stats = stats_;
  r.complete = queue_.empty() && !stop_;
  return r;
}

void SearchStats::add(const SearchStats& o) {
  expanded += o.expanded;
  children += o.children;
  queued += o.queued;
  dropped_at_pop += o.dropped_at_pop;
  pruned_support += o.pruned_support;
  pruned_accurate_support += o.pruned_accurate_support;
  pruned_hierarchical += o.pruned_hierarchical;
  pruned_lookahead += o.pruned_lookahead;
  pruned_equivalent += o.pruned_equivalent;
  pruned_permutation += o.pruned_permutation;
  fairness_checks += o.fairness_checks;
  fairness_rejections += o.fairness_rejections;
  incumbent_updates += o.incumbent_updates;
  peak_trie_nodes = std::max(peak_trie_nodes, o.peak_trie_nodes);
  peak_queue = std::max(peak_queue, o.peak_queue);
  peak_bytes = std::max(peak_bytes, o.peak_bytes);
  stopped_by_memory = stopped_by_memory || o.stopped_by_memory;
  stopped_by_trie = stopped_by_trie || o.stopped_by_trie;
}

}  // namespace adm::methods::rulelist
