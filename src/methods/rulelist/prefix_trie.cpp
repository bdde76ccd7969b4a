#include "methods/rulelist/prefix_trie.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace adm::methods::rulelist {

PrefixTrie::PrefixTrie() {
  nodes_.hold(1);
  size_ = 1;  // the root, a default TrieNode
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
    if (size_ >= kMaxTrieNodes) throw InternalError("rulelist: prefix trie full");
    nodes_.hold(size_ + 1);
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
  return nodes_.bytes_to_hold(nodes_needed(more));
}

void PrefixTrie::reserve(std::size_t more) { nodes_.hold(nodes_needed(more)); }

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
