#include "learn/fair_criterion.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace adm::learn {

double normalised_gini(std::span<const double> counts, double total, std::size_t values) {
  double sum_sq = 0;
  for (const double c : counts) sum_sq += (c / total) * (c / total);
  const double max_gini = 1 - 1 / static_cast<double>(values);
  return std::clamp((1 - sum_sq) / max_gini, 0.0, 1.0);
}

double normalised_gini_gain(std::span<const double> parent, double parent_total,
                            std::span<const double> left, double left_total,
                            std::span<const double> right, double right_total, std::size_t values) {
  return normalised_gini(parent, parent_total, values) -
         left_total / parent_total * normalised_gini(left, left_total, values) -
         right_total / parent_total * normalised_gini(right, right_total, values);
}

double mean_shift_gain(std::span<const double> parent, double parent_total,
                       std::span<const double> left, double left_total,
                       std::span<const double> right, double right_total) {
  const double mean = parent[0] / parent_total;
  const double var = parent[1] / parent_total - mean * mean;
  // Rounding can leave a tiny variance on a constant node; no shift is meaningful there.
  if (!(var > 1e-12 * std::max(1.0, parent[1] / parent_total))) return 0.0;
  const double sd = std::sqrt(var);
  auto shift = [&](double sum, double total) {
    return total / parent_total * std::min(std::abs(mean - sum / total) / sd, 3.0);
  };
  return (shift(left[0], left_total) + shift(right[0], right_total)) / 3;
}

double mean_shift_gain_as_printed(std::span<const double> parent, double parent_total,
                                  std::span<const double> left, double left_total,
                                  std::span<const double> right, double right_total) {
  return 1 - mean_shift_gain(parent, parent_total, left, left_total, right, right_total);
}

FairCriterion::FairCriterion(AttributeKind label, std::size_t label_values,
                             AttributeKind protected_kind, std::size_t protected_values)
    : label_(label),
      protected_(protected_kind),
      label_values_(label_values),
      protected_values_(protected_values) {
  if (label_ == AttributeKind::Nominal && label_values_ < 2)
    throw InputError("fair criterion: a nominal label needs at least 2 classes");
  if (protected_ == AttributeKind::Nominal && protected_values_ < 2)
    throw InputError("fair criterion: a nominal protected attribute needs at least 2 values");
  label_width_ = label_ == AttributeKind::Nominal ? label_values_ : 2;
  protected_width_ = protected_ == AttributeKind::Nominal ? protected_values_ : 2;
}

double FairCriterion::impurity(std::span<const double> counts, double total) const {
  if (label_ == AttributeKind::Nominal)
    return normalised_gini(counts.first(label_width_), total, label_values_);
  const double mean = counts[0] / total;
  return std::max(0.0, counts[1] / total - mean * mean);
}

double FairCriterion::label_gain(std::span<const double> parent, double parent_total,
                                 std::span<const double> left, double left_total,
                                 std::span<const double> right, double right_total) const {
  const std::size_t w = label_width_;
  if (label_ == AttributeKind::Nominal)
    return normalised_gini_gain(parent.first(w), parent_total, left.first(w), left_total,
                                right.first(w), right_total, label_values_);
  return mean_shift_gain(parent.first(w), parent_total, left.first(w), left_total, right.first(w),
                         right_total);
}

double FairCriterion::protected_gain(std::span<const double> parent, double parent_total,
                                     std::span<const double> left, double left_total,
                                     std::span<const double> right, double right_total) const {
  const std::size_t o = label_width_, w = protected_width_;
  if (protected_ == AttributeKind::Nominal)
    return normalised_gini_gain(parent.subspan(o, w), parent_total, left.subspan(o, w), left_total,
                                right.subspan(o, w), right_total, protected_values_);
  return mean_shift_gain(parent.subspan(o, w), parent_total, left.subspan(o, w), left_total,
                         right.subspan(o, w), right_total);
}

double FairCriterion::gain(std::span<const double> parent, double parent_total,
                           std::span<const double> left, double left_total,
                           std::span<const double> right, double right_total) const {
  // A tree without the protected statistics would read past its vectors.
  if (parent.size() != width() || left.size() != width() || right.size() != width())
    throw InternalError("fair criterion: statistics of width " + std::to_string(parent.size()) +
                        ", expected " + std::to_string(width()) +
                        " (is the protected attribute in the tree's target?)");
  return label_gain(parent, parent_total, left, left_total, right, right_total) -
         protected_gain(parent, parent_total, left, left_total, right, right_total);
}

std::unique_ptr<SplitCriterion> FairCriterion::clone() const {
  return std::make_unique<FairCriterion>(*this);
}

}  // namespace adm::learn
