#include "fairness/bootstrap_ci.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/error.hpp"

namespace adm::fairness {

double sorted_quantile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return kNaN;
  const double h = static_cast<double>(sorted.size() - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

Interval basic_interval(double estimate, const Interval& percentile, double floor) {
  Interval out = percentile;
  // std::max(floor, NaN) would be floor: an undefined end stays NaN.
  const auto clamp = [&](double v) { return std::isnan(v) ? v : std::max(floor, v); };
  out.lower = clamp(2.0 * estimate - percentile.upper);
  out.upper = clamp(2.0 * estimate - percentile.lower);
  return out;
}

std::size_t min_interval_replicates(double level) {
  // The small slack keeps round-off in 1 - level (0.050000000000000044) from adding one.
  return static_cast<std::size_t>(std::ceil(2.0 / (1.0 - level) - 1e-9)) + 1;
}

std::string too_few_replicates(std::size_t replicates, double level) {
  const std::size_t least = min_interval_replicates(level);
  if (replicates == 0 || replicates >= least) return "";
  char percent[32];
  std::snprintf(percent, sizeof percent, "%g", level * 100);
  return "a " + std::string(percent) + " % percentile interval needs at least " +
         std::to_string(least) + " replicates (got " + std::to_string(replicates) +
         "), else its ends are the extreme replicates; use 0 for no intervals";
}

std::vector<Interval> bootstrap_ci(const std::vector<std::vector<double>>& replicates,
                                   double level) {
  if (!(level > 0.0 && level < 1.0))
    throw InputError("bootstrap_ci: confidence level must be in (0, 1), got " +
                     std::to_string(level));
  if (replicates.empty()) return {};
  const std::size_t metrics = replicates.front().size();
  for (std::size_t r = 0; r < replicates.size(); ++r)
    if (replicates[r].size() != metrics)
      throw InputError("bootstrap_ci: replicate " + std::to_string(r) + " has " +
                       std::to_string(replicates[r].size()) + " values, expected " +
                       std::to_string(metrics));
  const double alpha = 1.0 - level;
  std::vector<Interval> out(metrics);
  std::vector<double> column;
  column.reserve(replicates.size());
  for (std::size_t m = 0; m < metrics; ++m) {
    column.clear();
    for (const auto& rep : replicates)
      if (!std::isnan(rep[m])) column.push_back(rep[m]);
    std::sort(column.begin(), column.end());
    out[m].used = column.size();
    out[m].lower = sorted_quantile(column, alpha / 2.0);
    out[m].upper = sorted_quantile(column, 1.0 - alpha / 2.0);
  }
  return out;
}

}  // namespace adm::fairness
