#pragma once
// One tree of a Fair Forests model (../shared/papers/fair-forests.txt, sections 3 and 4.3) as a
// task: grown on one fold's training rows, it returns only what the protocol needs — its
// predictions on the fold's held-out rows and its per-feature mean decrease in (label) impurity —
// never the tree itself, so a task farm moves a few kilobytes per tree, not a full-depth tree.
//
// Rows are selected by weight over one matrix of all rows (train and test), indexed once
// (DecisionTree::ColumnIndex): a training row's weight is its bootstrap count (forests) or 1
// (single trees), every other row has weight 0, so no per-fold copy of the data is made.
#include <cstdint>
#include <string>
#include <vector>

#include "learn/cart.hpp"
#include "learn/fair_criterion.hpp"

namespace adm::methods::fairforest {

// The learning problem: every row of the evaluation (training and held-out).
struct Problem {
  learn::FeatureMatrix x;
  learn::DecisionTree::ColumnIndex index;  // index_columns(x)
  std::size_t classes = 0;                 // 0: regression
  std::vector<std::int32_t> labels;        // classification
  std::vector<double> values;              // regression
  bool regression() const { return classes == 0; }
};

// The attribute a fair tree protects: codes 0..levels-1 (nominal) or values (levels == 0).
// `excluded` are matrix columns that may not be split on (the attribute itself and the column it
// is derived from, unless the config allows it).
struct Protected {
  std::string name;
  std::vector<std::int32_t> codes;
  std::size_t levels = 0;
  std::vector<double> values;
  std::vector<std::size_t> excluded;
  bool nominal() const { return levels > 0; }
};

// DT, DT^F, DT^F_c, RF, RF^F, RF^F_c: a single CART tree or a bagged forest, plain or fair.
struct ModelSpec {
  std::string name;
  bool forest = false;
  bool fair = false;               // protect `Protected` (nominal or numeric as it comes)
  std::size_t trees = 1;           // forests: bootstrap samples of the training rows
  std::size_t trees_per_task = 1;  // forests: trees grown by one farm task (granularity)
  learn::CartParams tree;          // mtry = 0: every column (single trees); forests set it
  bool any_gain = true;            // fair trees split on their best candidate even when G_fair <= 0
};

// Grows tree `tree` of `spec` on `train` and returns
//   [prediction for each row of `test` (class code or mean) ..., label MDI per matrix column ...].
// Its bootstrap and candidate draws come from streams named by (seed, fold, tree) only, so tree t
// of fold f sees the same bootstrap sample in every model (paired comparisons) and on any rank.
// `prot` may be null for plain models; fair models need it.
std::vector<double> fit_tree_task(const Problem& problem, const Protected* prot,
                                  const ModelSpec& spec, const std::vector<std::size_t>& train,
                                  const std::vector<std::size_t>& test, std::uint64_t seed,
                                  std::size_t fold, std::size_t tree);

// The tree itself that fit_tree_task grows for the same arguments (the pipeline stores one).
learn::DecisionTree grow_tree(const Problem& problem, const Protected* prot, const ModelSpec& spec,
                              const std::vector<std::size_t>& train, std::uint64_t seed,
                              std::size_t fold, std::size_t tree);

// Mean decrease in the label's impurity per column: sum over a tree's splits of
// w_p I(p) - w_l I(l) - w_r I(r), with I the (unnormalised) Gini impurity, or the squared-error
// decrease for regression — the label part only, so a plain and a fair tree are measured alike.
std::vector<double> label_mdi(const learn::DecisionTree& tree);

}  // namespace adm::methods::fairforest
