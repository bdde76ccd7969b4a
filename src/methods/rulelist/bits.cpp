#include "methods/rulelist/bits.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace adm::methods::rulelist {
namespace {

void check_same(const Bits& a, const Bits& b) {
  if (a.size() != b.size())
    throw InternalError("rulelist: bit vectors of " + std::to_string(a.size()) + " and " +
                        std::to_string(b.size()) + " rows combined");
}

}  // namespace

void Bits::fill() {
  std::fill(words_.begin(), words_.end(), ~std::uint64_t{0});
  if (size_ % 64 != 0 && !words_.empty()) words_.back() = (std::uint64_t{1} << (size_ % 64)) - 1;
}

std::size_t Bits::count() const {
  std::size_t n = 0;
  for (auto w : words_) n += std::popcount(w);
  return n;
}

Bits& Bits::operator&=(const Bits& other) {
  check_same(*this, other);
  for (std::size_t w = 0; w < words_.size(); ++w) words_[w] &= other.words_[w];
  return *this;
}

Bits& Bits::operator|=(const Bits& other) {
  check_same(*this, other);
  for (std::size_t w = 0; w < words_.size(); ++w) words_[w] |= other.words_[w];
  return *this;
}

Bits& Bits::and_not(const Bits& other) {
  check_same(*this, other);
  for (std::size_t w = 0; w < words_.size(); ++w) words_[w] &= ~other.words_[w];
  return *this;
}

Bits Bits::operator~() const {
  Bits all(size_);
  all.fill();
  return all.and_not(*this);
}

std::vector<std::size_t> Bits::indices() const {
  std::vector<std::size_t> out;
  for (std::size_t w = 0; w < words_.size(); ++w)
    for (std::uint64_t x = words_[w]; x != 0; x &= x - 1)
      out.push_back(w * 64 + static_cast<std::size_t>(std::countr_zero(x)));
  return out;
}

std::string Bits::text() const {
  std::string s(size_, '0');
  for (std::size_t i = 0; i < size_; ++i)
    if (get(i)) s[i] = '1';
  return s;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define ADM_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define ADM_POPCNT_CLONES
#endif

ADM_POPCNT_CLONES
ChildCounts child_counts(const Bits& uncaptured, const Bits& rule, const Bits& labels,
                         const Bits& minority) {
  const std::uint64_t *u = uncaptured.data(), *r = rule.data(), *y = labels.data(),
                      *m = minority.data();
  std::size_t cap = 0, pos = 0, left = 0;
  for (std::size_t w = 0; w < uncaptured.word_count(); ++w) {
    const std::uint64_t c = u[w] & r[w];
    cap += static_cast<std::size_t>(std::popcount(c));
    pos += static_cast<std::size_t>(std::popcount(c & y[w]));
    left += static_cast<std::size_t>(std::popcount(u[w] & ~r[w] & m[w]));
  }
  return {cap, pos, left};
}

ADM_POPCNT_CLONES
std::size_t fast_count_and(const Bits& a, const Bits& b) {
  std::size_t n = 0;
  const std::uint64_t *x = a.data(), *y = b.data();
  for (std::size_t w = 0; w < a.word_count(); ++w)
    n += static_cast<std::size_t>(std::popcount(x[w] & y[w]));
  return n;
}

ADM_POPCNT_CLONES
std::size_t fast_count_and3(const Bits& a, const Bits& b, const Bits& c) {
  std::size_t n = 0;
  const std::uint64_t *x = a.data(), *y = b.data(), *z = c.data();
  for (std::size_t w = 0; w < a.word_count(); ++w)
    n += static_cast<std::size_t>(std::popcount(x[w] & y[w] & z[w]));
  return n;
}

Bits operator&(Bits a, const Bits& b) { return a &= b; }
Bits operator|(Bits a, const Bits& b) { return a |= b; }

}  // namespace adm::methods::rulelist
