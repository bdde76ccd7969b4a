#include "methods/rulelist/prefix_trie.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace adm::methods::rulelist {

PrefixTrie::PrefixTrie() { nodes_.push_back(TrieNode{}); }

std::uint32_t PrefixTrie::add(std::uint32_t parent, std::uint16_t rule, bool prediction,
                              std::uint32_t errors, bool queued) {
  TrieNode n;
  n.parent = parent;
  n.errors = errors;
  n.rule = rule;
  n.depth = static_cast<std::uint8_t>(nodes_[parent].depth + 1);
  n.flags = static_cast<std::uint8_t>((prediction ? kPrediction : 0) | (queued ? kQueued : 0));
  std::uint32_t i;
  if (free_head_ != kNoNode) {
    i = free_head_;
    free_head_ = nodes_[i].parent;
    --free_count_;
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

std::size_t PrefixTrie::bytes_to_hold(std::size_t more) const {
  const std::size_t need = nodes_.size() + more - std::min(more, free_count_);
  return (std::max(need, nodes_.capacity()) - nodes_.capacity()) * sizeof(TrieNode);
}

void PrefixTrie::reserve(std::size_t more, std::size_t spare) {
  const std::size_t need = nodes_.size() + more - std::min(more, free_count_);
  if (need > nodes_.capacity())
    nodes_.reserve(
        std::max(need, std::min(2 * nodes_.capacity(), need + spare / sizeof(TrieNode))));
}

void PrefixTrie::dequeue(std::uint32_t i) {
  nodes_[i].flags &= static_cast<std::uint8_t>(~kQueued);
  release(i);
}

void PrefixTrie::release(std::uint32_t i) {
  while (i != root()) {
    TrieNode& n = nodes_[i];
    if ((n.flags & (kQueued | kFree)) != 0 || n.live_children != 0) return;
    const std::uint32_t parent = n.parent;
    n.flags = kFree;
    n.parent = free_head_;
    free_head_ = i;
    ++free_count_;
    --live_;
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
