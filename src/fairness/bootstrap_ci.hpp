#pragma once
// Percentile bootstrap intervals from replicate metric vectors. Serial on purpose: the resampling
// and evaluation of replicates is spread over ranks by the task farm (evaluate_on_rows +
// to_vector); this only summarises the gathered (replicates x metrics) matrix.
#include <string>
#include <vector>

#include "fairness/group_rates.hpp"

namespace adm::fairness {

struct Interval {
  double lower = kNaN;
  double upper = kNaN;
  std::size_t used = 0;  // replicates with a non-NaN value for this metric
};

// For each metric (column), the (1 - level)/2 and (1 + level)/2 quantiles of its non-NaN replicate
// values, with linear interpolation between order statistics (R type 7 / NumPy "linear"): for
// sorted x[0..n-1] and probability p, h = (n - 1) p and q = x[floor h] + (h - floor h)(x[floor h +
// 1] - x[floor h]). NaN replicates are ignored (a metric undefined on a sample says nothing about
// its spread); an all-NaN metric gives a NaN interval with used = 0. level must be in (0, 1); every
// replicate must have the same length (InputError otherwise).
std::vector<Interval> bootstrap_ci(const std::vector<std::vector<double>>& replicates,
                                   double level = 0.95);

// The fewest replicates for which a percentile interval at `level` means something: the interval's
// ends must lie inside the replicates, not at their extremes, i.e. h = (B - 1)(1 - level)/2 >= 1
// above, so B >= 1 + 2 / (1 - level): 41 for 95 %, 21 for 90 %, 201 for 99 %. With fewer, the
// "interval" is the range of a handful of replicates (one replicate: a single point that need not
// contain the estimate).
std::size_t min_interval_replicates(double level);

// "" when `replicates` is 0 (no intervals) or enough for `level`, else a message saying why not.
std::string too_few_replicates(std::size_t replicates, double level);

// The basic (reverse-percentile) interval [2 estimate - upper, 2 estimate - lower] of a percentile
// interval of the same replicates: it reads the replicates' spread around the estimate as the
// estimate's spread around the parameter (Davison & Hinkley 1997, eq. 5.6), so a statistic whose
// replicates sit above it (a maximum over noisy candidates) gets an interval shifted down by that
// bias instead of up. Both ends are clamped at `floor` (a statistic that cannot be smaller).
Interval basic_interval(double estimate, const Interval& percentile, double floor);

// The type-7 quantile of already sorted, NaN-free values (NaN when empty).
double sorted_quantile(const std::vector<double>& sorted, double p);

}  // namespace adm::fairness
