#pragma once
// Weighted forms of eqs. (6)-(8) behind fair_metrics.hpp and fair_report.hpp. A weight is a row's
// multiplicity in a bootstrap sample (empty = every row once), so a replicate is evaluated in O(n)
// without copying rows. Inputs are assumed validated (the public functions do that); undefined
// results are NaN here, never errors.
#include <cstdint>
#include <span>
#include <vector>

#include "fairness/fair_metrics.hpp"
#include "fairness/group_rates.hpp"

namespace adm::fairness::detail {

// Eq. (6) for k = 2, eq. (7) otherwise; NaN if a group carries no weight.
double discrimination_weighted(std::span<const double> yhat, std::span<const std::int32_t> group,
                               std::size_t k, std::span<const double> weight);

// Row indices ordered by protected value (stable, so equal values keep row order).
std::vector<std::size_t> order_by_value(std::span<const double> values);

// Eq. (8) over rows already ordered by protected value; value NaN if fewer than two distinct
// values carry weight. min_side > 0 tries only thresholds that leave at least that much weight
// (rows, counted with their multiplicity) on each side; NaN if none does. min_side <= 1 is the
// paper's eq. (8): every threshold between two distinct values.
MaxD max_discrimination_sorted(std::span<const double> yhat,
                               std::span<const double> protected_value,
                               std::span<const std::size_t> order, std::span<const double> weight,
                               double min_side = 0.0);

// Both maxima of one walk over the rows: `all` over every threshold (eq. 8) and `limited` over
// those leaving at least min_side weight on each side (as max_discrimination_sorted with
// min_side). A bootstrap replicate that reports both pays for one pass, not two.
struct MaxDPair {
  MaxD all, limited;
};
MaxDPair max_discrimination_sorted_pair(std::span<const double> yhat,
                                        std::span<const double> protected_value,
                                        std::span<const std::size_t> order,
                                        std::span<const double> weight, double min_side);

}  // namespace adm::fairness::detail
