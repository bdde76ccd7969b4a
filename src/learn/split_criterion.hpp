#pragma once
// Node impurity measures for CART splits: the pluggable part of DecisionTree (learn/cart.hpp).
//
// How the tree uses a criterion. For a node with weighted class counts n_k (total w) it calls
// impurity(n, w); for a candidate split into left/right children it calls gain(), which by default
//   gain = I(parent) - (w_l / w) I(left) - (w_r / w) I(right)        (per unit weight).
// The tree takes the candidate with the largest improvement w * gain (rpart's "improvement"), adds
// that improvement to the split column's importance(), and stops when it is below cp * W * I(root).
// An impurity must be 0 on pure nodes, >= 0, and concave in the class proportions, so that every
// gain is >= 0. A new criterion implements impurity(), name() and clone(); one whose penalty is not
// a node impurity (e.g. a fairness-regularised criterion) overrides gain() instead.
//
// Regression trees use the same interface with "counts" = the node's additive sufficient
// statistics {sum w (y - c), sum w (y - c)^2} (c a fixed centring constant), so the tree's sorted
// scans are shared by both tasks; VarianceCriterion reads them.
#include <memory>
#include <span>
#include <string>

namespace adm::learn {

class SplitCriterion {
 public:
  virtual ~SplitCriterion() = default;
  // Impurity of a node with weighted class counts `counts` summing to `total` (> 0).
  virtual double impurity(std::span<const double> counts, double total) const = 0;
  // Parent impurity minus the weight-averaged child impurities; counts per class, totals > 0.
  virtual double gain(std::span<const double> parent, double parent_total,
                      std::span<const double> left, double left_total,
                      std::span<const double> right, double right_total) const;
  virtual std::string name() const = 0;
  virtual std::unique_ptr<SplitCriterion> clone() const = 0;
  // True for criteria whose gain() reads the target's side statistics after the label's
  // (TreeTarget::side_*; learn/fair_criterion.hpp); the others see the label part only.
  virtual bool reads_side() const { return false; }
};

// 1 - sum p_k^2.
class GiniCriterion : public SplitCriterion {
 public:
  double impurity(std::span<const double> counts, double total) const override;
  std::string name() const override { return "gini"; }
  std::unique_ptr<SplitCriterion> clone() const override;
};

// -sum p_k log p_k (nats; rpart's "information" split).
class EntropyCriterion : public SplitCriterion {
 public:
  double impurity(std::span<const double> counts, double total) const override;
  std::string name() const override { return "entropy"; }
  std::unique_ptr<SplitCriterion> clone() const override;
};

// Weighted variance of y (regression, rpart's "anova"): improvement w * gain is the reduction of
// the sum of squared errors. counts = {sum w (y - c), sum w (y - c)^2}.
class VarianceCriterion : public SplitCriterion {
 public:
  double impurity(std::span<const double> counts, double total) const override;
  std::string name() const override { return "mse"; }
  std::unique_ptr<SplitCriterion> clone() const override;
};

// "gini", "entropy" or "mse"; InputError otherwise.
std::unique_ptr<SplitCriterion> make_criterion(const std::string& name);

}  // namespace adm::learn
