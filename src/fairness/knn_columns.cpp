// Feature columns for the Inconsistency neighbour search: categorical features one-hot, so every
// level is equally far from every other (codes would make level 3 nearer to 2 than to 0).
#include "core/error.hpp"
#include "fairness/fair_metrics.hpp"

namespace adm::fairness {

std::vector<std::vector<double>> knn_columns(const std::vector<const data::Column*>& features) {
  std::vector<std::vector<double>> out;
  for (const data::Column* column : features) {
    const std::size_t n = column->size();
    if (column->is_numeric()) {
      if (column->missing_count() > 0)
        throw InputError("Inconsistency: numeric feature '" + column->name() +
                         "' has missing values; the neighbour search needs complete rows");
      out.push_back(data::to_vector(column->values()));
      continue;
    }
    const auto& codes = column->codes();
    for (std::size_t level = 0; level < column->level_count(); ++level) {
      std::vector<double> indicator(n, 0.0);
      for (std::size_t i = 0; i < n; ++i)
        if (codes[i] == static_cast<std::int32_t>(level)) indicator[i] = 1.0;
      out.push_back(std::move(indicator));
    }
  }
  return out;
}

}  // namespace adm::fairness
