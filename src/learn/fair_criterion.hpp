#pragma once
// The fair split criterion of Fair Forests (Raff, Sylvester & Mills 2018, section 3; the paper is
// ../shared/papers/fair-forests.txt):
//   G_fair(T, b) = G^label(T, b) - G^protected(T, b)                                     (eq. 4)
// where each gain is normalised to [0, 1]: for a nominal attribute (label or protected) the
// decrease of the normalised Gini impurity of eq. (3), I(T) = (1 - sum p_k^2) / (1 - 1/m) with m
// the attribute's number of values; for a numeric one the mean-shift gain of eq. (5),
//   G_r(T, b) = (1/3) sum_i |T_i|/|T| min(|mu_b,T - mu_b,T_i| / sigma_b,T, 3),
// i.e. the printed formula WITHOUT its leading "1 -": as printed, G_r is 1 for a split that
// leaves every child's mean where the parent's was, so subtracting it would reward splits that
// separate the protected attribute (and, for a numeric label, reward splits that do not separate
// the label). NOTES.md ("Fair Forests") gives the reasoning; mean_shift_gain_as_printed() is kept
// so a test can show which split each version prefers.
//
// How the tree feeds it. DecisionTree (learn/cart.hpp) scans additive per-node statistics; a fair
// tree's TreeTarget carries the protected attribute as its `side` part, and every statistics
// vector is laid out as
//   [label part | protected part]
// label part: weighted class counts (nominal, `label_values` classes) or {sum w (y - c),
// sum w (y - c)^2} (numeric); protected part: weighted counts per protected value (nominal) or
// {sum w (a - c_a), sum w (a - c_a)^2} (numeric). The centring constants cancel in every mean
// difference and variance used here.
#include <memory>
#include <span>
#include <string>

#include "learn/split_criterion.hpp"

namespace adm::learn {

enum class AttributeKind { Nominal, Numeric };

// Eq. (3): Gini impurity divided by its maximum 1 - 1/values (values >= 2).
double normalised_gini(std::span<const double> counts, double total, std::size_t values);

// Decrease of the normalised Gini impurity from parent to the two children.
double normalised_gini_gain(std::span<const double> parent, double parent_total,
                            std::span<const double> left, double left_total,
                            std::span<const double> right, double right_total, std::size_t values);

// Eq. (5), oriented as a gain (see above): stats are {sum w (v - c), sum w (v - c)^2}. 0 when the
// parent's standard deviation is 0 (no child can shift its mean).
double mean_shift_gain(std::span<const double> parent, double parent_total,
                       std::span<const double> left, double left_total,
                       std::span<const double> right, double right_total);
// Eq. (5) exactly as printed: 1 - mean_shift_gain(). Not used by the criterion.
double mean_shift_gain_as_printed(std::span<const double> parent, double parent_total,
                                  std::span<const double> left, double left_total,
                                  std::span<const double> right, double right_total);

class FairCriterion : public SplitCriterion {
 public:
  // values: classes of a nominal label / levels of a nominal protected attribute (>= 2); ignored
  // for numeric ones. InputError when a nominal attribute has fewer than 2 values.
  FairCriterion(AttributeKind label, std::size_t label_values, AttributeKind protected_kind,
                std::size_t protected_values);

  // Label impurity only (normalised Gini, or the variance of a numeric label): the tree stops at
  // nodes where it is 0, whatever the protected attribute looks like there.
  double impurity(std::span<const double> counts, double total) const override;
  // G^label - G^protected, in [-1, 1].
  double gain(std::span<const double> parent, double parent_total, std::span<const double> left,
              double left_total, std::span<const double> right, double right_total) const override;
  // The two parts of gain(), for tests and reports.
  double label_gain(std::span<const double> parent, double parent_total,
                    std::span<const double> left, double left_total, std::span<const double> right,
                    double right_total) const;
  double protected_gain(std::span<const double> parent, double parent_total,
                        std::span<const double> left, double left_total,
                        std::span<const double> right, double right_total) const;
  std::string name() const override { return "fair"; }
  std::unique_ptr<SplitCriterion> clone() const override;
  bool reads_side() const override { return true; }

  std::size_t label_width() const { return label_width_; }
  std::size_t width() const { return label_width_ + protected_width_; }

 private:
  AttributeKind label_, protected_;
  std::size_t label_values_, protected_values_;
  std::size_t label_width_, protected_width_;
};

}  // namespace adm::learn
