#pragma once
// The model matrix of a linear model (GLM, multinomial logit, lasso) built from a FeatureMatrix the
// way R's model.matrix does with default contrasts: an optional intercept, numeric columns as they
// are, and each categorical column as treatment dummies (first level = reference), named
// term + level label ("Education" with levels 1,2,3 -> "Education2", "Education3").
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "learn/classifier.hpp"

namespace adm::learn {

struct DesignMatrix {
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::vector<double> values;      // rows * cols, column-major (coordinate descent walks columns)
  std::vector<std::string> names;  // per column; "(Intercept)" for the intercept
  std::vector<int> term;           // per column: index into `terms`, -1 for the intercept
  std::vector<std::size_t> terms;  // FeatureMatrix columns used, in order
  bool intercept = true;

  const double* column(std::size_t j) const { return values.data() + j * rows; }
  double at(std::size_t r, std::size_t c) const { return values[c * rows + r]; }
};

// LevelLabels (learn/classifier.hpp) make coefficient names read like R's; empty lists use the
// level codes "0", "1", ...

// Design of the given FeatureMatrix columns (`terms`, in that order; repeats are an error). A
// missing value (NaN) or a categorical code outside [0, levels) is an InputError naming the row
// and column: linear models do not impute, so callers drop or impute incomplete rows first. A
// categorical column with a single level contributes no column (its only level is the reference).
DesignMatrix make_design(const FeatureMatrix& x, std::span<const std::size_t> terms,
                         bool intercept = true, const LevelLabels& labels = {});
// Every column of `x`.
DesignMatrix make_design(const FeatureMatrix& x, bool intercept = true,
                         const LevelLabels& labels = {});

// The given rows of a design, in order (repeats allowed): fold and bootstrap samples.
DesignMatrix select_rows(const DesignMatrix& x, std::span<const std::size_t> rows);

// 0, 1, ..., x.cols - 1.
std::vector<std::size_t> all_terms(const FeatureMatrix& x);

}  // namespace adm::learn
