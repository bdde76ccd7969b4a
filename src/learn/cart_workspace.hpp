#pragma once
// Private to the CART sources (cart.cpp, cart_split.cpp): the data of one fit and the scratch
// buffers of the split search, reused across nodes.
#include <cstdint>
#include <utility>
#include <vector>

#include "learn/cart.hpp"

namespace adm::learn {

struct DecisionTree::Split {
  int feature = -1;
  bool categorical = false;
  double threshold = 0;
  std::vector<std::int8_t> go;
  bool missing_left = true;
  // Numeric split: the largest column code (ColumnIndex) that goes left. The node's rows are
  // partitioned by code, which is exact: the threshold lies strictly between this code's value
  // and the next code present in the node.
  std::uint32_t left_code = 0;
  double gain = 0;
  double improvement = -1;
};

struct DecisionTree::Workspace {
  Workspace(const FeatureMatrix& x_, const ColumnIndex& index_, const TreeTarget& target_)
      : x(x_), index(index_), target(target_) {}

  const FeatureMatrix& x;
  const ColumnIndex& index;
  const TreeTarget& target;
  const SplitCriterion* criterion = nullptr;
  std::vector<double> w;            // per row
  std::size_t k = 0;                // statistics per row: label part + side part
  std::size_t k_label = 0;          // label part: classes, or 2 for regression
  std::size_t k_gain = 0;           // statistics the criterion's gain() reads: k or k_label
  double offset = 0;                // regression centring constant
  double side_offset = 0;           // centring constant of a numeric side attribute
  double alpha = 0;                 // cp * R(root)
  std::vector<std::uint8_t> clamp;  // per statistic: a count, clamped at 0 against rounding

  // Adds row r's weighted statistics to c[0..k).
  void add(double* c, std::size_t r) const {
    if (target.regression()) {
      const double d = target.values[r] - offset;
      c[0] += w[r] * d;
      c[1] += w[r] * d * d;
    } else {
      c[static_cast<std::size_t>(target.labels[r])] += w[r];
    }
    if (k == k_label) return;  // no side attribute: the plain tree
    double* s = c + k_label;
    if (target.side_levels > 0) {
      s[static_cast<std::size_t>(target.side_codes[r])] += w[r];
    } else {
      const double d = target.side_values[r] - side_offset;
      s[0] += w[r] * d;
      s[1] += w[r] * d * d;
    }
  }

  // Per distinct code present in the node (ascending code): statistics, weight, rows.
  std::vector<std::uint32_t> codes;
  std::vector<double> stats, weight;
  std::vector<std::size_t> count;
  // Scratch: histogram over all codes, or (code, row) pairs for small nodes.
  std::vector<double> hist_stats, hist_weight;
  std::vector<std::size_t> hist_count;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> sorted;
};

}  // namespace adm::learn
