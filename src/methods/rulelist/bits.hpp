#pragma once
// Fixed-length bit vectors over the rows of a data set, stored as 64-bit words so that capture
// sets of rules combine with a few AND/OR instructions per 64 rows and count with popcount.
// Bits past the last row are always zero, so counts never need a mask.
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

namespace adm::methods::rulelist {

class Bits {
 public:
  Bits() = default;
  explicit Bits(std::size_t size) : size_(size), words_((size + 63) / 64, 0) {}

  std::size_t size() const { return size_; }
  std::size_t word_count() const { return words_.size(); }
  const std::uint64_t* data() const { return words_.data(); }
  std::uint64_t* data() { return words_.data(); }

  bool get(std::size_t i) const { return (words_[i >> 6] >> (i & 63)) & 1U; }
  void set(std::size_t i) { words_[i >> 6] |= std::uint64_t{1} << (i & 63); }
  void reset(std::size_t i) { words_[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  void clear() { std::fill(words_.begin(), words_.end(), 0); }
  void fill();  // every row set

  std::size_t count() const;
  bool operator==(const Bits& other) const = default;

  Bits& operator&=(const Bits& other);
  Bits& operator|=(const Bits& other);
  Bits& and_not(const Bits& other);  // this & ~other
  Bits operator~() const;            // complement within size()

  // The rows with a set bit, in order.
  std::vector<std::size_t> indices() const;
  // "0101..." one character per row (tests and messages).
  std::string text() const;

 private:
  std::size_t size_ = 0;
  std::vector<std::uint64_t> words_;
};

Bits operator&(Bits a, const Bits& b);
Bits operator|(Bits a, const Bits& b);

// Counts over words without building temporaries (the hot loop of the search).
inline std::size_t count_and(const Bits& a, const Bits& b) {
  std::size_t n = 0;
  const auto* x = a.data();
  const auto* y = b.data();
  for (std::size_t w = 0; w < a.word_count(); ++w) n += std::popcount(x[w] & y[w]);
  return n;
}
inline std::size_t count_and3(const Bits& a, const Bits& b, const Bits& c) {
  std::size_t n = 0;
  const auto *x = a.data(), *y = b.data(), *z = c.data();
  for (std::size_t w = 0; w < a.word_count(); ++w) n += std::popcount(x[w] & y[w] & z[w]);
  return n;
}

// The counts the search needs for one child (prefix + rule), in one pass over the words:
// rows the rule captures among the uncaptured ones, how many of them are positive, and how many
// minority (equivalent-points) rows stay uncaptured. Built with a hardware popcount where the CPU
// has one (chosen at load time), which makes the search several times faster.
struct ChildCounts {
  std::size_t captured = 0, positive = 0, minority_left = 0;
};
ChildCounts child_counts(const Bits& uncaptured, const Bits& rule, const Bits& labels,
                         const Bits& minority);
// |a & b| and |a & b & c| with the same hardware popcount.
std::size_t fast_count_and(const Bits& a, const Bits& b);
std::size_t fast_count_and3(const Bits& a, const Bits& b, const Bits& c);

}  // namespace adm::methods::rulelist
