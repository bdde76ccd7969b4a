#pragma once
// Everything Fair Forests reports for one model's held-out predictions (section 4.1): accuracy
// beside the majority-class accuracy (or RMSE), Discrimination (eq. 6/7), Delta = Accuracy -
// Discrimination, MaxD (eq. 8), Inconsistency (eq. 9) and a flag for constant predictions, each
// with a percentile bootstrap interval.
//
// Bootstrap: replicate b draws n rows with replacement from Rng(seed, stream, b), so the intervals
// do not depend on ranks or threads, and two models scored on the same rows with the same stream
// see the same resamples (paired intervals). A replicate is evaluated through the multiplicity of
// each row, O(n) per replicate after one sort. Inconsistency resamples the per-row terms of the
// full-data neighbour search (see inconsistency_terms). A metric undefined on a replicate (a group
// drawn empty, a constant protected value) is NaN there and ignored by bootstrap_ci. Percentile
// intervals of a maximum (MaxD) lean upward and can miss the point estimate when the true
// dependence is near zero: each replicate maximises over the noise of every threshold's gap once
// more, so replicates sit above the estimate as the estimate sits above the true value. Eq. (8)
// is kept as the paper defines it (and its percentile interval as before). Beside it,
// maxd_min_group takes the maximum only over thresholds that leave at least min_group rows on
// each side (so a gap between 2 and 998 people cannot decide it) and is reported the way a
// statistic with a bootstrap-estimated bias is (Efron & Tibshirani 1993, ch. 10; Davison &
// Hinkley 1997, eq. 5.6): the bias-corrected value 2 v - mean(replicates) with the basic
// (reverse-percentile) interval [2 v - q_hi, 2 v - q_lo], both clamped at 0. Both subtract the
// replicates' upward lean instead of adding it, and the interval is centred on the corrected
// value, so it contains it (whenever the replicates' mean lies between their quantiles). The
// plug-in maximum v stays in maxd_min_group_plugin: near zero dependence it can lie above the
// interval, which bounds the parameter, not v. A replicate or a sample with no threshold leaving
// min_group rows on each side gives NaN there, not an error.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "fairness/bootstrap_ci.hpp"

namespace adm::fairness {

enum class FairTask { Classification, Regression };

struct FairMetricsInputs {
  FairTask task = FairTask::Classification;
  std::span<const double> y_true;  // classification: class codes 0, 1, ...; regression: values
  std::span<const double> y_pred;  // the same kind as y_true (predicted class codes or values)
  // What Discrimination, MaxD and Inconsistency measure; empty = y_pred (the paper: hard labels in
  // classification, predicted values in regression). Pass P(Y = 1) here to measure scores.
  std::span<const double> scores = {};
  // Nominal protected attribute, codes 0..groups-1; empty = no Discrimination (and no Delta).
  std::span<const std::int32_t> group = {};
  std::size_t groups = 0;  // k of eq. (7), 2 gives eq. (6); 0 = max(group) + 1
  std::string group_name = "protected attribute";
  // Numeric protected attribute; empty = no MaxD.
  std::span<const double> protected_value = {};
  std::string protected_name = "numeric protected attribute";
  // Feature columns for Inconsistency (see knn_columns); null = no Inconsistency.
  const std::vector<std::vector<double>>* knn_features = nullptr;
  std::size_t knn_k = 5;
  // Optional: the neighbour lists of knn_features for knn_k (nearest_neighbours), computed once
  // for several models on the same rows; the search is skipped and the result is the same.
  const std::vector<std::uint32_t>* knn_neighbours = nullptr;
};

struct FairMetricsOptions {
  std::size_t replicates = 1000;  // 0 = point estimates only (intervals NaN)
  double level = 0.95;
  std::uint64_t seed = 0;
  std::string stream = "fairmetrics.bootstrap";
  // Rows each side of a threshold must keep for maxd_min_group (0 = do not compute it).
  std::size_t maxd_min_group = 0;
};

struct FairEstimate {
  double value = kNaN;  // NaN: not applicable (e.g. RMSE of a classifier) or not requested
  Interval ci;
};

struct FairMetricsReport {
  FairTask task = FairTask::Classification;
  std::size_t rows = 0;
  std::size_t groups = 0;  // 0 when no nominal protected attribute was given
  // Classification: share of y_pred == y_true, beside the share of the most frequent y_true class
  // (that class is fixed from all rows, not re-chosen per replicate).
  FairEstimate accuracy;
  FairEstimate majority_accuracy;
  // Regression (the paper's Table 4 prints MSE, its text RMSE).
  FairEstimate rmse;
  FairEstimate mse;
  FairEstimate discrimination;   // eq. (6) for two groups, eq. (7) otherwise
  FairEstimate delta;            // classification: accuracy - discrimination, per replicate
  FairEstimate maxd;             // eq. (8)
  double maxd_threshold = kNaN;  // t of the best split {x < t} vs {x >= t}
  // Eq. (8) over thresholds with >= maxd_min_group rows each side: bias-corrected value and basic
  // bootstrap interval (the plug-in value when there is no bootstrap), the plug-in maximum and
  // its threshold.
  FairEstimate maxd_min_group;
  double maxd_min_group_plugin = kNaN;
  double maxd_min_group_threshold = kNaN;
  FairEstimate inconsistency;         // eq. (9)
  bool constant_predictions = false;  // every y_pred equal: accuracy is a majority-class rate
  std::size_t replicates = 0;
};

// InputError (naming the attribute) on mismatched lengths, non-finite values, an empty group, a
// constant numeric protected attribute or knn_k >= rows.
FairMetricsReport fair_metrics(const FairMetricsInputs& inputs,
                               const FairMetricsOptions& options = {});

}  // namespace adm::fairness
