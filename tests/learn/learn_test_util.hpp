#pragma once
// Helpers shared by the learner tests.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "learn/cart.hpp"
#include "learn/classifier.hpp"

namespace adm::test {

// Row-major matrix from columns named x0, x1, ...; `levels` > 0 marks a categorical column.
inline learn::FeatureMatrix matrix(const std::vector<std::vector<float>>& columns,
                                   const std::vector<std::uint32_t>& levels = {}) {
  learn::FeatureMatrix m;
  m.cols = columns.size();
  m.rows = columns.empty() ? 0 : columns[0].size();
  m.values.resize(m.rows * m.cols);
  for (std::size_t c = 0; c < m.cols; ++c) {
    const std::uint32_t l = c < levels.size() ? levels[c] : 0;
    m.levels.push_back(l);
    m.categorical.push_back(l > 0 ? 1 : 0);
    m.names.push_back("x");
    m.names.back() += std::to_string(c);  // not "x" + ...: GCC 12 warns falsely (-Wrestrict)
    for (std::size_t r = 0; r < m.rows; ++r) m.values[r * m.cols + c] = columns[c][r];
  }
  return m;
}

// CART settings that grow until nodes are pure (rpart minsplit 2, minbucket 1, cp 0).
inline learn::CartParams loose(std::size_t max_depth = 30) {
  learn::CartParams p;
  p.max_depth = max_depth;
  p.min_split = 2;
  p.min_leaf = 1;
  p.cp = 0;
  return p;
}

// Every row of a rows x k probability table is non-negative and sums to 1.
inline void check_rows_sum_to_one(const std::vector<double>& proba, std::size_t k) {
  for (std::size_t r = 0; r < proba.size() / k; ++r) {
    double s = 0;
    for (std::size_t c = 0; c < k; ++c) {
      REQUIRE(proba[r * k + c] >= 0);
      s += proba[r * k + c];
    }
    REQUIRE(s == Approx(1).margin(1e-12));
  }
}

}  // namespace adm::test
