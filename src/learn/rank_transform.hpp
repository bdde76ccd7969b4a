#pragma once
// Rank transform of numeric inputs (InfoGram paper, sec. 3.1.3, step 2): u = F_j(x), the empirical
// CDF of column j on the training rows, F_j(x) = #{training values <= x} / n_j (n_j = non-missing
// training values). New data are mapped through the training CDF, so a test value between two
// training values gets the lower one's u. Categorical columns and NaN pass through unchanged.
#include <vector>

#include "learn/classifier.hpp"

namespace adm::learn {

class RankTransform {
 public:
  void fit(const FeatureMatrix& x);  // InputError on an empty matrix
  // Same columns as the fitted matrix (InputError otherwise); values replaced by u in [0, 1].
  FeatureMatrix transform(const FeatureMatrix& x) const;
  FeatureMatrix fit_transform(const FeatureMatrix& x) {
    fit(x);
    return transform(x);
  }
  // Sorted non-missing training values of column c (empty for categorical columns).
  const std::vector<float>& sorted(std::size_t c) const { return sorted_.at(c); }

 private:
  std::vector<std::vector<float>> sorted_;
  std::vector<bool> categorical_;
};

}  // namespace adm::learn
