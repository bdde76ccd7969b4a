#pragma once
// Received prefixes waiting in the queue before they get a trie path (issue 27, item 3). At many
// ranks most children are routed to the rank owning their rule set, and most queued prefixes are
// never expanded (popped, then dropped by the threshold); building each received prefix's path in
// the trie on arrival cost several cold lookups per prefix (4.4 us of a 64-rank SMPI run's take).
// A pending prefix is one 24-byte record instead: its rules, predictions and errors, all that the
// checks at pop, a give() and the open bound read. Its trie path is built only if it is expanded
// and keeps a child on this rank. The queue names a pending prefix by its index with kPendingTag
// set (trie node indices stay below kMaxTrieNodes = kPendingTag). Free records are chained through
// `errors` and marked by depth 0 (a pending prefix has at least one rule).
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "methods/rulelist/segmented_arena.hpp"

namespace adm::methods::rulelist {

inline constexpr std::uint32_t kPendingTag = 0x80000000U;
inline bool is_pending(std::uint32_t queued) { return (queued & kPendingTag) != 0; }

struct PendingPrefix {
  static constexpr std::size_t kMaxRules = 8;  // longer received prefixes go into the trie at once
  std::uint32_t errors = 0;                    // made by the rules (a free record: the next free)
  std::uint8_t depth = 0;                      // number of rules; 0: a free record
  std::uint8_t predictions = 0;                // bit i: the prediction of rules[i]
  std::array<std::uint16_t, kMaxRules> rules{};
};
static_assert(sizeof(PendingPrefix) == 24, "a pending prefix is one 24-byte record");

class PendingPrefixes {
 public:
  static bool fits(std::size_t depth) { return depth >= 1 && depth <= PendingPrefix::kMaxRules; }
  // The record of a prefix that fits(); returns its tagged index (is_pending() holds).
  std::uint32_t add(const std::vector<std::uint16_t>& rules,
                    const std::vector<std::uint8_t>& predictions, std::uint32_t errors);
  const PendingPrefix& at(std::uint32_t tagged) const { return records_[tagged & ~kPendingTag]; }
  void prefix(std::uint32_t tagged, std::vector<std::uint16_t>& rules,
              std::vector<std::uint8_t>& predictions) const;
  void remove(std::uint32_t tagged);

  std::size_t live() const { return live_; }
  std::size_t bytes() const { return records_.bytes(); }
  // Bytes to grow by for `more` records (free ones reused first); reserve() grows by that.
  std::size_t bytes_to_hold(std::size_t more) const {
    return records_.bytes_to_hold(records_needed(more));
  }
  void reserve(std::size_t more) { records_.hold(records_needed(more)); }

 private:
  std::size_t records_needed(std::size_t more) const {
    return size_ + more - std::min(more, size_ - live_);
  }
  SegmentedArena<PendingPrefix> records_;
  std::size_t size_ = 0, live_ = 0;        // records ever used (live or free), live ones
  std::uint32_t free_head_ = kPendingTag;  // untagged index of a free record; kPendingTag: none
};

}  // namespace adm::methods::rulelist
