#include "methods/patterns/dive_frontier.hpp"

#include <algorithm>

namespace adm::methods::patterns {

void DiveFrontier::park(const std::uint8_t* key, const PatternNode& node) {
  std::uint32_t slot;
  if (!free_.empty()) {
    slot = free_.back();
    free_.pop_back();
    slots_[slot] = node;
  } else {
    slot = static_cast<std::uint32_t>(slots_.size());
    slots_.push_back(node);
    slot_keys_.resize(slot_keys_.size() + key_size_);
  }
  std::memcpy(&slot_keys_[std::size_t{slot} * key_size_], key, key_size_);
  heap_.push_back({node.bound, slot});
  std::push_heap(heap_.begin(), heap_.end(), Lower{});
}

void DiveFrontier::unpark_best() {
  std::pop_heap(heap_.begin(), heap_.end(), Lower{});
  const std::uint32_t slot = heap_.back().slot;
  heap_.pop_back();
  push(&slot_keys_[std::size_t{slot} * key_size_], slots_[slot]);
  free_.push_back(slot);
}

}  // namespace adm::methods::patterns
