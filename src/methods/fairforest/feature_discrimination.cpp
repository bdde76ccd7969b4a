#include "methods/fairforest/feature_discrimination.hpp"

#include <algorithm>
#include <limits>

#include "fairness/fair_metrics.hpp"

namespace adm::methods::fairforest {

double feature_discrimination(const Protected& attribute, const std::vector<std::size_t>& rows,
                              const std::vector<double>& yhat) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  if (attribute.nominal()) {
    // Compact codes over the levels present, so eq. (7) sees no empty group.
    std::vector<std::int32_t> compact(attribute.levels, -1);
    std::vector<std::int32_t> group(rows.size());
    std::int32_t k = 0;
    for (const std::size_t r : rows) {
      auto& c = compact[static_cast<std::size_t>(attribute.codes[r])];
      if (c < 0) c = 0;
    }
    for (auto& c : compact)
      if (c == 0) c = k++;
    if (k < 2) return kNaN;
    for (std::size_t q = 0; q < rows.size(); ++q)
      group[q] = compact[static_cast<std::size_t>(attribute.codes[rows[q]])];
    return fairness::discrimination_k(yhat, group, static_cast<std::size_t>(k));
  }
  std::vector<double> value(rows.size());
  for (std::size_t q = 0; q < rows.size(); ++q) value[q] = attribute.values[rows[q]];
  const auto [lo, hi] = std::minmax_element(value.begin(), value.end());
  if (value.empty() || *lo == *hi) return kNaN;
  return fairness::max_discrimination(yhat, value).value;
}

}  // namespace adm::methods::fairforest
