#include "methods/rulelist/prefix_trie.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace adm::methods::rulelist {

PrefixTrie::PrefixTrie() { nodes_.push_back(TrieNode{}); }

std::uint32_t PrefixTrie::add(std::uint32_t parent, std::uint16_t rule, bool prediction,
                              std::uint32_t errors, std::uint32_t captured, bool queued) {
  TrieNode n;
  n.parent = parent;
  n.errors = errors;
  n.captured = captured;
  n.rule = rule;
  n.depth = static_cast<std::uint8_t>(nodes_[parent].depth + 1);
  n.flags = static_cast<std::uint8_t>((prediction ? kPrediction : 0) | (queued ? kQueued : 0));
  std::uint32_t i;
  if (!free_.empty()) {
    i = free_.back();
    free_.pop_back();
    nodes_[i] = n;
  } else {
    if (nodes_.size() >= kNoNode) throw InternalError("rulelist: prefix trie full");
    i = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(n);
  }
  ++nodes_[parent].live_children;
  peak_ = std::max(peak_, ++live_);
  return i;
}

namespace {
// Node slots plus their free-list entries: the free list is kept as long as the node vector, so it
// never doubles on its own.
constexpr std::size_t kSlotBytes = sizeof(TrieNode) + sizeof(std::uint32_t);
}  // namespace

std::size_t PrefixTrie::bytes_to_hold(std::size_t more) const {
  const std::size_t need = nodes_.size() + more - std::min(more, free_.size());
  const std::size_t slots = std::max(need, nodes_.capacity());
  return (slots - nodes_.capacity()) * sizeof(TrieNode) +
         (slots - std::min(slots, free_.capacity())) * sizeof(std::uint32_t);
}

void PrefixTrie::reserve(std::size_t more, std::size_t spare) {
  const std::size_t need = nodes_.size() + more - std::min(more, free_.size());
  if (need > nodes_.capacity())
    nodes_.reserve(std::max(need, std::min(2 * nodes_.capacity(), need + spare / kSlotBytes)));
  if (free_.capacity() < nodes_.capacity()) free_.reserve(nodes_.capacity());
}

void PrefixTrie::dequeue(std::uint32_t i) {
  nodes_[i].flags &= static_cast<std::uint8_t>(~kQueued);
  release(i);
}

void PrefixTrie::release(std::uint32_t i) {
  while (i != root()) {
    TrieNode& n = nodes_[i];
    if ((n.flags & (kQueued | kFree)) != 0 || n.live_children != 0) return;
    n.flags = kFree;
    free_.push_back(i);
    --live_;
    const std::uint32_t parent = n.parent;
    --nodes_[parent].live_children;
    i = parent;
  }
}

void PrefixTrie::prefix(std::uint32_t i, std::vector<std::uint16_t>& rules,
                        std::vector<std::uint8_t>& predictions) const {
  rules.clear();
  predictions.clear();
  for (; i != root(); i = nodes_[i].parent) {
    rules.push_back(nodes_[i].rule);
    predictions.push_back(nodes_[i].flags & kPrediction);
  }
  std::reverse(rules.begin(), rules.end());
  std::reverse(predictions.begin(), predictions.end());
}

}  // namespace adm::methods::rulelist
