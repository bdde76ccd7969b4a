#pragma once
// The exact plug-in learner for discrete inputs: P(y | cell) is the (weighted) class frequency
// among the training rows of the same cell, a cell being one joint value of all input columns. With
// it, the ML-powered CMI estimator (info/ml_cmi.hpp) reduces to the plug-in CMI, which makes it
// both a reference learner for tests and a sensible choice for low-cardinality data.
#include <string>
#include <unordered_map>
#include <vector>

#include "learn/classifier.hpp"

namespace adm::learn {

class FrequencyClassifier : public ProbabilisticClassifier {
 public:
  // alpha: additive (Laplace/Lidstone) smoothing, P = (c_y + alpha) / (c + K alpha). 0 = the exact
  // plug-in estimate. Must be finite and >= 0.
  explicit FrequencyClassifier(double alpha = 0.0);

  // Every column must be categorical (numeric -> InputError: discretise first); codes must be
  // non-negative integers. A missing value (NaN) is treated as one more level of its column. The
  // total weight must be positive.
  void fit(const FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
           std::span<const double> weights = {}) override;
  // A cell never seen in training (or seen only with weight 0) gets the marginal class
  // frequencies of the training rows (smoothed the same way).
  std::vector<double> predict_proba(const FeatureMatrix& x) const override;
  // Plug-in MI(Y; column) in bits per column, on the (weighted) training rows: the information the
  // column carries on its own, the natural relevance score of a cell-frequency model.
  std::vector<double> importance() const override;
  void reseed(std::uint64_t) override {}  // deterministic: nothing to seed
  std::unique_ptr<ProbabilisticClassifier> clone() const override;

  double alpha() const { return alpha_; }
  std::size_t cells() const { return cell_index_.size(); }

 private:
  void probabilities(const double* counts, double total, double* out) const;

  double alpha_ = 0.0;
  std::size_t classes_ = 0;
  std::size_t cols_ = 0;
  std::unordered_map<std::string, std::size_t> cell_index_;  // key: the cell's codes as bytes
  std::vector<double> cell_counts_;                          // cells x classes
  std::vector<double> cell_totals_;
  std::vector<double> marginal_;  // classes
  double total_ = 0.0;
  std::vector<double> importance_;
};

}  // namespace adm::learn
