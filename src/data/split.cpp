#include "data/split.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "core/error.hpp"

namespace adm::data {
namespace {

std::size_t test_count(std::size_t n, double fraction) {
  if (!(fraction >= 0.0 && fraction <= 1.0))
    throw InputError("test fraction must be in [0, 1], got " + std::to_string(fraction));
  return static_cast<std::size_t>(std::llround(static_cast<double>(n) * fraction));
}

// Rows grouped by label, in label order, each group in row order.
std::map<std::int32_t, std::vector<std::size_t>> strata(const std::vector<std::int32_t>& labels) {
  std::map<std::int32_t, std::vector<std::size_t>> out;
  for (std::size_t r = 0; r < labels.size(); ++r) out[labels[r]].push_back(r);
  return out;
}

TrainTest from_mask(const std::vector<std::uint8_t>& in_test) {
  TrainTest out;
  for (std::size_t r = 0; r < in_test.size(); ++r) (in_test[r] ? out.test : out.train).push_back(r);
  return out;
}

}  // namespace

TrainTest train_test_split(std::size_t n, double test_fraction, Rng& rng) {
  const std::size_t m = test_count(n, test_fraction);
  std::vector<std::size_t> rows(n);
  std::iota(rows.begin(), rows.end(), std::size_t{0});
  shuffle(rows, rng);
  std::vector<std::uint8_t> in_test(n, 0);
  for (std::size_t i = 0; i < m; ++i) in_test[rows[i]] = 1;
  return from_mask(in_test);
}

TrainTest stratified_train_test_split(const std::vector<std::int32_t>& labels, double test_fraction,
                                      Rng& rng) {
  const std::size_t total = test_count(labels.size(), test_fraction);
  auto groups = strata(labels);
  // Largest-remainder apportionment: floors first, then one more to the largest remainders.
  std::vector<std::size_t> take;
  std::vector<std::pair<double, std::size_t>>
      remainders;  // (-remainder, group) sorts largest first
  std::size_t assigned = 0;
  for (const auto& [label, rows] : groups) {
    const double share = static_cast<double>(rows.size()) * test_fraction;
    const auto base = static_cast<std::size_t>(std::floor(share));
    remainders.emplace_back(-(share - static_cast<double>(base)), take.size());
    take.push_back(base);
    assigned += base;
  }
  std::sort(remainders.begin(), remainders.end());
  for (std::size_t i = 0; assigned < total && i < remainders.size(); ++i, ++assigned)
    ++take[remainders[i].second];
  std::vector<std::uint8_t> in_test(labels.size(), 0);
  std::size_t g = 0;
  for (auto& [label, rows] : groups) {
    shuffle(rows, rng);
    for (std::size_t i = 0; i < take[g] && i < rows.size(); ++i) in_test[rows[i]] = 1;
    ++g;
  }
  return from_mask(in_test);
}

std::vector<std::vector<std::size_t>> stratified_kfold(const std::vector<std::int32_t>& labels,
                                                       int k, Rng& rng) {
  if (k < 2 || static_cast<std::size_t>(k) > labels.size())
    throw InputError("cross-validation needs 2 <= folds <= rows; got " + std::to_string(k) +
                     " folds for " + std::to_string(labels.size()) + " rows");
  std::vector<std::vector<std::size_t>> folds(static_cast<std::size_t>(k));
  // Deal each shuffled class round-robin, continuing where the previous class stopped: per-class
  // and total fold sizes then both differ by at most one.
  std::size_t next = 0;
  for (auto& [label, rows] : strata(labels)) {
    shuffle(rows, rng);
    for (std::size_t r : rows) {
      folds[next].push_back(r);
      next = (next + 1) % folds.size();
    }
  }
  for (auto& fold : folds) std::sort(fold.begin(), fold.end());
  return folds;
}

TrainTest fold_split(const std::vector<std::vector<std::size_t>>& folds, std::size_t fold) {
  if (fold >= folds.size()) throw InternalError("fold_split: fold index out of range");
  TrainTest out;
  out.test = folds[fold];
  for (std::size_t f = 0; f < folds.size(); ++f)
    if (f != fold) out.train.insert(out.train.end(), folds[f].begin(), folds[f].end());
  std::sort(out.train.begin(), out.train.end());
  return out;
}

std::vector<std::uint32_t> bootstrap_counts(std::size_t n, Rng& rng) {
  std::vector<std::uint32_t> times(n, 0);
  for (std::size_t k = 0; k < n; ++k) ++times[rng.uniform_index(n)];
  return times;
}

std::vector<std::size_t> bootstrap_sample(std::size_t n, Rng& rng) {
  // Sorted output (cache-friendly for the callers) by counting, O(n) instead of a sort.
  const auto times = bootstrap_counts(n, rng);
  std::vector<std::size_t> out;
  out.reserve(n);
  for (std::size_t r = 0; r < n; ++r) out.insert(out.end(), times[r], r);
  return out;
}

std::vector<std::size_t> out_of_bag(const std::vector<std::size_t>& sample, std::size_t n) {
  std::vector<std::uint8_t> seen(n, 0);
  for (std::size_t r : sample)
    if (r < n) seen[r] = 1;
  std::vector<std::size_t> out;
  for (std::size_t r = 0; r < n; ++r)
    if (!seen[r]) out.push_back(r);
  return out;
}

}  // namespace adm::data
