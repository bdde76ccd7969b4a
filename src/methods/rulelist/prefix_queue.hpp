#pragma once
// The queue of prefixes waiting for expansion: one binary heap whose order is the search strategy
// (a swappable priority, as in CORELS). Keys are (major, minor, sequence), smallest first; the
// sequence number makes the order total, so a search is reproducible.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "methods/rulelist/search_options.hpp"

namespace adm::methods::rulelist {

// 24 bytes (issue 14: it was 32): the major key (8 bits: depth for BFS, 255 - depth for DFS, else
// 0) and the sequence number (56 bits) share one word. `bound` fills what was padding: the
// prefix's lower bound as pushed, rounded down to a float, kept whatever the strategy (issue 30:
// before, only best-first kept it, so a stopped search in another order recomputed the bound of
// 2^20 prefixes and left the others at errors + lambda (k + 1)).
struct QueueEntry {
  double minor = 0.0;
  std::uint64_t order = 0;  // major << 56 | sequence
  std::uint32_t node = 0;
  float bound = 0.0F;  // never above the lower bound pushed
  static constexpr std::uint64_t kSequenceMask = (std::uint64_t{1} << 56) - 1;
  std::uint64_t major() const { return order >> 56; }
  std::uint64_t sequence() const { return order & kSequenceMask; }
};

class PrefixQueue {
 public:
  explicit PrefixQueue(Strategy strategy) : strategy_(strategy) {}

  // Whether push() under `order` reads a prefix's objective or captured fraction (the others key
  // on depth and bound only, so a sender may leave them 0).
  static bool reads_counts(Strategy order) {
    return order == Strategy::Curiosity || order == Strategy::Objective ||
           order == Strategy::BfsObjective;
  }
  // depth, lower bound, objective and the fraction of rows the prefix captures.
  void push(std::uint32_t node, std::uint8_t depth, double lower_bound, double objective,
            double captured_fraction);
  QueueEntry pop();
  const QueueEntry& top() const { return heap_.front(); }  // the next pop()'s; not empty()
  // The lower bound an entry was pushed with (exact best-first, else rounded down to a float).
  double lower_bound_of(const QueueEntry& e) const;
  const std::vector<QueueEntry>& entries() const { return heap_; }  // in heap order
  // Bytes needed to hold `more` entries; reserve() grows by that plus up to `spare` bytes (so the
  // heap does not double past a memory cap).
  std::size_t bytes_to_hold(std::size_t more) const {
    return (std::max(heap_.size() + more, heap_.capacity()) - heap_.capacity()) *
           sizeof(QueueEntry);
  }
  void reserve(std::size_t more, std::size_t spare) {
    const std::size_t need = heap_.size() + more;
    if (need > heap_.capacity())
      heap_.reserve(
          std::max(need, std::min(2 * heap_.capacity(), need + spare / sizeof(QueueEntry))));
  }
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  std::size_t bytes() const { return heap_.capacity() * sizeof(QueueEntry); }

  // Removes up to `count` entries for another rank: every other entry of each heap level, so both
  // ranks go on with an equal share of the most promising prefixes.
  std::vector<QueueEntry> take_share(std::size_t count);
  // From now on best-first by lower bound: every entry re-keyed by the bound it keeps (a float
  // rounded down, so still a lower bound), in O(n).
  void turn_best_first();
  Strategy strategy() const { return strategy_; }

 private:
  void restore_heap();
  Strategy strategy_;
  std::uint64_t next_ = 0;
  std::vector<QueueEntry> heap_;
};

bool later(const QueueEntry& a, const QueueEntry& b);  // heap order: a leaves after b
static_assert(sizeof(QueueEntry) == 24, "the bound lives in the entry's padding");

}  // namespace adm::methods::rulelist
