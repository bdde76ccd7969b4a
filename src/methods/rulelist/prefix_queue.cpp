#include "methods/rulelist/prefix_queue.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"

namespace adm::methods::rulelist {

bool later(const QueueEntry& a, const QueueEntry& b) {
  if (a.major() != b.major()) return a.major() > b.major();
  if (a.minor != b.minor) return a.minor > b.minor;
  return a.sequence() > b.sequence();
}

double PrefixQueue::lower_bound_of(const QueueEntry& e, double captured_fraction) const {
  if (strategy_ == Strategy::LowerBound) return e.minor;
  if (strategy_ == Strategy::Curiosity && captured_fraction > 0 && std::isfinite(e.minor))
    return e.minor * captured_fraction * (1 - 1e-12);  // never above the bound pushed
  return 0.0;
}

void PrefixQueue::push(std::uint32_t node, std::uint8_t depth, double lower_bound, double objective,
                       double captured_fraction) {
  QueueEntry e;
  e.node = node;
  if (next_ > QueueEntry::kSequenceMask) throw InternalError("rulelist: queue sequence overflow");
  std::uint64_t major = 0, sequence = next_++;
  switch (strategy_) {
    case Strategy::Bfs:
      major = depth;
      break;
    case Strategy::BfsObjective:
      major = depth;
      e.minor = objective;
      break;
    case Strategy::LowerBound:
      e.minor = lower_bound;
      break;
    case Strategy::Curiosity:
      e.minor = captured_fraction > 0 ? lower_bound / captured_fraction
                                      : std::numeric_limits<double>::infinity();
      break;
    case Strategy::Objective:
      e.minor = objective;
      break;
    case Strategy::Dfs:  // deepest first, newest first
      major = 255U - depth;
      sequence = QueueEntry::kSequenceMask - sequence;
      break;
  }
  e.order = major << 56 | sequence;
  heap_.push_back(e);
  std::push_heap(heap_.begin(), heap_.end(), later);
}

QueueEntry PrefixQueue::pop() {
  if (heap_.empty()) throw InternalError("rulelist: pop from an empty queue");
  std::pop_heap(heap_.begin(), heap_.end(), later);
  const QueueEntry e = heap_.back();
  heap_.pop_back();
  return e;
}

std::vector<QueueEntry> PrefixQueue::take_share(std::size_t count) {
  // Every other entry of the heap array: each level of the heap (the best entries sit near the
  // top) is split evenly, in O(n), without sorting a queue of millions.
  std::vector<QueueEntry> given;
  std::size_t w = 0;
  for (std::size_t i = 0; i < heap_.size(); ++i) {
    if (i % 2 == 1 && given.size() < count)
      given.push_back(heap_[i]);
    else
      heap_[w++] = heap_[i];
  }
  heap_.resize(w);
  restore_heap();
  return given;
}

void PrefixQueue::restore_heap() { std::make_heap(heap_.begin(), heap_.end(), later); }

}  // namespace adm::methods::rulelist
