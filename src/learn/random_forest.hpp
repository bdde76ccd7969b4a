#pragma once
// Random forest of CART trees (Breiman 2001) with safety-weighted split candidates: at every node
// the mtry candidate columns are drawn without replacement with probability proportional to
// feature_weights F_j (remark 20 of the InfoGram paper; F_j = 0 never drawn; equal or no weights
// give the ordinary forest). Classification (leaf class distributions averaged over trees, as
// ranger's probability forest) and regression (leaf means averaged).
//
// Determinism and distribution. Tree i depends only on (seed, i): its bootstrap comes from
// Rng(seed, "forest-bootstrap", i) and its candidate draws from Rng(seed, "forest-mtry", i). The
// forest is fitted in two steps a task farm can spread over ranks:
//   std::vector<double> v_i = forest.fit_tree(x, index, target, weights, i);   // any rank
//   forest.assemble(x, target, weights, {v_0, ..., v_{T-1}});                  // in tree order
// fit() does exactly this serially, so a distributed fit equals the serial one bit for bit.
// fit_block() / predict_block() grow blocks of trees the same way and return only per-row sums
// (on the training rows, or on test rows), so the trees never leave the rank that grew them.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "learn/cart.hpp"
#include "learn/classifier.hpp"

namespace adm::learn {

struct ForestParams {
  std::size_t trees = 500;
  std::size_t mtry = 0;            // 0: floor(sqrt(p)) (classification) or max(1, floor(p / 3))
                                   // (regression), p = columns of positive weight
  std::size_t min_leaf = 1;        // rows per leaf (ranger/randomForest node size 1 classification)
  std::size_t min_split = 2;       // rows a node needs to be split
  std::size_t max_depth = 60;      // the CART limit
  std::string criterion = "gini";  // classification: gini | entropy
  std::vector<double> feature_weights{};  // safety weights F_j per column; empty = all equal
  double sample_fraction = 1.0;           // bootstrap size / rows (with replacement)
  bool permutation_importance = false;    // also compute OOB permutation importance
  std::uint64_t seed = 1;
};

class RandomForest : public ProbabilisticClassifier {
 public:
  explicit RandomForest(ForestParams params = {});  // InputError on out-of-range params

  // One tree, serialised with its OOB permutation-importance contributions. `index` must be
  // DecisionTree::index_columns(x) (build it once per rank). InputError on bad data as for CART.
  std::vector<double> fit_tree(const FeatureMatrix& x, const DecisionTree::ColumnIndex& index,
                               const TreeTarget& target, std::span<const double> weights,
                               std::size_t i) const;
  // The forest from the fit_tree() results for trees 0..T-1 in order; computes OOB predictions,
  // the OOB error and importances on the same (x, target, weights).
  void assemble(const FeatureMatrix& x, const TreeTarget& target, std::span<const double> weights,
                const std::vector<std::vector<double>>& trees);

  // Trees that stay where they were grown (a task farm ships only this): block trees
  // [first, first + count) reduced to what the forest reports on the rows it is grown on, namely
  // summed importances, OOB class sums and votes, and in-sample predictions. A fixed block size
  // keeps sums (and so results) identical at any rank count.
  std::vector<double> fit_block(const FeatureMatrix& x, const DecisionTree::ColumnIndex& index,
                                const TreeTarget& target, std::span<const double> weights,
                                std::size_t first, std::size_t count) const;
  // The forest's reports from the blocks, in block order; it then keeps no trees, so
  // predict_proba() is unavailable and fitted() holds the mean predictions on x.
  void assemble_blocks(const FeatureMatrix& x, const TreeTarget& target,
                       std::span<const double> weights,
                       const std::vector<std::vector<double>>& blocks);
  // Trees [first, first + count) grown on (x, target, weights) exactly as fit_block() grows them,
  // reduced to their summed predictions on the rows of `test` (test.rows x classes, or test.rows
  // for a regression): what a block of a forest fitted on a training split contributes to its
  // test predictions. Nothing is kept.
  std::vector<double> predict_block(const FeatureMatrix& x, const DecisionTree::ColumnIndex& index,
                                    const TreeTarget& target, std::span<const double> weights,
                                    const FeatureMatrix& test, std::size_t first,
                                    std::size_t count) const;
  // The mean prediction of a forest of `trees` trees from its predict_block() results (covering
  // every tree once), summed in block order: predict_proba() up to rounding (the sums associate
  // per block), identical for identical blocks whichever rank computed them.
  static std::vector<double> mean_of_blocks(std::span<const std::vector<double>> blocks,
                                            std::size_t trees);
  // rows x classes (or rows, regression) mean predictions on the rows of assemble_blocks().
  const std::vector<double>& fitted() const { return fitted_; }

  void fit(const FeatureMatrix& x, const TreeTarget& target, std::span<const double> weights = {});
  void fit(const FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
           std::span<const double> weights = {}) override;

  // Mean of the trees' leaf class distributions (classification only).
  std::vector<double> predict_proba(const FeatureMatrix& x) const override;
  // Per row: the mean prediction (regression) or the most probable class (classification).
  std::vector<double> predict(const FeatureMatrix& x) const;
  // Mean decrease in impurity: the trees' summed weighted split improvements, averaged over trees.
  std::vector<double> importance() const override;
  // Mean over trees of the OOB error increase when the column is permuted among a tree's OOB
  // rows (misclassification rate, or MSE); empty unless params.permutation_importance.
  const std::vector<double>& permutation_importance() const { return permutation_; }
  void reseed(std::uint64_t seed) override { params_.seed = seed; }
  std::unique_ptr<ProbabilisticClassifier> clone() const override;

  // Out-of-bag results: per row the averaged OOB class distribution (rows x classes) or mean;
  // NaN for rows that were in every bootstrap. The error is the weighted misclassification rate
  // (or MSE) over rows with at least one OOB tree.
  const std::vector<double>& oob_prediction() const { return oob_; }
  double oob_error() const { return oob_error_; }

  const ForestParams& params() const { return params_; }
  const std::vector<DecisionTree>& trees() const { return trees_; }
  std::size_t mtry(std::size_t cols, bool regression) const;  // the mtry used for `cols` columns

 private:
  std::vector<std::uint32_t> bootstrap(std::size_t rows, std::size_t i) const;
  // Tree i with its OOB permutation-importance contributions and its bootstrap counts: what
  // fit_tree serialises and fit_block reduces in place.
  struct GrownTree {
    DecisionTree tree;
    std::vector<double> permutation;
    std::vector<std::uint32_t> counts;
  };
  GrownTree grow_tree(const FeatureMatrix& x, const DecisionTree::ColumnIndex& index,
                      const TreeTarget& target, std::span<const double> weights,
                      std::size_t i) const;
  CartParams tree_params(std::size_t cols, bool regression) const;

  ForestParams params_;
  std::size_t classes_ = 0;
  std::size_t cols_ = 0;
  std::vector<DecisionTree> trees_;
  std::vector<double> importance_, permutation_, oob_, fitted_;
  void set_oob(const FeatureMatrix& x, const TreeTarget& target, std::span<const double> weights,
               const std::vector<double>& sum, const std::vector<double>& votes);
  double oob_error_ = 0;
};

}  // namespace adm::learn
