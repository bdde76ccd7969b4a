#pragma once
// The queue of prefixes waiting for expansion: one binary heap whose order is the search strategy
// (a swappable priority, as in CORELS). Keys are (major, minor, sequence), smallest first; the
// sequence number makes the order total, so a search is reproducible.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "methods/rulelist/search_options.hpp"

namespace adm::methods::rulelist {

struct QueueEntry {
  std::int32_t major = 0;
  double minor = 0.0;
  std::uint64_t sequence = 0;
  std::uint32_t node = 0;
  std::uint8_t depth = 0;
};

class PrefixQueue {
 public:
  explicit PrefixQueue(Strategy strategy) : strategy_(strategy) {}

  // depth, lower bound, objective and the fraction of rows the prefix captures.
  void push(std::uint32_t node, std::uint8_t depth, double lower_bound, double objective,
            double captured_fraction);
  QueueEntry pop();
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  std::size_t bytes() const { return heap_.capacity() * sizeof(QueueEntry); }

  // Removes up to `count` of the shallowest entries accepted by `keep` (large subtrees go to other
  // ranks) and returns their nodes, shallowest first.
  template <class Pred>
  std::vector<std::uint32_t> take_shallowest(std::size_t count, Pred keep);

 private:
  void restore_heap();
  Strategy strategy_;
  std::uint64_t next_ = 0;
  std::vector<QueueEntry> heap_;
};

bool later(const QueueEntry& a, const QueueEntry& b);  // heap order: a leaves after b

template <class Pred>
std::vector<std::uint32_t> PrefixQueue::take_shallowest(std::size_t count, Pred keep) {
  std::vector<std::size_t> picks;
  for (std::size_t i = 0; i < heap_.size(); ++i)
    if (keep(heap_[i].node)) picks.push_back(i);
  auto shallower = [&](std::size_t a, std::size_t b) {
    return heap_[a].depth != heap_[b].depth ? heap_[a].depth < heap_[b].depth
                                            : heap_[a].sequence < heap_[b].sequence;
  };
  if (picks.size() > count) {
    std::nth_element(picks.begin(), picks.begin() + static_cast<std::ptrdiff_t>(count), picks.end(),
                     shallower);
    picks.resize(count);
  }
  std::sort(picks.begin(), picks.end(), shallower);
  std::vector<std::uint32_t> nodes;
  std::vector<char> gone(heap_.size(), 0);
  for (auto i : picks) nodes.push_back(heap_[i].node), gone[i] = 1;
  std::size_t w = 0;
  for (std::size_t i = 0; i < heap_.size(); ++i)
    if (!gone[i]) heap_[w++] = heap_[i];
  heap_.resize(w);
  restore_heap();
  return nodes;
}

}  // namespace adm::methods::rulelist
