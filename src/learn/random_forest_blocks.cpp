// Random forest grown in blocks where the trees live: each block reduces its trees to per-row
// sums (on the rows it is grown on, or on test rows), so a task farm moves rows x (2 classes + 1)
// numbers per block instead of whole trees (megabytes each at full depth), and the coordinator has
// nothing left to deserialise.
#include <algorithm>

#include "core/error.hpp"
#include "learn/random_forest.hpp"

namespace adm::learn {
namespace {

// Block layout: importance (cols), permutation importance (cols, or none), OOB votes (rows),
// OOB sums (rows x k), in-sample prediction sums (rows x k); k = classes, or 1 for regression.
struct BlockLayout {
  std::size_t cols, perm, rows, k;
  std::size_t votes() const { return cols + perm; }
  std::size_t oob() const { return votes() + rows; }
  std::size_t fitted() const { return oob() + rows * k; }
  std::size_t size() const { return fitted() + rows * k; }
};

// Per node of `tree`, k values: a leaf's class distribution (classes > 0) or mean, what a row
// ending there adds to its sums. One contiguous table per tree, computed once, instead of
// following each leaf's counts to the heap per row (a cache miss each on large trees).
std::vector<double> leaf_table(const DecisionTree& tree, std::size_t classes) {
  const std::size_t k = classes == 0 ? 1 : classes;
  const auto& nodes = tree.nodes();
  std::vector<double> table(nodes.size() * k, 0.0);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const auto& leaf = nodes[i];
    if (leaf.feature >= 0) continue;
    if (classes == 0)
      table[i] = leaf.value;
    else
      for (std::size_t j = 0; j < classes; ++j) table[i * k + j] = leaf.counts[j] / leaf.weight;
  }
  return table;
}

void add_leaf(const double* leaf, std::size_t k, double* sum) {
  for (std::size_t j = 0; j < k; ++j) sum[j] += leaf[j];
}

}  // namespace

std::vector<double> RandomForest::fit_block(const FeatureMatrix& x,
                                            const DecisionTree::ColumnIndex& index,
                                            const TreeTarget& target,
                                            std::span<const double> weights, std::size_t first,
                                            std::size_t count) const {
  if (first + count > params_.trees) throw InputError("forest: block beyond the last tree");
  const std::size_t k = target.classes == 0 ? 1 : target.classes;
  const BlockLayout at{x.cols, params_.permutation_importance ? x.cols : 0, x.rows, k};
  std::vector<double> out(at.size(), 0.0);
  const double t = static_cast<double>(params_.trees);
  for (std::size_t i = first; i < first + count; ++i) {
    // Grown here and reduced here: never serialised.
    const GrownTree g = grow_tree(x, index, target, weights, i);
    const DecisionTree& tree = g.tree;
    const std::vector<std::uint32_t>& counts = g.counts;
    for (std::size_t c = 0; c < at.perm; ++c) out[at.cols + c] += g.permutation[c] / t;
    const std::vector<double> imp = tree.importance();
    for (std::size_t c = 0; c < x.cols; ++c) out[c] += imp[c] / t;
    const std::vector<double> table = leaf_table(tree, target.classes);
    for (std::size_t r = 0; r < x.rows; ++r) {
      const double* leaf = &table[static_cast<std::size_t>(tree.leaf_of(x, r)) * k];
      add_leaf(leaf, k, &out[at.fitted() + r * k]);
      if (counts[r] != 0 || (!weights.empty() && weights[r] == 0)) continue;
      out[at.votes() + r] += 1;
      add_leaf(leaf, k, &out[at.oob() + r * k]);
    }
  }
  return out;
}

std::vector<double> RandomForest::predict_block(const FeatureMatrix& x,
                                                const DecisionTree::ColumnIndex& index,
                                                const TreeTarget& target,
                                                std::span<const double> weights,
                                                const FeatureMatrix& test, std::size_t first,
                                                std::size_t count) const {
  if (first + count > params_.trees) throw InputError("forest: block beyond the last tree");
  if (test.cols != x.cols) throw InputError("forest: test rows do not match the training columns");
  const std::size_t k = target.classes == 0 ? 1 : target.classes;
  std::vector<double> out(test.rows * k, 0.0);
  for (std::size_t i = first; i < first + count; ++i) {
    const DecisionTree tree = grow_tree(x, index, target, weights, i).tree;
    const std::vector<double> table = leaf_table(tree, target.classes);
    for (std::size_t r = 0; r < test.rows; ++r)
      add_leaf(&table[static_cast<std::size_t>(tree.leaf_of(test, r)) * k], k, &out[r * k]);
  }
  return out;
}

std::vector<double> RandomForest::mean_of_blocks(std::span<const std::vector<double>> blocks,
                                                 std::size_t trees) {
  if (blocks.empty() || trees == 0) throw InputError("forest: no blocks of trees");
  std::vector<double> mean(blocks.front().size(), 0.0);
  for (const auto& b : blocks) {
    if (b.size() != mean.size()) throw InputError("forest: blocks of different sizes");
    for (std::size_t q = 0; q < mean.size(); ++q) mean[q] += b[q];
  }
  for (double& v : mean) v /= static_cast<double>(trees);
  return mean;
}

void RandomForest::assemble_blocks(const FeatureMatrix& x, const TreeTarget& target,
                                   std::span<const double> weights,
                                   const std::vector<std::vector<double>>& blocks) {
  if ((!weights.empty() && weights.size() != x.rows) || target.size() != x.rows)
    throw InputError("forest: labels or weights do not match the number of rows");
  classes_ = target.classes;
  cols_ = x.cols;
  trees_.clear();
  const std::size_t k = classes_ == 0 ? 1 : classes_;
  const BlockLayout at{x.cols, params_.permutation_importance ? x.cols : 0, x.rows, k};
  importance_.assign(cols_, 0.0);
  permutation_.assign(at.perm, 0.0);
  std::vector<double> votes(x.rows, 0.0), sum(x.rows * k, 0.0);
  fitted_.assign(x.rows * k, 0.0);
  for (const auto& b : blocks) {
    if (b.size() != at.size()) throw InputError("forest: a block does not match the data");
    for (std::size_t c = 0; c < cols_; ++c) importance_[c] += b[c];
    for (std::size_t c = 0; c < at.perm; ++c) permutation_[c] += b[at.cols + c];
    for (std::size_t r = 0; r < x.rows; ++r) votes[r] += b[at.votes() + r];
    for (std::size_t q = 0; q < x.rows * k; ++q) {
      sum[q] += b[at.oob() + q];
      fitted_[q] += b[at.fitted() + q];
    }
  }
  for (double& v : fitted_) v /= static_cast<double>(params_.trees);
  set_oob(x, target, weights, sum, votes);
}

}  // namespace adm::learn
