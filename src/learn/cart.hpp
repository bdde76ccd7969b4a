#pragma once
// A CART classification tree (Breiman, Friedman, Olshen & Stone 1984), grown like R's rpart with
// method "class": greedy binary splits chosen by a pluggable impurity (learn/split_criterion.hpp),
// leaves predicting their weighted class distribution. No surrogates and no cost-complexity
// pruning: growth just stops at max_depth / min_split / min_leaf / cp.
//
// Splits. Numeric column: x < t goes left, t midway between consecutive distinct values, found by a
// sorted scan (O(n log n) per node and column). Categorical column: the levels present in the node
// are ordered and every prefix of that order is tried. With 2 classes the order is P(Y=1 | level),
// which finds the optimal partition (Breiman et al. 1984, sec. 9.4); with more classes the order is
// the level's proportion of the node's majority class, a heuristic (not guaranteed optimal).
// Missing values (NaN), and at prediction categorical levels the node never saw, go to the child
// with the larger training weight of non-missing rows (ties: left); the split is scored with the
// training NaN rows sent there too. Ties between candidates go to the lower column, then the lower
// threshold / earlier prefix, so fits are deterministic.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "learn/classifier.hpp"
#include "learn/split_criterion.hpp"

namespace adm::learn {

struct CartParams {
  std::size_t max_depth = 30;  // root has depth 0; 0 = a single leaf; at most 60
  std::size_t min_split = 20;  // rows a node needs before a split is tried (rpart minsplit)
  std::size_t min_leaf = 7;    // rows each child must keep (rpart minbucket = round(minsplit/3))
  // A split must improve w * gain by at least cp * W_root * I(root) (rpart's cp, on the impurity
  // scale rather than rpart's misclassification risk); cp = 0 still needs a positive gain.
  double cp = 0.01;
  std::string criterion = "gini";  // "gini" | "entropy"
};

class DecisionTree : public ProbabilisticClassifier {
 public:
  struct Node {
    int feature = -1;  // split column, -1 for a leaf
    bool categorical = false;
    double threshold = 0;         // numeric: x < threshold goes left
    std::vector<std::int8_t> go;  // categorical, per level code: 1 left, 0 right, -1 unseen
    bool missing_left = true;     // where NaN (and unseen levels) go
    int left = -1, right = -1;    // child node indices
    std::vector<double> counts;   // weighted class counts of the training rows
    double weight = 0;            // their total
    std::size_t rows = 0;         // training rows (weight > 0)
    std::size_t depth = 0;
    double gain = 0;         // per unit weight: I(node) - weighted child impurities
    double improvement = 0;  // weight * gain
  };

  explicit DecisionTree(CartParams params = {});  // InputError on out-of-range params
  DecisionTree(const DecisionTree& other);
  DecisionTree& operator=(const DecisionTree& other);

  // InputError: no rows, y/weights size mismatch, a label outside 0..classes-1, a negative or
  // non-finite weight, weights summing to 0, an infinite value, or a categorical code that is not
  // a non-negative integer. Rows of weight 0 are dropped (as if absent).
  void fit(const FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
           std::span<const double> weights = {}) override;
  // The leaf's weighted class distribution; InputError if the column count differs from training.
  std::vector<double> predict_proba(const FeatureMatrix& x) const override;
  // Total improvement (weight * gain) of the splits on each column; 0 if never split on.
  std::vector<double> importance() const override;
  void reseed(std::uint64_t) override {}  // deterministic: nothing to seed
  std::unique_ptr<ProbabilisticClassifier> clone() const override;

  // rpart-style listing, one node per line, indented by depth, children of k numbered 2k, 2k+1:
  //   "2) x0< 2.5 30 (0.9 0.1) *"  = node), split, n, class distribution, * for a leaf.
  // `names` overrides the training column names when non-empty.
  std::string to_text(const std::vector<std::string>& names = {}) const;

  const CartParams& params() const { return params_; }
  const std::vector<Node>& nodes() const { return nodes_; }  // [0] is the root; empty if unfitted
  std::size_t depth() const;                                 // of the deepest leaf

 private:
  struct Split;
  void grow(const FeatureMatrix& x, std::span<const std::int32_t> y, const std::vector<double>& w,
            std::vector<std::size_t>& rows, int node, double min_improvement);
  Split best_split(const FeatureMatrix& x, std::span<const std::int32_t> y,
                   const std::vector<double>& w, const std::vector<std::size_t>& rows,
                   const Node& node) const;
  int leaf_of(const FeatureMatrix& x, std::size_t r) const;

  CartParams params_;
  std::unique_ptr<SplitCriterion> criterion_;
  std::size_t classes_ = 0;
  std::size_t cols_ = 0;
  std::vector<std::string> names_;
  std::vector<Node> nodes_;
  std::vector<double> importance_;
};

}  // namespace adm::learn
