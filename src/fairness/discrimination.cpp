// Eqs. (6)-(8) of Fair Forests: group mean gaps of the predictions.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "core/error.hpp"
#include "fairness/fair_metrics.hpp"
#include "fairness/fair_weighted.hpp"

namespace adm::fairness {
namespace {

void check_finite(std::span<const double> values, const char* what, const char* metric) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i]))
      throw InputError(std::string(metric) + ": " + what + " of row " + std::to_string(i) +
                       " is not finite (drop or impute missing rows first)");
}

void check_lengths(std::size_t yhat, std::size_t other, const char* what, const char* metric) {
  if (yhat != other)
    throw InputError(std::string(metric) + ": " + std::to_string(yhat) + " predictions but " +
                     std::to_string(other) + " " + what);
  if (yhat == 0) throw InputError(std::string(metric) + ": no rows");
}

// Codes in 0..k-1 and every group present, so eq. (6)/(7) is defined.
void check_groups(std::span<const std::int32_t> group, std::size_t k, const char* metric) {
  std::vector<std::size_t> size(k, 0);
  for (std::size_t i = 0; i < group.size(); ++i) {
    if (group[i] < 0 || static_cast<std::size_t>(group[i]) >= k)
      throw InputError(std::string(metric) + ": protected group code " + std::to_string(group[i]) +
                       " of row " + std::to_string(i) + " is outside 0.." + std::to_string(k - 1));
    ++size[static_cast<std::size_t>(group[i])];
  }
  for (std::size_t g = 0; g < k; ++g)
    if (size[g] == 0)
      throw InputError(std::string(metric) + ": protected group " + std::to_string(g) +
                       " is empty (no rows), so its mean prediction is undefined");
}

struct GroupSums {
  std::vector<double> sum, count;  // weighted, per group
};

GroupSums group_sums(std::span<const double> yhat, std::span<const std::int32_t> group,
                     std::size_t k, std::span<const double> weight) {
  GroupSums s{std::vector<double>(k, 0.0), std::vector<double>(k, 0.0)};
  for (std::size_t i = 0; i < yhat.size(); ++i) {
    const double w = weight.empty() ? 1.0 : weight[i];
    const auto g = static_cast<std::size_t>(group[i]);
    s.sum[g] += w * yhat[i];
    s.count[g] += w;
  }
  return s;
}

// |mu_0 - mu_1|
double eq6(const GroupSums& s) { return std::abs(s.sum[0] / s.count[0] - s.sum[1] / s.count[1]); }

// (2 / k) sum_g |mu - mu_g|
double eq7(const GroupSums& s) {
  const double mu = std::accumulate(s.sum.begin(), s.sum.end(), 0.0) /
                    std::accumulate(s.count.begin(), s.count.end(), 0.0);
  double total = 0.0;
  for (std::size_t g = 0; g < s.sum.size(); ++g) total += std::abs(mu - s.sum[g] / s.count[g]);
  return 2.0 / static_cast<double>(s.sum.size()) * total;
}

}  // namespace

namespace detail {

double discrimination_weighted(std::span<const double> yhat, std::span<const std::int32_t> group,
                               std::size_t k, std::span<const double> weight) {
  const GroupSums s = group_sums(yhat, group, k, weight);
  for (std::size_t g = 0; g < k; ++g)
    if (s.count[g] == 0.0) return kNaN;
  return k == 2 ? eq6(s) : eq7(s);
}

std::vector<std::size_t> order_by_value(std::span<const double> values) {
  std::vector<std::size_t> order(values.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  return order;
}

MaxDPair max_discrimination_sorted_pair(std::span<const double> yhat,
                                        std::span<const double> protected_value,
                                        std::span<const std::size_t> order,
                                        std::span<const double> weight, double min_side) {
  double total_sum = 0.0, total_count = 0.0;
  for (std::size_t r : order) {
    const double w = weight.empty() ? 1.0 : weight[r];
    total_sum += w * yhat[r];
    total_count += w;
  }
  // Walk the sorted rows; at each new distinct value t among rows with weight, the rows passed so
  // far are {x < t} and the rest {x >= t}. Strict > keeps the smallest t among equal gaps.
  MaxDPair best{{kNaN, kNaN}, {kNaN, kNaN}};
  double left_sum = 0.0, left_count = 0.0, last_value = kNaN;
  for (std::size_t r : order) {
    const double w = weight.empty() ? 1.0 : weight[r];
    if (w == 0.0) continue;
    // left_count > 0 and a new value imply a non-empty right side; min_side asks for more.
    if (left_count > 0.0 && protected_value[r] != last_value) {
      const double gap =
          std::abs(left_sum / left_count - (total_sum - left_sum) / (total_count - left_count));
      if (std::isnan(best.all.value) || gap > best.all.value) best.all = {gap, protected_value[r]};
      if (left_count >= min_side && total_count - left_count >= min_side &&
          (std::isnan(best.limited.value) || gap > best.limited.value))
        best.limited = {gap, protected_value[r]};
    }
    left_sum += w * yhat[r];
    left_count += w;
    last_value = protected_value[r];
  }
  return best;
}

MaxD max_discrimination_sorted(std::span<const double> yhat,
                               std::span<const double> protected_value,
                               std::span<const std::size_t> order, std::span<const double> weight,
                               double min_side) {
  return max_discrimination_sorted_pair(yhat, protected_value, order, weight, min_side).limited;
}

}  // namespace detail

double discrimination_binary(std::span<const double> yhat, std::span<const std::int32_t> group) {
  const char* metric = "Discrimination (eq. 6)";
  check_lengths(yhat.size(), group.size(), "protected group codes", metric);
  check_finite(yhat, "prediction", metric);
  check_groups(group, 2, metric);
  return detail::discrimination_weighted(yhat, group, 2, {});
}

double discrimination_k(std::span<const double> yhat, std::span<const std::int32_t> group,
                        std::size_t k) {
  const char* metric = "Discrimination (eq. 7)";
  if (k < 2)
    throw InputError(std::string(metric) + ": needs k >= 2 groups, got " + std::to_string(k));
  check_lengths(yhat.size(), group.size(), "protected group codes", metric);
  check_finite(yhat, "prediction", metric);
  check_groups(group, k, metric);
  // Eq. (7) even for k = 2, so the test that eqs. (6) and (7) agree compares two formulas.
  return eq7(group_sums(yhat, group, k, {}));
}

MaxD max_discrimination(std::span<const double> yhat, std::span<const double> protected_value,
                        std::size_t min_group) {
  const char* metric = "MaxD (eq. 8)";
  check_lengths(yhat.size(), protected_value.size(), "protected values", metric);
  check_finite(yhat, "prediction", metric);
  check_finite(protected_value, "protected value", metric);
  const auto order = detail::order_by_value(protected_value);
  const MaxD best = detail::max_discrimination_sorted(yhat, protected_value, order, {},
                                                      static_cast<double>(min_group));
  const bool constant = std::all_of(protected_value.begin(), protected_value.end(),
                                    [&](double v) { return v == protected_value[0]; });
  if (std::isnan(best.value) && !constant)
    throw InputError(std::string(metric) +
                     ": no threshold of the numeric protected attribute "
                     "leaves at least " +
                     std::to_string(min_group) + " rows on each side");
  if (std::isnan(best.value))
    throw InputError(std::string(metric) +
                     ": the numeric protected attribute is constant, so no threshold splits it and "
                     "MaxD is undefined");
  return best;
}

}  // namespace adm::fairness
