#pragma once
// The fairness metrics of Fair Forests (Raff, Sylvester & Mills 2018, section 4.1), measured on
// held-out predictions: Discrimination for a binary (eq. 6) or k-valued (eq. 7) protected
// attribute, MaxD over every threshold of a numeric one (eq. 8) and Inconsistency from k nearest
// neighbours (eq. 9). fair_report.hpp combines them with accuracy / RMSE and bootstrap intervals.
//
// NaN policy: the metrics are defined on complete data only. A NaN or infinite prediction or
// protected value, a negative or out-of-range group code, or a non-finite feature is an InputError
// naming the argument; callers drop or encode missing rows before calling. (A bootstrap replicate
// on which a metric is undefined, e.g. a group drawn empty, gets NaN there instead: see
// fair_report.hpp.)
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "data/column.hpp"

namespace adm::fairness {

// Eq. (6): |mean(yhat | group 0) - mean(yhat | group 1)|. Codes must be 0 or 1 and both groups
// non-empty (InputError naming the empty one).
double discrimination_binary(std::span<const double> yhat, std::span<const std::int32_t> group);

// Eq. (7): (2 / k) * sum_i |mu - mu_i|, mu the mean of all predictions and mu_i the mean in group
// i. Codes must lie in 0..k-1 and every group must be non-empty (InputError); k >= 2. Equals eq.
// (6) for k = 2 (appendix A.1: mu lies between mu_1 and mu_2).
double discrimination_k(std::span<const double> yhat, std::span<const std::int32_t> group,
                        std::size_t k);

// Eq. (8). The paper writes argmax but means the largest value; both are returned. `threshold` is
// the t of the best split {x < t} vs {x >= t}, always one of the protected values (the smallest
// value of the upper side), so the split can be reproduced exactly. Every threshold between two
// distinct values is tried (one sort, O(n log n)); ties in the value go to the smallest t.
struct MaxD {
  double value = 0.0;
  double threshold = 0.0;
};
// min_group > 1 tries only thresholds with at least min_group rows on each side (the paper's eq. 8
// is min_group = 1: a side of one row may decide the maximum). InputError if protected_value has
// fewer than two distinct values (MaxD is undefined there) or no threshold leaves min_group rows
// on each side.
MaxD max_discrimination(std::span<const double> yhat, std::span<const double> protected_value,
                        std::size_t min_group = 1);

// Eq. (9): mean over rows i of |yhat_i - mean of yhat over the k nearest neighbours of row i|.
// - columns: the feature columns, one vector per feature, all of the same length as yhat,
//   numeric (a categorical feature arrives one-hot encoded: see knn_columns).
// - scaling: each column is min-max scaled to [0, 1] over the given rows (a constant column
//   becomes 0), so a numeric feature and a one-hot indicator weigh alike.
// - distance: Euclidean on the scaled columns (a k-d tree from nanoflann finds the candidates).
// - neighbours: the k other rows nearest to row i; row i itself is never its own neighbour, but a
//   duplicate of it (distance 0) is. Ties at the k-th distance go to the lower row index, so the
//   result is deterministic and equals a brute-force search under the same rule.
// InputError if k == 0, k >= rows, column lengths differ from yhat, or a value is not finite.
double inconsistency(const std::vector<std::vector<double>>& columns, std::span<const double> yhat,
                     std::size_t k);

// The per-row terms |yhat_i - mean_{j in kNN(i)} yhat_j| whose mean is eq. (9); the bootstrap of
// fair_report.hpp resamples these (resampling rows before the search would make duplicates each
// other's neighbours at distance 0 and bias Inconsistency down).
std::vector<double> inconsistency_terms(const std::vector<std::vector<double>>& columns,
                                        std::span<const double> yhat, std::size_t k);

// The part of eq. (9) that does not depend on the predictions, so that several models evaluated on
// the same rows share it (the neighbour search is most of the metrics' cost: ~0.1 ms a row at 10^5
// rows, once per model before): row i's k neighbours under the rule above, row-major (k per row,
// in order of distance, then row). n rows of the given columns; InputError as inconsistency().
std::vector<std::uint32_t> nearest_neighbours(const std::vector<std::vector<double>>& columns,
                                              std::size_t n, std::size_t k);
// The terms from neighbour lists of nearest_neighbours (k per row of yhat): the same values, bit
// for bit, as inconsistency_terms(columns, yhat, k).
std::vector<double> inconsistency_terms(std::span<const std::uint32_t> neighbours,
                                        std::span<const double> yhat, std::size_t k);

// Feature columns for inconsistency(): a numeric column as its values, a categorical one as one 0/1
// indicator per level (a missing categorical cell gets all indicators 0). A missing numeric cell is
// an InputError naming the column.
std::vector<std::vector<double>> knn_columns(const std::vector<const data::Column*>& features);

}  // namespace adm::fairness
