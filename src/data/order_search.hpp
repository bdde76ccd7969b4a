#pragma once
// Exact order statistics of values spread over ranks, when there are too many distinct values to
// exchange a value -> count table: histogram refinement. Each needed rank k keeps an interval of
// order keys known to hold the k-th smallest value; a pass over the rows counts the values below
// the interval and in each of kBuckets equal parts of it; the merged counts name the part holding
// rank k, which becomes the next interval. Keys are the doubles' bits in value order, so at most
// ceil(64 / 12) = 6 passes end on one key: the exact value.
#include <cstdint>
#include <map>
#include <vector>

namespace adm::data {

// Order-preserving map of non-NaN doubles to 64-bit keys, and back.
std::uint64_t order_key(double v);
double key_value(std::uint64_t key);

// The 0-based ranks quantile_cuts reads for `n` values and `bins` bins.
std::vector<std::uint64_t> quantile_ranks(std::uint64_t n, int bins);

// quantile_cuts from the values at those ranks (rank -> value).
std::vector<double> quantile_cuts_at(std::uint64_t n, const std::map<std::uint64_t, double>& at,
                                     int bins);

class OrderSearch {
 public:
  static constexpr std::uint64_t kBuckets = 4096;

  explicit OrderSearch(std::vector<std::uint64_t> ranks);
  bool done() const;
  // Counters of one pass: per rank still searched, [below, bucket 0 .. kBuckets-1].
  std::size_t counters() const { return ranks_.size() * (kBuckets + 1); }
  // Adds one value to a pass's counters.
  void count(double value, std::uint64_t* counters) const;
  // Narrows every interval from a pass's merged counters.
  void narrow(const std::vector<std::uint64_t>& counters);
  std::map<std::uint64_t, double> values() const;  // rank -> value, once done()

 private:
  std::uint64_t step(std::size_t t) const { return (hi_[t] - lo_[t]) / kBuckets + 1; }
  std::vector<std::uint64_t> ranks_, lo_, hi_;
};

}  // namespace adm::data
