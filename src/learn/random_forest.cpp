#include "learn/random_forest.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace adm::learn {

namespace {

// Weighted error of one tree on the rows of `x` (all OOB rows of that tree).
double tree_error(const DecisionTree& tree, const FeatureMatrix& x, const TreeTarget& target,
                  const std::vector<std::size_t>& rows, const std::vector<double>& w) {
  double err = 0, total = 0;
  for (std::size_t q = 0; q < rows.size(); ++q) {
    const double pred = tree.nodes()[static_cast<std::size_t>(tree.leaf_of(x, q))].value;
    const std::size_t r = rows[q];
    const double e = target.regression()
                         ? (target.values[r] - pred) * (target.values[r] - pred)
                         : (static_cast<double>(target.labels[r]) != pred ? 1.0 : 0.0);
    err += w[r] * e;
    total += w[r];
  }
  return total > 0 ? err / total : 0.0;
}

}  // namespace

RandomForest::RandomForest(ForestParams params) : params_(std::move(params)) {
  if (params_.trees < 1) throw InputError("forest: trees must be at least 1");
  if (!(params_.sample_fraction > 0) || params_.sample_fraction > 1) {
    throw InputError("forest: sample_fraction must be in (0, 1]");
  }
  bool any = params_.feature_weights.empty();
  for (const double f : params_.feature_weights) {
    if (!std::isfinite(f) || f < 0) throw InputError("forest: feature weights must be >= 0");
    any = any || f > 0;
  }
  if (!any) throw InputError("forest: every feature weight is 0");
  DecisionTree(tree_params(0, false));  // validates the tree settings with CART's messages
}

std::size_t RandomForest::mtry(std::size_t cols, bool regression) const {
  std::size_t p = cols;
  if (!params_.feature_weights.empty()) {
    p = static_cast<std::size_t>(std::count_if(params_.feature_weights.begin(),
                                               params_.feature_weights.end(),
                                               [](double f) { return f > 0; }));
  }
  if (params_.mtry > 0) return std::min(params_.mtry, p);
  const auto m =
      regression ? p / 3 : static_cast<std::size_t>(std::floor(std::sqrt(static_cast<double>(p))));
  return std::max<std::size_t>(1, m);
}

CartParams RandomForest::tree_params(std::size_t cols, bool regression) const {
  CartParams p;
  p.max_depth = params_.max_depth;
  p.min_split = params_.min_split;
  p.min_leaf = params_.min_leaf;
  p.cp = 0;  // forests grow full trees
  p.criterion = params_.criterion;
  p.mtry = cols == 0 ? 0 : mtry(cols, regression);
  p.feature_weights = params_.feature_weights;
  return p;
}

std::vector<std::uint32_t> RandomForest::bootstrap(std::size_t rows, std::size_t i) const {
  Rng rng(params_.seed, "forest-bootstrap", i);
  std::vector<std::uint32_t> counts(rows, 0);
  const auto draws = static_cast<std::size_t>(
      std::max(1.0, std::round(params_.sample_fraction * static_cast<double>(rows))));
  for (std::size_t d = 0; d < draws; ++d)
    ++counts[static_cast<std::size_t>(rng.uniform_index(rows))];
  return counts;
}

RandomForest::GrownTree RandomForest::grow_tree(const FeatureMatrix& x,
                                                const DecisionTree::ColumnIndex& index,
                                                const TreeTarget& target,
                                                std::span<const double> weights,
                                                std::size_t i) const {
  if (!weights.empty() && weights.size() != x.rows) {
    throw InputError("forest: weights do not match the number of rows");
  }
  if (!params_.feature_weights.empty() && params_.feature_weights.size() != x.cols) {
    throw InputError("forest: feature_weights has " +
                     std::to_string(params_.feature_weights.size()) + " entries for " +
                     std::to_string(x.cols) + " columns");
  }
  GrownTree g{DecisionTree(tree_params(x.cols, target.regression())), {}, bootstrap(x.rows, i)};
  const std::vector<std::uint32_t>& counts = g.counts;
  DecisionTree& tree = g.tree;
  std::vector<double> w(x.rows), tree_w(x.rows);
  for (std::size_t r = 0; r < x.rows; ++r) {
    w[r] = weights.empty() ? 1.0 : weights[r];
    tree_w[r] = w[r] * counts[r];
  }
  tree.reseed(Rng(params_.seed, "forest-mtry", i).next_u64());
  tree.fit_indexed(x, index, target, tree_w);

  if (params_.permutation_importance) {
    std::vector<std::size_t> oob;
    for (std::size_t r = 0; r < x.rows; ++r) {
      if (counts[r] == 0 && w[r] > 0) oob.push_back(r);
    }
    FeatureMatrix sub = x;
    sub.rows = oob.size();
    sub.values.resize(oob.size() * x.cols);
    for (std::size_t q = 0; q < oob.size(); ++q) {
      std::copy_n(x.values.begin() + static_cast<std::ptrdiff_t>(oob[q] * x.cols), x.cols,
                  sub.values.begin() + static_cast<std::ptrdiff_t>(q * x.cols));
    }
    const double base = tree_error(tree, sub, target, oob, w);
    Rng rng(params_.seed, "forest-permute", i);
    std::vector<float> saved(oob.size());
    for (std::size_t c = 0; c < x.cols; ++c) {
      for (std::size_t q = 0; q < oob.size(); ++q) saved[q] = sub.values[q * x.cols + c];
      for (std::size_t q = oob.size(); q > 1; --q) {
        const auto s = static_cast<std::size_t>(rng.uniform_index(q));
        std::swap(sub.values[(q - 1) * x.cols + c], sub.values[s * x.cols + c]);
      }
      g.permutation.push_back(tree_error(tree, sub, target, oob, w) - base);
      for (std::size_t q = 0; q < oob.size(); ++q) sub.values[q * x.cols + c] = saved[q];
    }
  }
  return g;
}

std::vector<double> RandomForest::fit_tree(const FeatureMatrix& x,
                                           const DecisionTree::ColumnIndex& index,
                                           const TreeTarget& target,
                                           std::span<const double> weights, std::size_t i) const {
  const GrownTree g = grow_tree(x, index, target, weights, i);
  std::vector<double> out{params_.permutation_importance ? 1.0 : 0.0};
  out.insert(out.end(), g.permutation.begin(), g.permutation.end());
  const std::vector<double> flat = g.tree.serialize();
  out.insert(out.end(), flat.begin(), flat.end());
  return out;
}

void RandomForest::assemble(const FeatureMatrix& x, const TreeTarget& target,
                            std::span<const double> weights,
                            const std::vector<std::vector<double>>& trees) {
  if ((!weights.empty() && weights.size() != x.rows) || target.size() != x.rows) {
    throw InputError("forest: labels or weights do not match the number of rows");
  }
  if (trees.size() != params_.trees) {
    throw InputError("forest: " + std::to_string(trees.size()) + " trees for " +
                     std::to_string(params_.trees));
  }
  classes_ = target.classes;
  cols_ = x.cols;
  trees_.clear();
  importance_.assign(cols_, 0.0);
  permutation_.assign(params_.permutation_importance ? cols_ : 0, 0.0);
  const std::size_t k = classes_ == 0 ? 1 : classes_;
  std::vector<double> sum(x.rows * k, 0.0);
  std::vector<std::size_t> votes(x.rows, 0);
  const double t = static_cast<double>(params_.trees);
  for (std::size_t i = 0; i < trees.size(); ++i) {
    const std::vector<double>& v = trees[i];
    const std::size_t skip = v.empty() ? 0 : (v[0] != 0 ? 1 + cols_ : 1);
    if (v.size() <= skip) throw InputError("forest: malformed tree " + std::to_string(i));
    for (std::size_t c = 0; c < permutation_.size(); ++c) permutation_[c] += v[1 + c] / t;
    DecisionTree tree = DecisionTree::deserialize(std::span(v).subspan(skip));
    if (tree.cols() != cols_ || tree.classes() != classes_) {
      throw InputError("forest: tree " + std::to_string(i) + " does not match the data");
    }
    const std::vector<double> imp = tree.importance();
    for (std::size_t c = 0; c < cols_; ++c) importance_[c] += imp[c] / t;
    const std::vector<std::uint32_t> counts = bootstrap(x.rows, i);
    for (std::size_t r = 0; r < x.rows; ++r) {
      if (counts[r] != 0 || (!weights.empty() && weights[r] == 0)) continue;
      const auto& leaf = tree.nodes()[static_cast<std::size_t>(tree.leaf_of(x, r))];
      ++votes[r];
      if (classes_ == 0) {
        sum[r] += leaf.value;
      } else {
        for (std::size_t j = 0; j < k; ++j) sum[r * k + j] += leaf.counts[j] / leaf.weight;
      }
    }
    trees_.push_back(std::move(tree));
  }
  set_oob(x, target, weights, sum, std::vector<double>(votes.begin(), votes.end()));
}

// OOB predictions and error from per-row class sums (or value sums) and OOB tree counts.
void RandomForest::set_oob(const FeatureMatrix& x, const TreeTarget& target,
                           std::span<const double> weights, const std::vector<double>& sum,
                           const std::vector<double>& votes) {
  const std::size_t k = classes_ == 0 ? 1 : classes_;
  oob_.assign(x.rows * k, std::numeric_limits<double>::quiet_NaN());
  double err = 0, total = 0;
  for (std::size_t r = 0; r < x.rows; ++r) {
    if (votes[r] == 0) continue;
    for (std::size_t j = 0; j < k; ++j) oob_[r * k + j] = sum[r * k + j] / votes[r];
    const double w = weights.empty() ? 1.0 : weights[r];
    double e;
    if (classes_ == 0) {
      e = (target.values[r] - oob_[r]) * (target.values[r] - oob_[r]);
    } else {
      const auto top = std::max_element(oob_.begin() + static_cast<std::ptrdiff_t>(r * k),
                                        oob_.begin() + static_cast<std::ptrdiff_t>(r * k + k));
      e = static_cast<std::int32_t>(top - (oob_.begin() + static_cast<std::ptrdiff_t>(r * k))) !=
                  target.labels[r]
              ? 1.0
              : 0.0;
    }
    err += w * e;
    total += w;
  }
  oob_error_ = total > 0 ? err / total : std::numeric_limits<double>::quiet_NaN();
}

void RandomForest::fit(const FeatureMatrix& x, const TreeTarget& target,
                       std::span<const double> weights) {
  const DecisionTree::ColumnIndex index = DecisionTree::index_columns(x);
  std::vector<std::vector<double>> trees;
  for (std::size_t i = 0; i < params_.trees; ++i) {
    trees.push_back(fit_tree(x, index, target, weights, i));
  }
  assemble(x, target, weights, trees);
}

void RandomForest::fit(const FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
                       std::span<const double> weights) {
  if (classes == 0) throw InputError("forest: classes must be positive");
  TreeTarget target;
  target.labels = y;
  target.classes = classes;
  fit(x, target, weights);
}

std::vector<double> RandomForest::predict_proba(const FeatureMatrix& x) const {
  if (trees_.empty() && !fitted_.empty())
    throw InternalError("forest: assembled from blocks, its trees live where they were grown");
  if (trees_.empty()) throw InputError("forest: predict before fit");
  if (classes_ == 0) throw InputError("forest: predict_proba of a regression forest");
  std::vector<double> out(x.rows * classes_, 0.0);
  for (const DecisionTree& tree : trees_) {
    const std::vector<double> p = tree.predict_proba(x);
    for (std::size_t q = 0; q < out.size(); ++q) out[q] += p[q];
  }
  for (double& v : out) v /= static_cast<double>(trees_.size());
  return out;
}

std::vector<double> RandomForest::predict(const FeatureMatrix& x) const {
  if (trees_.empty()) throw InputError("forest: predict before fit");
  std::vector<double> out(x.rows, 0.0);
  if (classes_ == 0) {
    for (const DecisionTree& tree : trees_) {
      const std::vector<double> p = tree.predict(x);
      for (std::size_t r = 0; r < x.rows; ++r) out[r] += p[r];
    }
    for (double& v : out) v /= static_cast<double>(trees_.size());
    return out;
  }
  const std::vector<double> p = predict_proba(x);
  for (std::size_t r = 0; r < x.rows; ++r) {
    const auto row = p.begin() + static_cast<std::ptrdiff_t>(r * classes_);
    out[r] = static_cast<double>(
        std::max_element(row, row + static_cast<std::ptrdiff_t>(classes_)) - row);
  }
  return out;
}

std::vector<double> RandomForest::importance() const { return importance_; }

std::unique_ptr<ProbabilisticClassifier> RandomForest::clone() const {
  return std::make_unique<RandomForest>(params_);
}

}  // namespace adm::learn
