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

double PrefixQueue::lower_bound_of(const QueueEntry& e) const {
  return strategy_ == Strategy::LowerBound ? e.minor : static_cast<double>(e.bound);
}

namespace {
// The largest float not above `x` (a float's rounding may go up).
float float_below(double x) {
  float f = static_cast<float>(x);
  if (static_cast<double>(f) > x) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
  return f;
}
}  // namespace

void PrefixQueue::push(std::uint32_t node, std::uint8_t depth, double lower_bound, double objective,
                       double captured_fraction) {
  QueueEntry e;
  e.node = node;
  e.bound = float_below(lower_bound);
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

void PrefixQueue::turn_best_first() {
  if (strategy_ == Strategy::LowerBound) return;
  strategy_ = Strategy::LowerBound;
  // The sequence numbers stay (DFS's reversed ones too): any fixed tie order is reproducible.
  for (auto& e : heap_) {
    e.minor = static_cast<double>(e.bound);
    e.order &= QueueEntry::kSequenceMask;
  }
  restore_heap();
}

void PrefixQueue::restore_heap() { std::make_heap(heap_.begin(), heap_.end(), later); }

}  // namespace adm::methods::rulelist
