// The receiving side of a distributed search: prefixes routed to this rank (take), given to a rank
// that ran dry (give), and the queued prefixes that wait as pending records (pending_prefixes.hpp)
// until an expansion keeps a child here and needs their trie path.
#include <algorithm>

#include "core/error.hpp"
#include "methods/rulelist/prefix_codec.hpp"
#include "methods/rulelist/search.hpp"

namespace adm::methods::rulelist {
namespace {

// A prefix's rules, as a give() reckons its wire bytes (longer ones are rare).
constexpr std::size_t kWireRules = 8;
// Received prefixes between two looks at the limits (the peaks, the memory cap, the time limit).
constexpr std::uint64_t kTakeChecks = 64;

}  // namespace

RulelistSearch::PrefixHead RulelistSearch::head_of(std::uint32_t queued) const {
  if (is_pending(queued)) {
    const PendingPrefix& p = pending_.at(queued);
    return {p.errors, p.depth};
  }
  const TrieNode& n = trie_.node(queued);
  return {n.errors, n.depth};
}

void RulelistSearch::prefix_of(std::uint32_t queued, std::vector<std::uint16_t>& rules,
                               std::vector<std::uint8_t>& predictions) const {
  if (is_pending(queued))
    pending_.prefix(queued, rules, predictions);
  else
    trie_.prefix(queued, rules, predictions);
}

void RulelistSearch::release(std::uint32_t queued) {
  if (is_pending(queued))
    pending_.remove(queued);
  else
    trie_.dequeue(queued);
}

// libstdc++'s node per entry (next pointer and the pair: 24 bytes, 32 as malloc hands it out)
// and a pointer per bucket (about one per entry at its load factor of 1).
std::size_t RulelistSearch::received_paths_bytes(std::size_t entries) const {
  return entries * 32 + std::max(entries, received_paths_.bucket_count()) * sizeof(void*);
}

std::string RulelistSearch::give(std::uint64_t count) {
  std::string out;
  // Under a memory cap a share is limited in bytes: at most ~3 bytes a rule, 25 more per prefix.
  if (const std::size_t most = give_bytes())
    count = std::min<std::uint64_t>(count, std::max<std::size_t>(1, most / (25 + 3 * kWireRules)));
  // Under an order that never reads a prefix's objective and captured rows (the configured one,
  // the same on every rank) they are sent as 0 and the rows are not recounted (in a 64-rank SMPI
  // run of CORELS, a third of take and give was give's recount).
  const bool counts = PrefixQueue::reads_counts(options_.strategy);
  std::vector<std::uint16_t> rules;
  std::vector<std::uint8_t> predictions;
  for (const auto& entry : queue_.take_share(count)) {
    const PrefixHead head = head_of(entry.node);
    const double lower = std::max(bound(head.errors, head.depth), queue_.lower_bound_of(entry));
    if (!counts) {
      prefix_of(entry.node, rules, predictions);
      append_prefix(out, rules, predictions, head.errors, 0, 0.0, lower);
      release(entry.node);
      continue;
    }
    // The objective is not kept in the queue: recount the default rule's errors for this prefix.
    load_prefix(entry.node);
    const std::size_t captured = fast_count_and(captured_, captured_);
    const std::size_t rest = set_.rows - captured;
    const std::size_t rest_pos = fast_count_and(uncaptured_, set_.labels);
    const std::size_t e0 = 2 * rest_pos > rest ? rest - rest_pos : rest_pos;
    append_prefix(out, prefix_, predictions_, head.errors, static_cast<std::uint32_t>(captured),
                  bound(head.errors + e0, head.depth), lower);
    release(entry.node);
  }
  return out;
}

// The trie node for `rule` below `parent` on a received path: shared with earlier received
// prefixes through that node while it lives (a recycled index fails the parent/rule check).
std::uint32_t RulelistSearch::path_node(std::uint32_t parent, std::uint16_t rule, bool prediction) {
  const std::uint64_t key = std::uint64_t{parent} << 16 | rule;
  const auto it = received_paths_.find(key);
  if (it != received_paths_.end()) {
    const TrieNode& n = trie_.node(it->second);
    if (!(n.flags & PrefixTrie::kFree) && n.parent == parent && n.rule == rule) return it->second;
  }
  if (received_paths_.size() > 2 * trie_.live() + 4096) received_paths_.clear();
  const auto node = trie_.add(parent, rule, prediction, 0, false);
  received_paths_[key] = node;
  return node;
}

std::uint32_t RulelistSearch::build_path(const std::vector<std::uint16_t>& rules,
                                         const std::vector<std::uint8_t>& predictions,
                                         std::size_t depth, std::uint32_t errors) {
  std::uint32_t node = trie_.root();
  for (std::size_t i = 0; i + 1 < depth; ++i) node = path_node(node, rules[i], predictions[i] != 0);
  return trie_.add(node, rules[depth - 1], predictions[depth - 1] != 0, errors, true);
}

// Received prefixes cannot be refused (the sender has let them go), but under a memory cap they
// need not all be queued: once one does not fit, this rank stops, and each prefix that does not
// fit leaves only the lowest bound of its extensions (dropped_bound_), so the lower bound the
// search reports stays valid and the cap holds (it used to queue the whole batch and stop:
// structures of 1,055 MiB under an 800 MiB cap at 2 ranks).
void RulelistSearch::take(const std::string& text) {
  // What the batch adds, from each record's length byte alone (decoding it twice cost a pass).
  Growth batch;
  std::size_t depth = 0;
  for (std::size_t pos = 0; skip_prefix(text, pos, depth); ++batch.queue)
    if (PendingPrefixes::fits(depth))
      ++batch.pending;
    else
      batch.trie += depth;
  batch.paths = batch.trie;
  const bool each = !make_room(batch);  // the whole batch does not fit: one at a time
  std::size_t pos = 0;
  while (read_prefix(text, pos, received_))
    if (!admit_received(received_, each)) stop_ = stats_.stopped_by_memory = true;
  // The limits are looked at once per kTakeChecks prefixes taken, not per batch (make_room above
  // already keeps the cap for what the batch adds): at 64 ranks a rank takes thousands of batches
  // of one or two prefixes, each look costing a cold pass over the structures' sizes and every
  // 64th a read of /proc (a 64-rank SMPI run: ~2.5 us of ~16 us per batch).
  taken_since_check_ += batch.queue;
  if (taken_since_check_ >= kTakeChecks) {
    taken_since_check_ = 0;
    check_limits();
  }
}

bool RulelistSearch::admit_received(const WirePrefix& p, bool check_room) {
  const std::size_t k = p.rules.size();
  if (k == 0 || k > 255) throw InternalError("rulelist: received an empty prefix");
  for (auto r : p.rules)
    if (r >= set_.rules.size()) throw InternalError("rulelist: received an unknown rule");
  const bool pending = PendingPrefixes::fits(k);
  if (check_room &&
      (stop_ || !make_room({1, pending ? 0 : k, pending ? 0 : k, pending ? 1U : 0U}))) {
    // Its extensions have one rule more and at least its errors (and its sender's bound).
    if (options_.max_length == 0 || k < options_.max_length)
      dropped_bound_ = std::min(dropped_bound_, std::max(bound(p.errors, k + 1), p.lower_bound));
    return false;
  }
  std::string_view key;
  if (k > 1 && fair_perm_) {
    capture(p.rules, p.predictions);
    fair_.cells(captured_, positive_, cells_);
    key = perm_key(cells_);
  }
  if (k > 1 && bounds_.permutation_map && !permutations_.admit(p.rules, p.errors, key)) {
    ++stats_.pruned_permutation;
    return true;
  }
  // Most received prefixes are never expanded (the threshold drops them at pop), so they wait as
  // a pending record; a longer one (rare) gets its trie path now.
  const std::uint32_t node = pending ? pending_.add(p.rules, p.predictions, p.errors)
                                     : build_path(p.rules, p.predictions, k, p.errors);
  queue_.push(node, static_cast<std::uint8_t>(k), std::max(bound(p.errors, k), p.lower_bound),
              p.objective, static_cast<double>(p.captured) * inv_rows_);
  ++stats_.queued;
  return true;
}

}  // namespace adm::methods::rulelist
