#pragma once
// The small interface every probabilistic learner offers, so methods (the ML-powered CMI estimator,
// the InfoGram, the bootstrap) work with any of them. A learner is fitted on a FeatureMatrix and
// returns class probabilities row by row.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace adm::data {
class Dataset;
}

namespace adm::learn {

// Dense rows x cols design matrix, row-major (what XGBoost takes), NaN = missing. Categorical
// columns hold their integer codes as doubles and are flagged, so learners can split on them as
// categories rather than as numbers.
struct FeatureMatrix {
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::vector<float> values;              // rows * cols, row-major
  std::vector<std::uint8_t> categorical;  // per column
  std::vector<std::uint32_t> levels;      // per column: level count (0 for numeric)
  std::vector<std::string> names;

  float at(std::size_t r, std::size_t c) const { return values[r * cols + c]; }
};

// Columns `names` of `data` (every row, or the given rows in order; repeats allowed).
FeatureMatrix make_matrix(const data::Dataset& data, const std::vector<std::string>& names);
FeatureMatrix make_matrix(const data::Dataset& data, const std::vector<std::string>& names,
                          const std::vector<std::size_t>& rows);

// Per column: the level names of a categorical column in code order (empty for a numeric one), so
// coefficient names, tree listings and exports can name levels instead of codes.
using LevelLabels = std::vector<std::vector<std::string>>;
LevelLabels level_labels(const data::Dataset& data, const std::vector<std::string>& names);

class ProbabilisticClassifier {
 public:
  virtual ~ProbabilisticClassifier() = default;
  // y holds class codes 0..classes-1; weights empty = unit weights.
  virtual void fit(const FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
                   std::span<const double> weights = {}) = 0;
  // rows x classes, row-major; each row sums to 1.
  virtual std::vector<double> predict_proba(const FeatureMatrix& x) const = 0;
  // Fits on x, then returns predict_proba(x) (the in-sample probabilities). Learners that can reuse
  // what the fit built for its own rows override it; the result must equal fit + predict_proba.
  virtual std::vector<double> fit_predict(const FeatureMatrix& x, std::span<const std::int32_t> y,
                                          std::size_t classes,
                                          std::span<const double> weights = {}) {
    fit(x, y, classes, weights);
    return predict_proba(x);
  }
  // One score per column of the training matrix (>= 0; learner-specific scale).
  virtual std::vector<double> importance() const = 0;
  // Seed of the learner's own randomness (row/column subsampling); tasks pass a value drawn from
  // their stream so fits do not depend on the rank that runs them.
  virtual void reseed(std::uint64_t seed) = 0;
  // A fresh, unfitted learner with the same settings (each task fits its own).
  virtual std::unique_ptr<ProbabilisticClassifier> clone() const = 0;
};

}  // namespace adm::learn
