#pragma once
// The k best patterns by (score descending, key ascending): a 4-ary heap whose top is the worst
// kept pattern, over slots whose keys live in one flat array. Once its k slots exist an insertion
// allocates nothing (a std::set allocated a tree node and a key copy per insertion), and the
// worst score, the miner's pruning cut, is read in O(1).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "methods/patterns/found_patterns.hpp"
#include "methods/patterns/pattern_model.hpp"

namespace adm::methods::patterns {

class TopPatterns {
 public:
  TopPatterns(std::size_t k, std::size_t key_size);

  std::size_t size() const { return heap_.size(); }
  bool empty() const { return heap_.empty(); }
  bool full() const { return k_ > 0 && heap_.size() == k_; }
  // The k-th best score; only when size() > 0.
  double worst_score() const { return heap_[0].score; }
  // Whether offer() would keep (score, key).
  bool admits(double score, const std::uint8_t* key) const;
  // Keeps (score, key) if fewer than k are kept or it beats the worst kept one; true if kept.
  // Keys must be distinct (each search node is offered once).
  bool offer(double score, const std::uint8_t* key, const PatternScores& scores);

  // The kept patterns, best first.
  std::vector<FoundPattern> sorted() const;
  // Their scores, best first (what walking a sorted set would give).
  std::vector<double> scores_descending() const;
  // Key and ranking score of the i-th kept pattern (any order), i < size().
  const std::uint8_t* key(std::size_t i) const { return &keys_[i * key_size_]; }
  double score(std::size_t i) const { return slot_scores_[i]; }

 private:
  struct Entry {  // the score beside the slot: most comparisons never touch the slot's data
    double score;
    std::uint32_t slot;
  };
  // a ranks below b: lower score, or the same score and a larger key.
  bool worse(const Entry& a, const Entry& b) const;
  void sift_up(std::size_t i, Entry e);
  void sift_down_from_top(Entry e);

  std::size_t k_, key_size_;
  std::vector<Entry> heap_;            // heap_[0] is the worst
  std::vector<PatternScores> scores_;  // per slot
  std::vector<double> slot_scores_;    // per slot: the ranking score
  std::vector<std::uint8_t> keys_;     // slot s at [s * key_size_, (s + 1) * key_size_)
};

}  // namespace adm::methods::patterns
