#pragma once
// Fixed-size records in segments that never move (256 records, doubling up to 65536, then 65536
// each): a growing std::vector held its old and new arrays at once while copying (1.5 times the
// array at the peak, issue 14), and a memory cap can be checked segment by segment. The trie's
// nodes and the received prefixes waiting in the queue live in such arenas.
#include <bit>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace adm::methods::rulelist {

template <class T>
class SegmentedArena {
 public:
  T& operator[](std::size_t i) const {
    const auto [s, o] = locate(i);
    return segments_[s][o];
  }
  std::size_t capacity() const { return capacity_; }
  std::size_t bytes() const { return capacity_ * sizeof(T); }
  // Bytes the arena must grow by to hold `count` records (whole segments); hold() grows it so.
  std::size_t bytes_to_hold(std::size_t count) const {
    std::size_t capacity = capacity_;
    for (std::size_t s = segments_.size(); capacity < count; ++s) capacity += segment_size(s);
    return (capacity - capacity_) * sizeof(T);
  }
  void hold(std::size_t count) {
    while (capacity_ < count) {
      const std::size_t n = segment_size(segments_.size());
      segments_.emplace_back(new T[n]);
      capacity_ += n;
    }
  }

 private:
  static constexpr std::size_t kFirstBits = 8, kLastBits = 16;  // segment sizes 2^8 .. 2^16
  static constexpr std::size_t kRamp = ((std::size_t{1} << (kLastBits - kFirstBits + 1)) - 1)
                                       << kFirstBits;  // records in the doubling segments
  static std::size_t segment_size(std::size_t s) {
    return std::size_t{1} << (s <= kLastBits - kFirstBits ? kFirstBits + s : kLastBits);
  }
  static std::pair<std::size_t, std::size_t> locate(std::size_t i) {  // segment, offset
    if (i >= kRamp) {
      const std::size_t j = i - kRamp;
      return {kLastBits - kFirstBits + 1 + (j >> kLastBits),
              j & ((std::size_t{1} << kLastBits) - 1)};
    }
    // Segment s starts at 2^8 (2^s - 1).
    const std::size_t s = std::bit_width((i >> kFirstBits) + 1) - 1;
    return {s, i - (((std::size_t{1} << s) - 1) << kFirstBits)};
  }
  std::vector<std::unique_ptr<T[]>> segments_;
  std::size_t capacity_ = 0;
};

}  // namespace adm::methods::rulelist
