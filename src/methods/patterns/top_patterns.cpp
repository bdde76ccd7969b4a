#include "methods/patterns/top_patterns.hpp"

#include <algorithm>
#include <cstring>
#include <functional>

#include "core/error.hpp"

namespace adm::methods::patterns {

TopPatterns::TopPatterns(std::size_t k, std::size_t key_size) : k_(k), key_size_(key_size) {
  if (k > 0xffffffffu) throw InputError("pattern mining: k must be below 2^32");
}

bool TopPatterns::worse(const Entry& a, const Entry& b) const {
  if (a.score != b.score) return a.score < b.score;
  // memcmp orders bytes as unsigned, as std::vector<std::uint8_t>'s operator< does.
  return std::memcmp(&keys_[a.slot * key_size_], &keys_[b.slot * key_size_], key_size_) > 0;
}

// A 4-ary heap: half the levels of a binary one, and a node's children share a cache line or two,
// which matters once k entries outgrow the caches (200,000 entries are 3.2 MB).
void TopPatterns::sift_up(std::size_t i, Entry e) {
  while (i > 0) {
    const std::size_t parent = (i - 1) / 4;
    if (!worse(e, heap_[parent])) break;
    heap_[i] = heap_[parent];
    i = parent;
  }
  heap_[i] = e;
}

// The replacement of the worst usually belongs near the bottom: walk the hole down along the worst
// child to a leaf (Floyd's bottom-up variant), then move e up from there.
void TopPatterns::sift_down_from_top(Entry e) {
  const std::size_t n = heap_.size();
  std::size_t i = 0;
  for (std::size_t c = 1; c < n; c = 4 * i + 1) {
    std::size_t w = c;
    const std::size_t end = std::min(c + 4, n);
    // Which child the walk takes is known only after comparing them: fetch all grandchildren now.
    for (std::size_t j = c, g = 4 * c + 1; j < end && g < n; ++j, g += 4)
      __builtin_prefetch(&heap_[g]);
    for (std::size_t j = c + 1; j < end; ++j)
      if (worse(heap_[j], heap_[w])) w = j;
    heap_[i] = heap_[w];
    i = w;
  }
  sift_up(i, e);
}

bool TopPatterns::admits(double score, const std::uint8_t* key) const {
  if (k_ == 0) return false;
  if (heap_.size() < k_) return true;
  const Entry& w = heap_[0];
  return score > w.score ||
         (score == w.score && std::memcmp(key, &keys_[w.slot * key_size_], key_size_) < 0);
}

bool TopPatterns::offer(double score, const std::uint8_t* key, const PatternScores& scores) {
  if (!admits(score, key)) return false;
  if (heap_.size() < k_) {
    const auto slot = static_cast<std::uint32_t>(heap_.size());
    scores_.push_back(scores);
    slot_scores_.push_back(score);
    keys_.insert(keys_.end(), key, key + key_size_);
    heap_.push_back({score, slot});
    sift_up(heap_.size() - 1, heap_.back());
    return true;
  }
  const std::uint32_t slot = heap_[0].slot;  // full: the new one replaces the worst
  scores_[slot] = scores;
  slot_scores_[slot] = score;
  std::memcpy(&keys_[slot * key_size_], key, key_size_);
  sift_down_from_top({score, slot});
  return true;
}

std::vector<FoundPattern> TopPatterns::sorted() const {
  std::vector<Entry> order(heap_);
  std::sort(order.begin(), order.end(),
            [this](const Entry& a, const Entry& b) { return worse(b, a); });
  std::vector<FoundPattern> out;
  out.reserve(order.size());
  for (const Entry& e : order) {
    const std::uint8_t* k = &keys_[e.slot * key_size_];
    out.push_back(FoundPattern{PatternKey(k, k + key_size_), e.score, scores_[e.slot]});
  }
  return out;
}

std::vector<double> TopPatterns::scores_descending() const {
  std::vector<double> out;
  out.reserve(heap_.size());
  for (const Entry& e : heap_) out.push_back(e.score);
  std::sort(out.begin(), out.end(), std::greater<>());
  return out;
}

}  // namespace adm::methods::patterns
