#include "learn/split_criterion.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace adm::learn {

double SplitCriterion::gain(std::span<const double> parent, double parent_total,
                            std::span<const double> left, double left_total,
                            std::span<const double> right, double right_total) const {
  return impurity(parent, parent_total) - left_total / parent_total * impurity(left, left_total) -
         right_total / parent_total * impurity(right, right_total);
}

double GiniCriterion::impurity(std::span<const double> counts, double total) const {
  double sum_sq = 0;
  for (const double c : counts) sum_sq += (c / total) * (c / total);
  return std::max(0.0, 1 - sum_sq);
}

std::unique_ptr<SplitCriterion> GiniCriterion::clone() const {
  return std::make_unique<GiniCriterion>(*this);
}

double EntropyCriterion::impurity(std::span<const double> counts, double total) const {
  double h = 0;
  for (const double c : counts) {
    if (c > 0) h -= (c / total) * std::log(c / total);
  }
  return std::max(0.0, h);
}

std::unique_ptr<SplitCriterion> EntropyCriterion::clone() const {
  return std::make_unique<EntropyCriterion>(*this);
}

double VarianceCriterion::impurity(std::span<const double> counts, double total) const {
  const double mean = counts[0] / total;
  return std::max(0.0, counts[1] / total - mean * mean);
}

std::unique_ptr<SplitCriterion> VarianceCriterion::clone() const {
  return std::make_unique<VarianceCriterion>(*this);
}

std::unique_ptr<SplitCriterion> make_criterion(const std::string& name) {
  if (name == "gini") return std::make_unique<GiniCriterion>();
  if (name == "entropy") return std::make_unique<EntropyCriterion>();
  if (name == "mse") return std::make_unique<VarianceCriterion>();
  throw InputError("unknown split criterion '" + name + "' (expected gini, entropy or mse)");
}

}  // namespace adm::learn
