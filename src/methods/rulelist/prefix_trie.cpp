#include "methods/rulelist/prefix_trie.hpp"

#include <algorithm>
#include <bit>

#include "core/error.hpp"

namespace adm::methods::rulelist {

PrefixTrie::PrefixTrie() {
  add_segment();
  size_ = 1;  // the root, a default TrieNode
}

std::pair<std::size_t, std::size_t> PrefixTrie::locate(std::size_t i) {
  if (i >= kRamp) {
    const std::size_t j = i - kRamp;
    return {kLastBits - kFirstBits + 1 + (j >> kLastBits), j & ((std::size_t{1} << kLastBits) - 1)};
  }
  // Segment s starts at 2^8 (2^s - 1).
  const std::size_t s = std::bit_width((i >> kFirstBits) + 1) - 1;
  return {s, i - (((std::size_t{1} << s) - 1) << kFirstBits)};
}

void PrefixTrie::add_segment() {
  const std::size_t n = segment_size(segments_.size());
  segments_.emplace_back(new TrieNode[n]);
  capacity_ += n;
}

std::uint32_t PrefixTrie::add(std::uint32_t parent, std::uint16_t rule, bool prediction,
                              std::uint32_t errors, bool queued) {
  TrieNode n;
  n.parent = parent;
  n.errors = errors;
  n.rule = rule;
  n.depth = static_cast<std::uint8_t>(at(parent).depth + 1);
  n.flags = static_cast<std::uint8_t>((prediction ? kPrediction : 0) | (queued ? kQueued : 0));
  std::uint32_t i;
  if (free_head_ != kNoNode) {
    i = free_head_;
    free_head_ = at(i).parent;
    --free_count_;
  } else {
    if (size_ >= kNoNode) throw InternalError("rulelist: prefix trie full");
    if (size_ == capacity_) add_segment();
    i = static_cast<std::uint32_t>(size_++);
  }
  at(i) = n;
  ++at(parent).live_children;
  peak_ = std::max(peak_, ++live_);
  return i;
}

std::size_t PrefixTrie::nodes_needed(std::size_t more) const {
  return size_ + more - std::min(more, free_count_);
}

std::size_t PrefixTrie::bytes_to_hold(std::size_t more) const {
  std::size_t capacity = capacity_;
  for (std::size_t s = segments_.size(); capacity < nodes_needed(more); ++s)
    capacity += segment_size(s);
  return (capacity - capacity_) * sizeof(TrieNode);
}

void PrefixTrie::reserve(std::size_t more) {
  while (capacity_ < nodes_needed(more)) add_segment();
}

void PrefixTrie::dequeue(std::uint32_t i) {
  at(i).flags &= static_cast<std::uint8_t>(~kQueued);
  release(i);
}

void PrefixTrie::release(std::uint32_t i) {
  while (i != root()) {
    TrieNode& n = at(i);
    if ((n.flags & (kQueued | kFree)) != 0 || n.live_children != 0) return;
    const std::uint32_t parent = n.parent;
    n.flags = kFree;
    n.parent = free_head_;
    free_head_ = i;
    ++free_count_;
    --live_;
    --at(parent).live_children;
    i = parent;
  }
}

void PrefixTrie::prefix(std::uint32_t i, std::vector<std::uint16_t>& rules,
                        std::vector<std::uint8_t>& predictions) const {
  rules.clear();
  predictions.clear();
  for (; i != root(); i = at(i).parent) {
    const TrieNode& n = at(i);
    rules.push_back(n.rule);
    predictions.push_back(n.flags & kPrediction);
  }
  std::reverse(rules.begin(), rules.end());
  std::reverse(predictions.begin(), predictions.end());
}

}  // namespace adm::methods::rulelist
