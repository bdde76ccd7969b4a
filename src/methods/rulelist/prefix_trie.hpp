#pragma once
// The prefix trie of CORELS, stored as an arena of small nodes linked to their parents. A node
// lives while it waits in the queue or has living children (its path names their prefixes);
// everything else is recycled at once, so memory follows the frontier, not the nodes ever seen.
// Each node caches the errors made by the prefix (the rows it captures are recounted from the
// rules' bit vectors when it is expanded). 16 bytes a node, free slots chained through `parent`
// (issue 14: it was 20 bytes and a 4-byte free-list entry). Nodes live in a SegmentedArena (1 MiB
// segments once grown). Node indices stay below 2^31: the queue names received prefixes not yet
// in the trie by indices with the top bit set (pending_prefixes.hpp).
#include <cstdint>
#include <vector>

#include "methods/rulelist/segmented_arena.hpp"

namespace adm::methods::rulelist {

inline constexpr std::uint32_t kNoNode = 0xffffffffU;
inline constexpr std::uint32_t kMaxTrieNodes = 0x80000000U;

struct TrieNode {
  std::uint32_t parent = kNoNode;
  std::uint32_t live_children = 0;
  std::uint32_t errors = 0;  // misclassified by the prefix's rules
  std::uint16_t rule = 0;    // last rule of the prefix
  std::uint8_t depth = 0;    // prefix length
  std::uint8_t flags = 0;    // kPrediction | kQueued | kFree
};

class PrefixTrie {
 public:
  static constexpr std::uint8_t kPrediction = 1, kQueued = 2, kFree = 4;

  PrefixTrie();  // holds the root (empty prefix, index 0)
  std::uint32_t root() const { return 0; }
  const TrieNode& node(std::uint32_t i) const { return at(i); }
  // A child of `parent` for `rule`; queued = it waits in the queue.
  std::uint32_t add(std::uint32_t parent, std::uint16_t rule, bool prediction, std::uint32_t errors,
                    bool queued);
  // The node left the queue (expanded, dropped or given away): recycle it and every ancestor that
  // no longer leads to a queued node.
  void dequeue(std::uint32_t i);
  // Rules and predictions of the prefix ending at `i`, first rule first.
  void prefix(std::uint32_t i, std::vector<std::uint16_t>& rules,
              std::vector<std::uint8_t>& predictions) const;

  std::size_t live() const { return live_; }
  std::size_t peak() const { return peak_; }
  std::size_t bytes() const { return nodes_.bytes(); }
  // Bytes the trie must grow by to hold `more` nodes (free slots reused first); reserve() grows
  // it by that (whole segments), so no growth passes a memory cap unannounced.
  std::size_t bytes_to_hold(std::size_t more) const;
  void reserve(std::size_t more);

 private:
  TrieNode& at(std::uint32_t i) const { return nodes_[i]; }
  std::size_t nodes_needed(std::size_t more) const;
  void release(std::uint32_t i);
  SegmentedArena<TrieNode> nodes_;
  std::size_t size_ = 0;               // slots ever used (live or free)
  std::uint32_t free_head_ = kNoNode;  // free slots, linked through TrieNode::parent
  std::size_t free_count_ = 0;
  std::size_t live_ = 1, peak_ = 1;
};

}  // namespace adm::methods::rulelist
