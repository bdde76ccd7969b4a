// One model's Fair Forests metrics with percentile bootstrap intervals (see fair_report.hpp).
#include "methods/fairforest/model_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "fairness/fair_metrics.hpp"
#include "fairness/fair_weighted.hpp"

namespace adm::fairness {
namespace {

// Column order of the replicate matrix.
enum Metric : std::size_t {
  kAcc,
  kMajority,
  kMse,
  kDisc,
  kDelta,
  kMaxD,
  kMaxDMin,
  kIncon,
  kMetrics
};

void check_column(std::span<const double> values, std::size_t rows, const std::string& what) {
  if (values.size() != rows)
    throw InputError("Fair Forests metrics: " + what + " has " + std::to_string(values.size()) +
                     " values but y_true has " + std::to_string(rows));
  for (std::size_t i = 0; i < rows; ++i)
    if (!std::isfinite(values[i]))
      throw InputError("Fair Forests metrics: " + what + " of row " + std::to_string(i) +
                       " is not finite (drop or impute missing rows first)");
}

// Runs a metric and prefixes its InputError with the attribute's name.
template <class F>
auto named(const std::string& name, F&& f) {
  try {
    return f();
  } catch (const InputError& e) {
    throw InputError(name + ": " + e.what());
  }
}

double weighted_mean(std::span<const double> values, std::span<const double> weight) {
  double sum = 0.0, count = 0.0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double w = weight.empty() ? 1.0 : weight[i];
    sum += w * values[i];
    count += w;
  }
  return sum / count;
}

// The most frequent class code (the smallest among equally frequent ones).
double majority_class(std::span<const double> y) {
  std::map<double, std::size_t> counts;
  for (double v : y) ++counts[v];
  return std::max_element(counts.begin(), counts.end(),
                          [](const auto& a, const auto& b) { return a.second < b.second; })
      ->first;
}

}  // namespace

FairMetricsReport fair_metrics(const FairMetricsInputs& in, const FairMetricsOptions& options) {
  const std::size_t n = in.y_true.size();
  if (n == 0) throw InputError("Fair Forests metrics: no held-out rows");
  check_column(in.y_true, n, "y_true");
  check_column(in.y_pred, n, "y_pred");
  const std::span<const double> scores = in.scores.empty() ? in.y_pred : in.scores;
  check_column(scores, n, "scores");
  const bool classification = in.task == FairTask::Classification;

  FairMetricsReport out;
  out.task = in.task;
  out.rows = n;
  out.constant_predictions =
      std::all_of(in.y_pred.begin(), in.y_pred.end(), [&](double v) { return v == in.y_pred[0]; });

  // Per-row terms whose (weighted) means are accuracy, majority accuracy and MSE.
  std::vector<double> correct, majority, squared;
  if (classification) {
    const double top = majority_class(in.y_true);
    correct.resize(n);
    majority.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      correct[i] = in.y_pred[i] == in.y_true[i] ? 1.0 : 0.0;
      majority[i] = in.y_true[i] == top ? 1.0 : 0.0;
    }
    out.accuracy.value = weighted_mean(correct, {});
    out.majority_accuracy.value = weighted_mean(majority, {});
  } else {
    squared.resize(n);
    for (std::size_t i = 0; i < n; ++i)
      squared[i] = (in.y_pred[i] - in.y_true[i]) * (in.y_pred[i] - in.y_true[i]);
    out.mse.value = weighted_mean(squared, {});
    out.rmse.value = std::sqrt(out.mse.value);
  }

  const bool has_group = !in.group.empty();
  if (has_group) {
    if (in.group.size() != n)
      throw InputError(in.group_name + ": " + std::to_string(in.group.size()) +
                       " group codes but " + std::to_string(n) + " rows");
    out.groups = in.groups;
    if (out.groups == 0)
      out.groups = static_cast<std::size_t>(
          std::max(0, *std::max_element(in.group.begin(), in.group.end()) + 1));
    out.discrimination.value = named(in.group_name, [&] {
      return out.groups == 2 ? discrimination_binary(scores, in.group)
                             : discrimination_k(scores, in.group, out.groups);
    });
    if (classification) out.delta.value = out.accuracy.value - out.discrimination.value;
  }

  const bool has_protected = !in.protected_value.empty();
  std::vector<std::size_t> order;
  if (has_protected) {
    const MaxD best =
        named(in.protected_name, [&] { return max_discrimination(scores, in.protected_value); });
    out.maxd.value = best.value;
    out.maxd_threshold = best.threshold;
    order = detail::order_by_value(in.protected_value);
  }
  const auto min_side = static_cast<double>(options.maxd_min_group);
  const bool has_min_group = has_protected && options.maxd_min_group > 0;
  if (has_min_group) {
    // NaN (not an error) when the sample is too small for the rule: the paper's MaxD still stands.
    const MaxD best =
        detail::max_discrimination_sorted(scores, in.protected_value, order, {}, min_side);
    out.maxd_min_group.value = out.maxd_min_group_plugin = best.value;
    out.maxd_min_group_threshold = best.threshold;
  }

  std::vector<double> incon_terms;
  if (in.knn_features != nullptr) {
    incon_terms = named("Inconsistency", [&] {
      return in.knn_neighbours ? inconsistency_terms(*in.knn_neighbours, scores, in.knn_k)
                               : inconsistency_terms(*in.knn_features, scores, in.knn_k);
    });
    out.inconsistency.value = weighted_mean(incon_terms, {});
  }

  out.replicates = options.replicates;
  if (options.replicates == 0) return out;
  std::vector<std::vector<double>> reps(options.replicates, std::vector<double>(kMetrics, kNaN));
  std::vector<double> weight(n);
  for (std::size_t b = 0; b < options.replicates; ++b) {
    Rng rng(options.seed, options.stream, b);
    std::fill(weight.begin(), weight.end(), 0.0);
    for (std::size_t draw = 0; draw < n; ++draw) weight[rng.uniform_index(n)] += 1.0;
    auto& r = reps[b];
    if (classification) {
      r[kAcc] = weighted_mean(correct, weight);
      r[kMajority] = weighted_mean(majority, weight);
    } else {
      r[kMse] = weighted_mean(squared, weight);
    }
    if (has_group) {
      r[kDisc] = detail::discrimination_weighted(scores, in.group, out.groups, weight);
      if (classification) r[kDelta] = r[kAcc] - r[kDisc];
    }
    if (has_min_group) {
      // One walk gives the paper's MaxD and the min-group one.
      const auto both = detail::max_discrimination_sorted_pair(scores, in.protected_value, order,
                                                               weight, min_side);
      r[kMaxD] = both.all.value;
      r[kMaxDMin] = both.limited.value;
    } else if (has_protected) {
      r[kMaxD] = detail::max_discrimination_sorted(scores, in.protected_value, order, weight).value;
    }
    if (!incon_terms.empty()) r[kIncon] = weighted_mean(incon_terms, weight);
  }
  const auto ci = bootstrap_ci(reps, options.level);
  out.accuracy.ci = ci[kAcc];
  out.majority_accuracy.ci = ci[kMajority];
  out.mse.ci = ci[kMse];
  // sqrt is monotone, so the RMSE interval is the square root of the MSE interval.
  out.rmse.ci = {std::sqrt(ci[kMse].lower), std::sqrt(ci[kMse].upper), ci[kMse].used};
  out.discrimination.ci = ci[kDisc];
  out.delta.ci = ci[kDelta];
  out.maxd.ci = ci[kMaxD];
  // A maximum gets the basic interval (see fair_report.hpp); MaxD is never below 0.
  if (has_min_group) {
    const double v = out.maxd_min_group_plugin;
    out.maxd_min_group.ci = basic_interval(v, ci[kMaxDMin], 0.0);
    double sum = 0.0, used = 0.0;
    for (const auto& r : reps)
      if (!std::isnan(r[kMaxDMin])) sum += r[kMaxDMin], used += 1.0;
    // Bias-corrected: v - (mean(replicates) - v), never below 0 (nor below the clamped interval).
    if (used > 0.0) out.maxd_min_group.value = std::max(0.0, 2.0 * v - sum / used);
  }
  out.inconsistency.ci = ci[kIncon];
  return out;
}

}  // namespace adm::fairness
