#include "learn/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.hpp"

namespace adm::learn {

std::vector<std::int32_t> predicted_classes(std::span<const double> proba, std::size_t classes) {
  if (classes == 0 || proba.size() % classes != 0)
    throw InternalError("predicted_classes: table size is not a multiple of the class count");
  std::vector<std::int32_t> out(proba.size() / classes);
  for (std::size_t r = 0; r < out.size(); ++r) {
    const auto row = proba.subspan(r * classes, classes);
    out[r] = static_cast<std::int32_t>(std::max_element(row.begin(), row.end()) - row.begin());
  }
  return out;
}

double accuracy(std::span<const std::int32_t> predicted, std::span<const std::int32_t> y) {
  if (predicted.size() != y.size()) throw InternalError("accuracy: size mismatch");
  if (y.empty()) return std::nan("");
  std::size_t hits = 0;
  for (std::size_t i = 0; i < y.size(); ++i) hits += predicted[i] == y[i];
  return static_cast<double>(hits) / static_cast<double>(y.size());
}

double roc_auc(std::span<const double> score, std::span<const std::int32_t> y) {
  if (score.size() != y.size()) throw InternalError("roc_auc: size mismatch");
  std::vector<std::size_t> order(y.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return score[a] < score[b]; });
  // Sum of the (mid-)ranks of the positives.
  double rank_sum = 0, positives = 0;
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j < order.size() && score[order[j]] == score[order[i]]) ++j;
    const double mid_rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (std::size_t k = i; k < j; ++k)
      if (y[order[k]] == 1) rank_sum += mid_rank, positives += 1;
    i = j;
  }
  const double negatives = static_cast<double>(y.size()) - positives;
  if (positives == 0 || negatives == 0) return std::nan("");
  return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives);
}

}  // namespace adm::learn
