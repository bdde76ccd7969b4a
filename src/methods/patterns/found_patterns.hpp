#pragma once
// The k best patterns of a mine, best first, left where the ranks' findings put them. Each rank
// sends its own sorted patterns as one buffer of fixed-size entries; merging the buffers records
// only which entry comes next (8 bytes a pattern), and one buffer (one rank) needs no record at
// all. A top-200,000 result is thus never copied into 200,000 small objects with a key vector
// each: on this project's VMs fresh memory costs ~0.6 ms per MB in page faults, and those copies
// were most of the merge.
//
// An entry: divergence, P(xy), P(d | xy), P(d | y) (4 doubles), then the key (one byte a
// feature). Delta is P(d | xy) - P(d | y), recomputed by the same subtraction that produced it
// (PatternModel::scores), so it is bit for bit the one computed; without x both terms are equal and
// it is 0, as there. The ranking score is |Delta| or the divergence.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "methods/patterns/pattern_model.hpp"

namespace adm::methods::patterns {

struct FoundPattern {
  PatternKey key;
  double score = 0;  // |Delta| or divergence, as ranked
  PatternScores scores;
};

// Best first: higher score, then the smaller key.
struct BetterPattern {
  bool operator()(const FoundPattern& a, const FoundPattern& b) const {
    if (a.score != b.score) return a.score > b.score;
    return a.key < b.key;
  }
};

class FoundPatterns {
 public:
  static std::size_t entry_bytes(std::size_t key_size) { return 4 * sizeof(double) + key_size; }
  static void encode(char* entry, const PatternScores& scores, const std::uint8_t* key,
                     std::size_t key_size);
  static PatternScores decode_scores(const char* entry);
  static double ranking_score(const char* entry, bool divergence);

  FoundPatterns() = default;
  // `buffers[b]` holds `counts[b]` entries from byte `offsets[b]` on, each list best first.
  // Keeps the best `k` of them all by (score descending, key ascending).
  FoundPatterns(std::size_t key_size, bool divergence, std::vector<std::string> buffers,
                const std::vector<std::size_t>& offsets, const std::vector<std::size_t>& counts,
                std::size_t k);
  // From patterns already best first (brute force, tests).
  FoundPatterns(std::size_t key_size, bool divergence, const std::vector<FoundPattern>& sorted);

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::size_t key_size() const { return key_size_; }
  const std::uint8_t* key_data(std::size_t i) const {
    return reinterpret_cast<const std::uint8_t*>(entry(i) + 4 * sizeof(double));
  }
  PatternKey key(std::size_t i) const { return {key_data(i), key_data(i) + key_size_}; }
  PatternScores scores(std::size_t i) const { return decode_scores(entry(i)); }
  double score(std::size_t i) const { return ranking_score(entry(i), divergence_); }
  FoundPattern operator[](std::size_t i) const { return {key(i), score(i), scores(i)}; }
  FoundPattern back() const { return (*this)[size_ - 1]; }
  bool in_order() const;  // best first by (score, key)
  // Sorts them so, should the entries' scores ever disagree with the order the ranks sent.
  void put_in_order();

  // Patterns by value, best first (for range-for over a result).
  class const_iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = FoundPattern;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = FoundPattern;
    const_iterator(const FoundPatterns* all, std::size_t i) : all_(all), i_(i) {}
    FoundPattern operator*() const { return (*all_)[i_]; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }
    bool operator!=(const const_iterator& o) const { return i_ != o.i_; }

   private:
    const FoundPatterns* all_;
    std::size_t i_;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

 private:
  const char* entry(std::size_t i) const {
    return where_.empty() ? buffers_[0].data() + first_ + i * entry_ : at(where_[i]);
  }
  const char* at(std::uint64_t where) const {
    return buffers_[where >> kOffsetBits].data() + (where & kOffsetMask);
  }
  bool better(const char* a, const char* b) const;  // entry a before entry b
  // The same with the entries' ranking scores already decoded.
  bool better(double score_a, const char* a, double score_b, const char* b) const {
    if (score_a != score_b) return score_a > score_b;
    return std::memcmp(a + 4 * sizeof(double), b + 4 * sizeof(double), key_size_) < 0;
  }

  // Where an entry lies: its buffer's index in the high bits, its byte offset in the low ones.
  static constexpr int kOffsetBits = 48;
  static constexpr std::uint64_t kOffsetMask = (std::uint64_t{1} << kOffsetBits) - 1;
  std::size_t key_size_ = 0, entry_ = 0, size_ = 0, first_ = 0;
  bool divergence_ = false;
  bool merged_in_order_ = false;  // the merge found every list in order, so the result is
  std::vector<std::string> buffers_;
  std::vector<std::uint64_t> where_;  // empty: one buffer, entries in order from first_
};

}  // namespace adm::methods::patterns
