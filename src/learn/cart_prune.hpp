#pragma once
// Cost-complexity pruning of CART trees (Breiman et al. 1984, ch. 3; rpart's cptable).
//
// Scale. With node risk R (misclassified weight, or sum of squared errors; learn/cart.hpp), the
// weakest-link alpha of a split t is g(t) = (R(t) - R(T_t)) / (|leaves(T_t)| - 1), minimised over
// the current tree and pruned repeatedly; alpha is in risk units. rpart's CP is alpha / R(root),
// and so is CpRow::cp: the numbers match rpart's cptable directly. rel_error = R(T) / R(root);
// xerror and xstd are the cross-validated risk and its standard error over R(root), computed as
// rpart's xval does (fold trees grown on the other folds with alpha scaled by the fold's share of
// the weight, each row predicted at the geometric means of consecutive CPs).
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "core/rng.hpp"
#include "learn/cart.hpp"

namespace adm::learn {

// Complexities within this factor of a cut are pruned by it: a CP read back from a table times
// R(root) may differ from the alpha it came from in the last bit.
inline constexpr double kCpTolerance = 1 + 1e-9;

// Per node: the alpha (risk units) at which the weakest-link sequence turns it into a leaf; 0 for
// leaves. Children never exceed their parent. Nodes must be in DecisionTree layout (children
// after parents).
std::vector<double> weakest_link_alphas(const std::vector<DecisionTree::Node>& nodes);

struct CpRow {
  double cp = 0;           // alpha / R(root): the tree of this row is optimal for cp >= this
  std::size_t nsplit = 0;  // splits of that tree
  double rel_error = 0;    // R(tree) / R(root)
  double xerror = std::numeric_limits<double>::quiet_NaN();
  double xstd = std::numeric_limits<double>::quiet_NaN();
};

// The pruning sequence of a fitted tree, largest CP (root only) first, ending at the tree's own
// cp (the grown tree), like rpart's cptable without the xval columns.
std::vector<CpRow> cp_table(const DecisionTree& tree);

// rpart's default folds: a random permutation of 0,1,..,k-1,0,1,.. (balanced sizes).
std::vector<std::size_t> make_folds(std::size_t rows, std::size_t k, Rng& rng);

// cp_table(tree) with xerror/xstd from K-fold CV; folds[r] in 0..K-1 (rpart's xval = fold ids).
// `tree` must have been fitted on (x, target, weights) with its params().
std::vector<CpRow> cross_validate(const DecisionTree& tree, const FeatureMatrix& x,
                                  const TreeTarget& target, std::span<const double> weights,
                                  const std::vector<std::size_t>& folds);

// Row of the table to use: the smallest tree of minimal xerror, or with one_se the smallest tree
// with xerror <= min xerror + its xstd (Breiman's 1-SE rule).
std::size_t choose_row(const std::vector<CpRow>& table, bool one_se);

struct PrunedTree {
  DecisionTree tree;         // the grown tree pruned at the chosen cp
  std::vector<CpRow> table;  // with xerror / xstd
  std::size_t row = 0;       // chosen row of table
  double cp = 0;             // table[row].cp
};

// Grow with params, cross-validate with `folds` folds drawn from rng, prune at the chosen cp.
PrunedTree fit_pruned(const CartParams& params, const FeatureMatrix& x, const TreeTarget& target,
                      std::span<const double> weights, std::size_t folds, Rng& rng,
                      bool one_se = false);

}  // namespace adm::learn
