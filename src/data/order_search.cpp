#include "data/order_search.hpp"

#include <bit>
#include <cmath>

#include "core/error.hpp"
#include "data/discretize.hpp"

namespace adm::data {

std::uint64_t order_key(double v) {
  const auto bits = std::bit_cast<std::uint64_t>(v);
  constexpr std::uint64_t sign = std::uint64_t{1} << 63;
  // Negative numbers: all bits flipped (larger magnitude = smaller key); others: sign bit set.
  return (bits & sign) ? ~bits : bits | sign;
}

double key_value(std::uint64_t key) {
  constexpr std::uint64_t sign = std::uint64_t{1} << 63;
  return std::bit_cast<double>((key & sign) ? key & ~sign : ~key);
}

std::vector<std::uint64_t> quantile_ranks(std::uint64_t n, int bins) {
  std::vector<std::uint64_t> out;
  if (n == 0) return out;
  out.push_back(0);
  for (int j = 1; j < bins; ++j) {
    // As quantile_cuts: position (n-1) j / bins, its floor and the next one.
    const double h = static_cast<double>((n - 1) * static_cast<std::uint64_t>(j)) / bins;
    const auto lo = static_cast<std::uint64_t>(std::floor(h));
    out.push_back(lo);
    if (lo + 1 < n) out.push_back(lo + 1);
  }
  return out;
}

std::vector<double> quantile_cuts_at(std::uint64_t n, const std::map<std::uint64_t, double>& at,
                                     int bins) {
  // A value -> count table with the needed order statistics only, placed at their ranks: the
  // table's k-th value is at(k) for every rank quantile_cuts reads.
  std::map<double, std::uint64_t> table;
  std::uint64_t placed = 0;
  for (const auto& [rank, value] : at) {
    if (rank < placed) continue;
    table[value] += rank + 1 - placed;
    placed = rank + 1;
  }
  if (placed < n) table[at.rbegin()->second] += n - placed;
  return quantile_cuts(table, bins);
}

OrderSearch::OrderSearch(std::vector<std::uint64_t> ranks)
    : ranks_(std::move(ranks)), lo_(ranks_.size(), 0), hi_(ranks_.size(), ~std::uint64_t{0}) {}

bool OrderSearch::done() const {
  for (std::size_t t = 0; t < ranks_.size(); ++t)
    if (lo_[t] != hi_[t]) return false;
  return true;
}

void OrderSearch::count(double value, std::uint64_t* counters) const {
  const std::uint64_t key = order_key(value);
  for (std::size_t t = 0; t < ranks_.size(); ++t, counters += kBuckets + 1) {
    if (key < lo_[t])
      ++counters[0];
    else if (key <= hi_[t])
      ++counters[1 + (key - lo_[t]) / step(t)];
  }
}

void OrderSearch::narrow(const std::vector<std::uint64_t>& counters) {
  for (std::size_t t = 0; t < ranks_.size(); ++t) {
    const std::uint64_t* c = counters.data() + t * (kBuckets + 1);
    if (lo_[t] == hi_[t]) continue;
    std::uint64_t below = c[0];
    std::size_t b = 0;
    while (b < kBuckets && below + c[1 + b] <= ranks_[t]) below += c[1 + b++];
    if (b == kBuckets) throw InternalError("order search: rank beyond the values counted");
    const std::uint64_t s = step(t), lo = lo_[t] + b * s;
    hi_[t] = hi_[t] - lo < s - 1 ? hi_[t] : lo + (s - 1);
    lo_[t] = lo;
  }
}

std::map<std::uint64_t, double> OrderSearch::values() const {
  std::map<std::uint64_t, double> out;
  for (std::size_t t = 0; t < ranks_.size(); ++t) out[ranks_[t]] = key_value(lo_[t]);
  return out;
}

}  // namespace adm::data
