#pragma once
// A CART tree (Breiman, Friedman, Olshen & Stone 1984) grown like R's rpart: classification
// (method "class": Gini or entropy splits, leaves predict their weighted class distribution) or
// regression (method "anova": squared-error splits, leaves predict the weighted mean). Greedy
// binary splits chosen by a pluggable criterion (learn/split_criterion.hpp). No surrogates.
//
// Splits. Numeric column: x < t goes left, t midway between consecutive distinct values. Each
// column is ranked once per fit; a node scans a histogram over the ranks (large nodes) or sorts its
// rows by rank (small nodes). Categorical column: the levels present in the node are ordered and
// every prefix of that order is tried: by P(Y=1 | level) with 2 classes and by the level mean in
// regression, both optimal (Breiman et al. 1984, sec. 9.4); with more classes by the level's share
// of the node's majority class, a heuristic. Missing values (NaN), and at prediction categorical
// levels the node never saw, go to the child with the larger training weight of non-missing rows
// (ties: left); the split is scored with the training NaN rows sent there too. Ties between
// candidates go to the lower column, then the lower threshold / earlier prefix.
//
// Complexity (rpart's cp). Node risk R(t) is the weighted misclassification W_t - max_k W_tk
// (classification) or the weighted sum of squared errors (regression). After growing, every split
// whose weakest-link complexity (learn/cart_prune.hpp) is <= cp * R(root) is collapsed, as rpart
// does, and nodes with R(t) <= cp * R(root) are not split. cp = 0 keeps every split with a
// positive impurity gain (no collapse: rpart with cp = 0 would still drop splits that leave the
// risk unchanged; cp_table() leaves them out), which is what forests want. Trees with mtry > 0
// skip the weakest-link pass altogether (Node::complexity stays 0).
//
// Random-forest mode: mtry > 0 draws mtry candidate columns at each node without replacement,
// with probability proportional to feature_weights (remark 20 of the InfoGram paper), from the
// stream set by reseed(); columns of weight 0 are never drawn.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "learn/classifier.hpp"
#include "learn/split_criterion.hpp"

namespace adm::learn {

struct CartParams {
  std::size_t max_depth = 30;  // root has depth 0; 0 = a single leaf; at most 60
  std::size_t min_split = 20;  // rows a node needs before a split is tried (rpart minsplit)
  std::size_t min_leaf = 7;    // rows each child must keep (rpart minbucket = round(minsplit/3))
  double cp = 0.01;            // rpart's complexity parameter, relative to the root risk
  std::string criterion = "gini";  // classification: "gini" | "entropy"; regression uses "mse"
  std::size_t mtry = 0;            // candidate columns per node; 0 = all
  std::vector<double> feature_weights{};  // per column, >= 0; empty = all equal
  // Split a node on its best candidate even when the gain is <= 0 (a fair criterion's gain can be
  // negative; JSAT's stump, which Fair Forests extends, takes any gain above -1). Default: only
  // positive gains split, as rpart.
  bool any_gain = false;
};

// What a tree is fitted to: class labels 0..classes-1, or (classes == 0) real values.
struct TreeTarget {
  std::span<const std::int32_t> labels{};
  std::size_t classes = 0;
  std::span<const double> values{};
  // Optional second attribute whose per-node statistics are scanned beside the label's, for
  // criteria that score splits by it too (learn/fair_criterion.hpp): codes 0..side_levels-1, or
  // (side_levels == 0) the values in side_values. Not used for predictions.
  std::span<const std::int32_t> side_codes{};
  std::size_t side_levels = 0;
  std::span<const double> side_values{};
  bool regression() const { return classes == 0; }
  bool has_side() const { return side_levels > 0 || !side_values.empty(); }
  std::size_t size() const { return regression() ? values.size() : labels.size(); }
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
    // Classification: weighted class counts. Regression: {sum w (y - c), sum w (y - c)^2} with
    // c = offset() (see split_criterion.hpp).
    std::vector<double> counts;
    double weight = 0;     // total training weight
    std::size_t rows = 0;  // training rows (weight > 0)
    std::size_t depth = 0;
    double gain = 0;         // per unit weight: I(node) - weighted child impurities
    double improvement = 0;  // weight * gain
    double risk = 0;         // misclassified weight, or sum of squared errors
    double value = 0;        // predicted class (first largest count) or mean
    // Weakest-link alpha at which the split is collapsed (0 for leaves); set when mtry = 0.
    double complexity = 0;
  };

  // Per-column ranks of a matrix: numeric values -> index among the sorted distinct values,
  // categorical -> the level code; kMissing for NaN. Built once per matrix and shareable by the
  // trees of a forest (fit builds its own when none is given). InputError: an infinite value or a
  // categorical code that is not a non-negative integer.
  struct ColumnIndex {
    static constexpr std::uint32_t kMissing = 0xffffffffu;
    std::vector<std::vector<std::uint32_t>> code;  // [column][row]
    std::vector<std::vector<float>> values;        // [column][code]: numeric distinct values
    std::vector<std::uint32_t> bins;               // codes per column
    std::vector<std::uint8_t> categorical;
  };
  static ColumnIndex index_columns(const FeatureMatrix& x);

  explicit DecisionTree(CartParams params = {});  // InputError on out-of-range params
  DecisionTree(const DecisionTree& other);
  DecisionTree& operator=(const DecisionTree& other);
  DecisionTree(DecisionTree&&) noexcept = default;
  DecisionTree& operator=(DecisionTree&&) noexcept = default;

  // InputError: no rows, size mismatches, a label outside 0..classes-1, a non-finite y, a negative
  // or non-finite weight, weights summing to 0, an infinite value, a categorical code that is not a
  // non-negative integer. Rows of weight 0 are dropped (as if absent).
  void fit(const FeatureMatrix& x, const TreeTarget& target, std::span<const double> weights = {});
  void fit(const FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
           std::span<const double> weights = {}) override;
  void fit_regression(const FeatureMatrix& x, std::span<const double> y,
                      std::span<const double> weights = {});
  // fit() with a prebuilt index of x (index_columns(x)).
  void fit_indexed(const FeatureMatrix& x, const ColumnIndex& index, const TreeTarget& target,
                   std::span<const double> weights = {});

  // Classification: the leaf's weighted class distribution (rows x classes).
  std::vector<double> predict_proba(const FeatureMatrix& x) const override;
  // Per row: the leaf mean (regression) or the predicted class code (classification).
  std::vector<double> predict(const FeatureMatrix& x) const;
  // Index of the node row r ends in when splits of complexity <= alpha are treated as leaves
  // (alpha < 0: the leaf of the whole tree).
  int leaf_of(const FeatureMatrix& x, std::size_t r, double alpha = -1) const;
  // Total improvement (weight * gain) of the splits on each column; 0 if never split on.
  std::vector<double> importance() const override;
  void reseed(std::uint64_t seed) override;  // seeds the mtry draws (unused when mtry = 0)
  std::unique_ptr<ProbabilisticClassifier> clone() const override;
  // Replaces the split criterion (e.g. a fairness-regularised one) before fit.
  void set_criterion(std::unique_ptr<SplitCriterion> criterion);

  // The subtree left when every split of complexity <= cp * R(root) is collapsed (rpart's prune).
  DecisionTree pruned(double cp) const;
  // Rebuilds the tree keeping only the subtrees whose roots are not marked; a marked node becomes
  // a leaf. Renumbers the nodes in depth-first order and recomputes importance().
  DecisionTree collapsed(const std::vector<bool>& make_leaf) const;

  // rpart-style listing, one node per line, indented by depth, children of k numbered 2k, 2k+1:
  //   "2) x0< 2.5 30 3 0 (0.9 0.1) *"  = node), split, n, loss, yval, (yprob), * for a leaf;
  //   regression: "2) x0< 2.5 30 12.5 3.1 *" = node), split, n, deviance, yval.
  // `names` overrides the training column names when non-empty. Categorical splits list the levels
  // going each way, by name where `levels` has the column's names ("education in {Bachelors,
  // Masters}"), else by code.
  std::string to_text(const std::vector<std::string>& names = {},
                      const LevelLabels& levels = {}) const;

  // Flat form for shipping between ranks: deserialize(serialize()) predicts identically. Column
  // names and params (other than what prediction needs) are not kept.
  std::vector<double> serialize() const;
  static DecisionTree deserialize(std::span<const double> data);

  const CartParams& params() const { return params_; }
  const std::vector<Node>& nodes() const { return nodes_; }  // [0] is the root; empty if unfitted
  const std::vector<std::string>& names() const { return names_; }
  std::size_t depth() const;                        // of the deepest leaf
  std::size_t classes() const { return classes_; }  // 0 for regression
  std::size_t cols() const { return cols_; }
  bool regression() const { return classes_ == 0; }
  double offset() const { return offset_; }  // regression centring constant c

 private:
  struct Split;
  struct Workspace;
  void grow(Workspace& ws, std::vector<std::size_t>& rows, int node);
  Split best_split(Workspace& ws, const std::vector<std::size_t>& rows, const Node& node);
  void split_column(Workspace& ws, std::size_t c, const std::vector<std::size_t>& rows,
                    const Node& node, Split& best);
  void finish_node(Node& n) const;  // risk and value from counts
  std::vector<std::size_t> candidate_columns();
  // What leaf_of() reads of a node, 16 bytes instead of a Node's ~150: on 10^6 rows a forest
  // tree has ~10^5 nodes, and each row's walk missed the cache at almost every Node. Built
  // whenever nodes_ is (fit, collapse, deserialize); left when both children are adjacent.
  struct Route {
    double threshold = 0;
    std::int32_t left = -1;  // -1: a leaf; the right child is left + 1
    std::uint32_t bits = 0;  // column | kCategorical | kMissingLeft
  };
  static constexpr std::uint32_t kCategorical = 1u << 30, kMissingLeft = 1u << 31;
  void build_routes();

  CartParams params_;
  std::unique_ptr<SplitCriterion> criterion_;
  Rng rng_{0, "cart-mtry"};
  std::size_t classes_ = 0;
  std::size_t cols_ = 0;
  double offset_ = 0;
  std::vector<std::string> names_;
  std::vector<Node> nodes_;
  std::vector<Route> routes_;  // empty: leaf_of walks nodes_
  std::vector<double> importance_;
};

}  // namespace adm::learn
