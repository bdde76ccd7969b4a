#include "methods/patterns/top_patterns.hpp"

#include <algorithm>
#include <cstring>
#include <functional>

#include "core/error.hpp"

namespace adm::methods::patterns {

TopPatterns::TopPatterns(std::size_t k, std::size_t key_size) : k_(k), key_size_(key_size) {
  if (k > 0xffffffffu) throw InputError("pattern mining: k must be below 2^32");
}

bool TopPatterns::worse(std::uint32_t a, std::uint32_t b) const {
  if (score_[a] != score_[b]) return score_[a] < score_[b];
  // memcmp orders bytes as unsigned, as std::vector<std::uint8_t>'s operator< does.
  return std::memcmp(&keys_[a * key_size_], &keys_[b * key_size_], key_size_) > 0;
}

void TopPatterns::sift_up(std::size_t i) {
  const std::uint32_t s = heap_[i];
  while (i > 0) {
    const std::size_t parent = (i - 1) / 2;
    if (!worse(s, heap_[parent])) break;
    heap_[i] = heap_[parent];
    i = parent;
  }
  heap_[i] = s;
}

void TopPatterns::sift_down(std::size_t i) {
  const std::uint32_t s = heap_[i];
  const std::size_t n = heap_.size();
  for (;;) {
    std::size_t c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && worse(heap_[c + 1], heap_[c])) ++c;
    if (!worse(heap_[c], s)) break;
    heap_[i] = heap_[c];
    i = c;
  }
  heap_[i] = s;
}

bool TopPatterns::admits(double score, const std::uint8_t* key) const {
  if (k_ == 0) return false;
  if (heap_.size() < k_) return true;
  const std::uint32_t slot = heap_[0];
  const double w = score_[slot];
  return score > w || (score == w && std::memcmp(key, &keys_[slot * key_size_], key_size_) < 0);
}

bool TopPatterns::offer(double score, const std::uint8_t* key, const PatternScores& scores) {
  if (!admits(score, key)) return false;
  if (heap_.size() < k_) {
    const auto slot = static_cast<std::uint32_t>(heap_.size());
    score_.push_back(score);
    scores_.push_back(scores);
    keys_.insert(keys_.end(), key, key + key_size_);
    heap_.push_back(slot);
    sift_up(heap_.size() - 1);
    return true;
  }
  const std::uint32_t slot = heap_[0];  // full: the new one replaces the worst
  score_[slot] = score;
  scores_[slot] = scores;
  std::memcpy(&keys_[slot * key_size_], key, key_size_);
  sift_down(0);
  return true;
}

std::vector<FoundPattern> TopPatterns::sorted() const {
  std::vector<std::uint32_t> order(heap_);
  std::sort(order.begin(), order.end(),
            [this](std::uint32_t a, std::uint32_t b) { return worse(b, a); });
  std::vector<FoundPattern> out;
  out.reserve(order.size());
  for (const std::uint32_t s : order) {
    const std::uint8_t* k = &keys_[s * key_size_];
    out.push_back(FoundPattern{PatternKey(k, k + key_size_), score_[s], scores_[s]});
  }
  return out;
}

std::vector<double> TopPatterns::scores_descending() const {
  std::vector<double> out(score_.begin(), score_.end());
  std::sort(out.begin(), out.end(), std::greater<>());
  return out;
}

}  // namespace adm::methods::patterns
