#include "learn/rank_transform.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace adm::learn {

void RankTransform::fit(const FeatureMatrix& x) {
  if (x.rows == 0 || x.values.size() != x.rows * x.cols) {
    throw InputError("rank transform: empty or malformed matrix");
  }
  sorted_.assign(x.cols, {});
  categorical_.assign(x.cols, false);
  for (std::size_t c = 0; c < x.cols; ++c) {
    categorical_[c] = c < x.categorical.size() && x.categorical[c] != 0;
    if (categorical_[c]) continue;
    auto& s = sorted_[c];
    for (std::size_t r = 0; r < x.rows; ++r) {
      const float v = x.at(r, c);
      if (!std::isnan(v)) s.push_back(v);
    }
    std::sort(s.begin(), s.end());
  }
}

FeatureMatrix RankTransform::transform(const FeatureMatrix& x) const {
  if (x.cols != sorted_.size() || x.values.size() != x.rows * x.cols) {
    throw InputError("rank transform: matrix has " + std::to_string(x.cols) +
                     " columns, fitted on " + std::to_string(sorted_.size()));
  }
  FeatureMatrix out = x;
  for (std::size_t c = 0; c < x.cols; ++c) {
    const auto& s = sorted_[c];
    if (categorical_[c] || s.empty()) continue;
    const double n = static_cast<double>(s.size());
    for (std::size_t r = 0; r < x.rows; ++r) {
      float& v = out.values[r * x.cols + c];
      if (std::isnan(v)) continue;
      const auto le = std::upper_bound(s.begin(), s.end(), v) - s.begin();
      v = static_cast<float>(static_cast<double>(le) / n);
    }
  }
  return out;
}

}  // namespace adm::learn
