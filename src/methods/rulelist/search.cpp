#include "methods/rulelist/search.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <sstream>

#include "core/error.hpp"
#include "core/process_memory.hpp"
#include "core/splitmix.hpp"
#include "methods/rulelist/prefix_codec.hpp"

namespace adm::methods::rulelist {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMiB = 1048576.0;
// Room kept under a memory cap for what the search allocates beside its structures: the open
// bound's heap of up to 2^20 queue positions at the end (4 MiB) and the scratch bit vectors.
constexpr double kBoundHeadroom = 6 * kMiB;
// Expansions between two looks at the process's resident set (a few us each).
constexpr std::uint64_t kResidentEvery = 64;

}  // namespace

// Equal objectives are common (error counts are integers); breaking ties by length and then by
// the rule indices makes the answer independent of the order nodes were expanded in, so every rank
// count returns the same list.
bool canonically_better(double objective_a, const std::vector<std::uint16_t>& a, double objective_b,
                        const std::vector<std::uint16_t>& b) {
  if (objective_a != objective_b) return objective_a < objective_b;
  if (a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

bool canonically_better(double objective_a, const RuleList& a, double objective_b,
                        const RuleList& b) {
  return canonically_better(objective_a, a.rules, objective_b, b.rules);
}

RulelistSearch::RulelistSearch(const RuleSet& set, SearchOptions options)
    : set_(set),
      options_(options),
      bounds_(effective_bounds(options)),
      inv_rows_(set.rows ? 1.0 / static_cast<double>(set.rows) : 0.0),
      // A rule must capture at least regularization * n rows to pay for itself (Thm 10); the
      // margin keeps round-off from pruning a rule that captures exactly that many.
      support_floor_(options.regularization * static_cast<double>(set.rows) * (1.0 - 1e-9)),
      groups_(set),
      fair_(set, options),
      queue_(options.strategy),
      threshold_(kInf),
      in_prefix_(set.rules.size(), 0),
      captured_(set.rows),
      uncaptured_(set.rows),
      scratch_(set.rows),
      positive_(set.rows) {
  check_search_options(options);
  fair_perm_ = bounds_.permutation_map && fair_keyed_permutations(options);
  if (fair_perm_ && fair_.classes_on()) key_map_by_classes();
  need_cells_ = options.fairness.active;
  check_rule_set(set);
  if (options.fairness.active && set.groups.size() < 2)
    throw InputError("rulelist: a fairness constraint needs at least two sensitive groups in " +
                     set.source);
  if (set.rows >= std::numeric_limits<std::uint32_t>::max())
    throw InputError("rulelist: too many rows for the search (" + std::to_string(set.rows) + ")");
  if (options.max_memory_mb > 0) baseline_bytes_ = static_cast<double>(resident_bytes());
}

void RulelistSearch::partition(int rank, int ranks) {
  rank_ = rank;
  ranks_ = std::max(1, ranks);
  outbox_.assign(static_cast<std::size_t>(ranks_), {});
  // A prefix's owner rank comes from the sum of its rules' hashes: order-free, so every
  // permutation of one rule set lands on the same rank, whose permutation map can then compare
  // them (the symmetry-aware bound works across ranks as within one).
  rule_hash_.resize(set_.rules.size());
  for (std::size_t r = 0; r < rule_hash_.size(); ++r) rule_hash_[r] = splitmix64_mix(r + 1);
  if (class_keyed_) {
    class_hash_.resize(fair_.class_bound()->classes());
    for (std::size_t c = 0; c < class_hash_.size(); ++c) class_hash_[c] = splitmix64_mix(c + 1);
  }
}

int RulelistSearch::owner(std::uint64_t set_hash) const {
  return static_cast<int>(splitmix64_mix(set_hash) % static_cast<std::uint64_t>(ranks_));
}

std::size_t RulelistSearch::outbox_bytes(int rank) const {
  return rank >= 0 && static_cast<std::size_t>(rank) < outbox_.size()
             ? outbox_[static_cast<std::size_t>(rank)].size()
             : 0;
}

std::string RulelistSearch::drain_outbox(int rank) {
  std::string out;
  if (rank >= 0 && static_cast<std::size_t>(rank) < outbox_.size())
    out.swap(outbox_[static_cast<std::size_t>(rank)]);
  return out;
}

void RulelistSearch::start() {
  prefix_.clear();
  predictions_.clear();
  // The empty list (the default rule alone, predicting the majority label) is the first
  // candidate, so the threshold is finite before the first expansion.
  const std::size_t pos = set_.positives();
  const std::uint8_t dflt = 2 * pos > set_.rows ? 1 : 0;
  consider(bound(dflt ? set_.rows - pos : pos, 0), dflt);
  queue_.push(trie_.root(), 0, 0.0, best_.objective, 0.0);
  stats_.queued += 1;
}

void RulelistSearch::consider(double objective, std::uint8_t default_prediction,
                              const std::vector<GroupCells>* cells) {
  if (objective > threshold_ || (best_.found && objective > best_.objective)) return;
  // The list is copied only once it is the best (most candidates tie and lose here).
  if (best_.found && !canonically_better(objective, prefix_, best_.objective, best_.list.rules))
    return;
  double unfairness = fairness::kNaN;
  if (options_.fairness.active) {
    ++stats_.fairness_checks;
    unfairness =
        cells ? list_unfairness(*cells, default_prediction != 0, options_.fairness.metric)
              : groups_.unfairness(predict(set_, {prefix_, predictions_, default_prediction}),
                                   options_.fairness.metric);
    if (!options_.fairness.accepts(unfairness)) {
      ++stats_.fairness_rejections;
      return;
    }
  }
  best_ = Incumbent{true, {prefix_, predictions_, default_prediction}, objective, unfairness};
  threshold_ = std::min(threshold_, objective);
  ++stats_.incumbent_updates;
}

// The trie keeps only a node's rule and prediction; the rows its prefix captures are recomputed
// from the path when the node is expanded (bit operations over the rows), which costs far less than
// storing a capture vector per queued node.
void RulelistSearch::load_prefix(std::uint32_t queued) {
  for (auto r : prefix_) in_prefix_[r] = 0;
  prefix_of(queued, prefix_, predictions_);
  capture(prefix_, predictions_);
  for (auto r : prefix_) in_prefix_[r] = 1;
  uncaptured_ = ~captured_;
}

void RulelistSearch::capture(const std::vector<std::uint16_t>& rules,
                             const std::vector<std::uint8_t>& preds) {
  capture_rows(set_, rules, preds, captured_, need_cells_ ? &positive_ : nullptr, scratch_);
}

// Permutations of one rule set capture the same rows, so each group's captured rows by label are
// the same too; a group's rates for any completion then depend only on the counts the metric
// reads: predicted positives (SP), false positives (PE), true positives (EOpp), or both true and
// false positives (the others). Prefixes equal in those counts give every completion the same
// unfairness, and the one with fewer errors wins, as in CORELS (Cor. 16). Three bytes a count
// (four from 2^24 rows), written into one reused buffer.
std::string_view RulelistSearch::perm_key(const std::vector<GroupCells>& cells) {
  key_.clear();
  if (!fair_perm_) return key_;
  const int width = set_.rows < (std::size_t{1} << 24) ? 3 : 4;
  auto put = [&](std::uint32_t v) {
    for (int b = 0; b < width; ++b) key_.push_back(static_cast<char>(v >> (8 * b)));
  };
  for (const auto& c : cells) switch (options_.fairness.metric) {
      case fairness::GapMetric::SP:
        put(c.tp + c.fp);
        break;
      case fairness::GapMetric::PE:
        put(c.fp);
        break;
      case fairness::GapMetric::EOpp:
        put(c.tp);
        break;
      default:
        put(c.tp);
        put(c.fp);
    }
  return key_;
}

std::uint64_t RulelistSearch::step(std::uint64_t budget) {
  std::uint64_t done = 0;
  while (done < budget && !queue_.empty() && !stop_) {
    // A good incumbent first (in the configured order), then the order that proves it.
    if (options_.best_first_after > 0 && stats_.expanded >= options_.best_first_after)
      queue_.turn_best_first();
    // An expansion adds at most one child per rule, and to a pending prefix its trie path.
    const std::uint32_t next = queue_.top().node;
    const std::size_t path = is_pending(next) ? pending_.at(next).depth : 0;
    if (!make_room({set_.rules.size(), set_.rules.size() + path, path, 0})) {
      stop_ = stats_.stopped_by_memory = true;
      break;
    }
    expand(queue_.pop());
    ++done;
    check_limits();
  }
  return done;
}

// The received paths' map counts too: it may hold up to twice the live trie nodes. (It was a
// suspect for a 2-rank run's RSS above the cap; measured, it is small: 37k entries, 1.5 MiB, beside
// 6.5M live trie nodes after 60 s of Adult SP at 2 ranks.)
double RulelistSearch::structure_bytes() const {
  return static_cast<double>(trie_.bytes() + pending_.bytes() + queue_.bytes() +
                             permutations_.bytes() + received_paths_bytes(received_paths_.size()));
}

// A give() sends at most this much (a share of a frontier of millions was ~200 MB in one
// message, built on the giver and received whole by the taker): 1/32 of what the cap leaves
// beside the process's start, at least 64 KiB. Without a cap a give is not limited.
std::size_t RulelistSearch::give_bytes() const {
  if (options_.max_memory_mb <= 0) return 0;
  const double room = options_.max_memory_mb * kMiB - baseline_bytes_;
  return static_cast<std::size_t>(std::max(65536.0, room / 32));
}

// The cap is for the whole process (issue 28, item 15: structures stopped at 800 MiB with the
// process at 1,096). What it held when the search began (data, rules, libraries, MPI) stays, so
// the structures get the rest, less the room for a give being built and a received batch (several
// ranks) and the open bound's scratch at the end.
double RulelistSearch::structure_budget() const {
  double budget = options_.max_memory_mb * kMiB - baseline_bytes_ - kBoundHeadroom;
  if (ranks_ > 1) budget -= 2.0 * static_cast<double>(give_bytes());
  return budget;
}

// Under max_memory_mb the trie and queue grow ahead of an expansion: the trie by segments, the
// queue by doubling while that fits and near the cap by a quarter of what it leaves, so no
// doubling carries it past the cap. A growing queue copies itself into a new array while the old
// one is still allocated, so for that moment the old array counts twice.
bool RulelistSearch::make_room(const Growth& more) {
  if (options_.max_memory_mb <= 0) return true;
  const std::size_t paths = received_paths_.size() + more.paths;
  const std::size_t queue_growth = queue_.bytes_to_hold(more.queue);
  const double need = static_cast<double>(
      trie_.bytes_to_hold(more.trie) + pending_.bytes_to_hold(more.pending) + queue_growth +
      permutations_.bytes_to_hold(more.queue) + received_paths_bytes(paths) -
      received_paths_bytes(received_paths_.size()) + (queue_growth > 0 ? queue_.bytes() : 0));
  const double left = structure_budget() - structure_bytes() - need;
  if (left < 0) return false;
  const auto spare = static_cast<std::size_t>(left / 4);  // a quarter each: half stays free
  trie_.reserve(more.trie);
  pending_.reserve(more.pending);
  queue_.reserve(more.queue, spare);
  return true;
}

void RulelistSearch::check_limits() {
  stats_.peak_queue = std::max<std::uint64_t>(stats_.peak_queue, queue_.size());
  // Pending prefixes count as the trie nodes they stand for (at least one each).
  stats_.peak_trie_nodes = std::max<std::uint64_t>(stats_.peak_trie_nodes, live_nodes());
  const double bytes = structure_bytes();
  stats_.peak_bytes = std::max(stats_.peak_bytes, bytes);
  // The structures are counted exactly; the process's resident set is looked at now and then for
  // what they do not count (allocator slack, message buffers): past the cap, the search stops.
  if (options_.max_memory_mb > 0 &&
      (bytes > structure_budget() ||
       (++limit_checks_ % kResidentEvery == 0 &&
        static_cast<double>(resident_bytes()) > options_.max_memory_mb * kMiB)))
    stop_ = stats_.stopped_by_memory = true;
  if (options_.max_trie_nodes > 0 && live_nodes() > options_.max_trie_nodes)
    stop_ = stats_.stopped_by_trie = true;
  if (options_.time_limit > 0 &&
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count() >
          options_.time_limit)
    stop_ = stats_.stopped_by_time = true;
}

void RulelistSearch::expand(const QueueEntry& entry) {
  const PrefixHead head = head_of(entry.node);
  load_prefix(entry.node);
  const std::size_t k = head.depth;
  const std::size_t ep = head.errors;
  // Children have k + 1 rules and at least ep (+ the uncaptured equivalent-point minority) errors.
  bool drop = options_.max_length != 0 && k >= options_.max_length;
  if (need_cells_) fair_.cells(captured_, positive_, cells_);
  if (!drop && bounds_.permutation_map && k > 1 &&
      !permutations_.is_best(prefix_, static_cast<std::uint32_t>(ep), perm_key(cells_)))
    drop = true;
  if (!drop && bounds_.lookahead && bound(ep, k + 1) > threshold_) drop = true;
  if (!drop && bounds_.hierarchical && bound(ep, k) > threshold_) drop = true;
  if (!drop && bounds_.equivalent_points) {
    const std::size_t b0 = fast_count_and(uncaptured_, set_.minority);
    if (bound(ep + b0, bounds_.lookahead ? k + 1 : k) > threshold_) drop = true;
  }
  if (!drop && fair_.on()) {
    fair_.load_classes(captured_, classes_);  // bound (c), for this prefix and its children
    drop = fair_pruned(cells_, ep, bounds_.lookahead ? k + 1 : k, -1, nullptr);
  }
  if (drop) {
    ++stats_.dropped_at_pop;
    release(entry.node);
    return;
  }
  ++stats_.expanded;
  const std::size_t node_captured = fast_count_and(captured_, captured_);
  const std::size_t uncaptured = set_.rows - node_captured;
  const std::size_t uncaptured_pos = fast_count_and(uncaptured_, set_.labels);
  const bool leaf_children = options_.max_length != 0 && k + 1 >= options_.max_length;
  const std::uint64_t prefix_hash = ranks_ > 1 ? prefix_set_hash() : 0;
  // A pending prefix gets its trie path with its first child kept here (most are routed).
  std::uint32_t node = is_pending(entry.node) ? kNoNode : entry.node;
  prefix_.push_back(0);
  predictions_.push_back(0);
  for (std::size_t r = 0; r < set_.rules.size(); ++r) {
    if (in_prefix_[r]) continue;
    const Bits& rule = set_.rules[r].captures;
    const ChildCounts counts = child_counts(uncaptured_, rule, set_.labels, set_.minority);
    const std::size_t cap = counts.captured;
    if (cap == 0) continue;  // captures nothing new: same predictions as the shorter list
    ++stats_.children;
    // The rule predicts its captured rows' majority label: the error-
    // minimising prediction (ties to 0), so no other prediction needs a node.
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
    // The child as a finished list: its default rule takes the rows no rule captured.
    const std::uint8_t dflt = 2 * rest_pos > rest ? 1 : 0;
    const double objective = bound(ep_child + (dflt ? rest - rest_pos : rest_pos), k + 1);
    prefix_.back() = static_cast<std::uint16_t>(r);
    predictions_.back() = pred;
    if (need_cells_) fair_.child_cells(cells_, uncaptured_, rule, pred != 0, child_cells_);
    consider(objective, dflt, need_cells_ ? &child_cells_ : nullptr);
    if (leaf_children) continue;
    if (bounds_.lookahead && bound(ep_child, k + 2) > threshold_) {
      ++stats_.pruned_lookahead;
      continue;
    }
    // Errors every extension still makes on the rows the child leaves: the queue's key under a
    // constraint (unconstrained, the plain bound as in CORELS). The child's own list was just
    // considered, so what is left below it has at least one rule more: length k + 2 (lookahead).
    std::size_t least = fair_.on() && bounds_.equivalent_points ? counts.minority_left : 0;
    if (bounds_.equivalent_points) {
      const std::size_t b0 = counts.minority_left;
      if (bound(ep_child + b0, bounds_.lookahead ? k + 2 : k + 1) > threshold_) {
        ++stats_.pruned_equivalent;
        continue;
      }
    }
    if (fair_.on() && fair_pruned(child_cells_, ep_child, bounds_.lookahead ? k + 2 : k + 1,
                                  static_cast<int>(r), &least))
      continue;
    const std::size_t captured = node_captured + cap;
    const std::size_t extension_length = bounds_.lookahead ? k + 2 : k + 1;
    if (ranks_ > 1) {
      const int to = owner(child_set_hash(prefix_hash, r));
      if (to != rank_) {  // its owner applies the permutation map and queues it
        // With the child's queue bound (bound (c) and the others included), so that its owner
        // orders it as this rank would have.
        append_prefix(outbox_[static_cast<std::size_t>(to)], prefix_, predictions_,
                      static_cast<std::uint32_t>(ep_child), static_cast<std::uint32_t>(captured),
                      objective, bound(ep_child + least, extension_length));
        ++stats_.routed;
        continue;
      }
    }
    if (bounds_.permutation_map && k + 1 > 1 &&
        !permutations_.admit(prefix_, static_cast<std::uint32_t>(ep_child),
                             perm_key(child_cells_))) {
      ++stats_.pruned_permutation;
      continue;
    }
    if (node == kNoNode)
      node = build_path(prefix_, predictions_, k, static_cast<std::uint32_t>(ep));
    const auto child = trie_.add(node, static_cast<std::uint16_t>(r), pred,
                                 static_cast<std::uint32_t>(ep_child), true);
    queue_.push(child, static_cast<std::uint8_t>(k + 1), bound(ep_child + least, extension_length),
                objective, static_cast<double>(captured) * inv_rows_);
    ++stats_.queued;
  }
  prefix_.pop_back();
  predictions_.pop_back();
  release(entry.node);
  if (node != kNoNode && node != entry.node) trie_.dequeue(node);
}

bool RulelistSearch::fair_pruned(const std::vector<GroupCells>& cells, std::size_t errors,
                                 std::size_t length, int rule, std::size_t* least) {
  double lb = 0.0;
  const auto verdict = fair_.check(cells, errors, length, threshold_,
                                   fair_.classes_on() ? &classes_ : nullptr, rule, &lb);
  if (least && std::isfinite(lb))
    *least = std::max(*least, static_cast<std::size_t>(std::ceil(std::max(0.0, lb - 1e-6))));
  switch (verdict) {
    case FairPrune::Verdict::Keep:
      return false;
    case FairPrune::Verdict::Unfair:
      ++stats_.pruned_fair_unfairness;
      return true;
    case FairPrune::Verdict::Costly:
      ++stats_.pruned_fair_errors;
      return true;
    case FairPrune::Verdict::Classes:
      ++stats_.pruned_fair_classes;
      return true;
  }
  return false;
}

void RulelistSearch::tighten(double threshold) { threshold_ = std::min(threshold_, threshold); }

double RulelistSearch::unfinished_bound() const { return std::min(open_bound(), dropped_bound_); }

SearchResult RulelistSearch::result() const {
  SearchResult r;
  r.best = best_;
  r.stats = stats_;
  r.complete = queue_.empty() && !stop_;
  r.open_bound = unfinished_bound();
  return r;
}

double lower_bound(const SearchResult& result, const SearchOptions& options) {
  if (!certifiable(options)) return std::numeric_limits<double>::quiet_NaN();
  return result.best.found ? std::min(result.open_bound, result.best.objective) : result.open_bound;
}

double optimality_gap(const SearchResult& result, const SearchOptions& options) {
  if (!result.best.found) return std::numeric_limits<double>::quiet_NaN();
  return result.best.objective - lower_bound(result, options);
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
  pruned_fair_unfairness += o.pruned_fair_unfairness;
  pruned_fair_errors += o.pruned_fair_errors;
  pruned_fair_classes += o.pruned_fair_classes;
  fairness_checks += o.fairness_checks;
  fairness_rejections += o.fairness_rejections;
  incumbent_updates += o.incumbent_updates;
  routed += o.routed;
  peak_trie_nodes = std::max(peak_trie_nodes, o.peak_trie_nodes);
  peak_queue = std::max(peak_queue, o.peak_queue);
  peak_bytes = std::max(peak_bytes, o.peak_bytes);
  stopped_by_memory = stopped_by_memory || o.stopped_by_memory;
  stopped_by_trie = stopped_by_trie || o.stopped_by_trie;
  stopped_by_time = stopped_by_time || o.stopped_by_time;
}

}  // namespace adm::methods::rulelist
