#include "learn/cart.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <sstream>

#include "core/error.hpp"

namespace adm::learn {

namespace {

bool is_categorical(const FeatureMatrix& x, std::size_t c) {
  return c < x.categorical.size() && x.categorical[c] != 0;
}

bool goes_left(const DecisionTree::Node& node, float v) {
  if (std::isnan(v)) return node.missing_left;
  if (!node.categorical) return static_cast<double>(v) < node.threshold;
  if (v >= 0 && v == std::floor(v) &&
      static_cast<double>(v) < static_cast<double>(node.go.size())) {
    const std::int8_t g = node.go[static_cast<std::size_t>(v)];
    if (g >= 0) return g == 1;
  }
  return node.missing_left;  // a level this node never saw
}

// Candidate counts: the non-missing part plus the missing rows on the heavier side.
struct Side {
  std::vector<double> counts;
  double weight = 0;
  std::size_t rows = 0;
};

}  // namespace

struct DecisionTree::Split {
  int feature = -1;
  bool categorical = false;
  double threshold = 0;
  std::vector<std::int8_t> go;
  bool missing_left = true;
  double gain = 0;
  double improvement = -1;
};

DecisionTree::DecisionTree(CartParams params)
    : params_(std::move(params)), criterion_(make_criterion(params_.criterion)) {
  if (params_.max_depth > 60) throw InputError("cart: max_depth must be at most 60");
  if (params_.min_split < 1) throw InputError("cart: min_split must be at least 1");
  if (params_.min_leaf < 1) throw InputError("cart: min_leaf must be at least 1");
  if (!std::isfinite(params_.cp) || params_.cp < 0) {
    throw InputError("cart: cp must be finite and >= 0");
  }
}

DecisionTree::DecisionTree(const DecisionTree& other)
    : params_(other.params_),
      criterion_(other.criterion_->clone()),
      classes_(other.classes_),
      cols_(other.cols_),
      names_(other.names_),
      nodes_(other.nodes_),
      importance_(other.importance_) {}

DecisionTree& DecisionTree::operator=(const DecisionTree& other) {
  if (this != &other) *this = DecisionTree(other);
  return *this;
}

void DecisionTree::fit(const FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
                       std::span<const double> weights) {
  if (x.rows == 0) throw InputError("cart: no rows to fit");
  if (classes == 0) throw InputError("cart: classes must be positive");
  if (y.size() != x.rows || x.values.size() != x.rows * x.cols) {
    throw InputError("cart: labels or values do not match the matrix size");
  }
  if (!weights.empty() && weights.size() != x.rows) {
    throw InputError("cart: weights do not match the number of rows");
  }
  std::vector<double> w(x.rows, 1.0);
  double total = 0;
  for (std::size_t r = 0; r < x.rows; ++r) {
    if (y[r] < 0 || static_cast<std::size_t>(y[r]) >= classes) {
      throw InputError("cart: label " + std::to_string(y[r]) + " outside 0.." +
                       std::to_string(classes - 1));
    }
    if (!weights.empty()) w[r] = weights[r];
    if (!std::isfinite(w[r]) || w[r] < 0) throw InputError("cart: weights must be finite, >= 0");
    total += w[r];
  }
  if (!(total > 0)) throw InputError("cart: weights sum to 0");
  for (std::size_t r = 0; r < x.rows; ++r) {
    for (std::size_t c = 0; c < x.cols; ++c) {
      const float v = x.at(r, c);
      if (std::isinf(v)) throw InputError("cart: infinite value in column " + std::to_string(c));
      if (is_categorical(x, c) && !std::isnan(v) && (v < 0 || v != std::floor(v))) {
        throw InputError("cart: categorical column " + std::to_string(c) +
                         " holds a value that is not a non-negative integer code");
      }
    }
  }

  classes_ = classes;
  cols_ = x.cols;
  names_ = x.names;
  names_.resize(cols_);
  for (std::size_t c = 0; c < cols_; ++c) {
    if (names_[c].empty()) names_[c] = "x" + std::to_string(c);
  }
  importance_.assign(cols_, 0.0);
  nodes_.clear();

  std::vector<std::size_t> rows;
  Node root;
  root.counts.assign(classes_, 0.0);
  for (std::size_t r = 0; r < x.rows; ++r) {
    if (w[r] == 0) continue;  // weight 0 = the row is absent
    rows.push_back(r);
    root.counts[static_cast<std::size_t>(y[r])] += w[r];
    root.weight += w[r];
  }
  root.rows = rows.size();
  const double min_improvement =
      params_.cp * root.weight * criterion_->impurity(root.counts, root.weight);
  nodes_.push_back(std::move(root));
  grow(x, y, w, rows, 0, min_improvement);
}

void DecisionTree::grow(const FeatureMatrix& x, std::span<const std::int32_t> y,
                        const std::vector<double>& w, std::vector<std::size_t>& rows, int node,
                        double min_improvement) {
  {
    const Node& n = nodes_[static_cast<std::size_t>(node)];
    if (n.depth >= params_.max_depth || n.rows < params_.min_split ||
        n.rows < 2 * params_.min_leaf || criterion_->impurity(n.counts, n.weight) <= 0) {
      return;
    }
  }
  Split split = best_split(x, y, w, rows, nodes_[static_cast<std::size_t>(node)]);
  if (split.feature < 0 || split.improvement < min_improvement) return;

  Node left, right;
  {
    Node& n = nodes_[static_cast<std::size_t>(node)];
    n.feature = split.feature;
    n.categorical = split.categorical;
    n.threshold = split.threshold;
    n.go = std::move(split.go);
    n.missing_left = split.missing_left;
    n.gain = split.gain;
    n.improvement = split.improvement;
    left.depth = right.depth = n.depth + 1;
  }
  importance_[static_cast<std::size_t>(split.feature)] += split.improvement;
  left.counts.assign(classes_, 0.0);
  right.counts.assign(classes_, 0.0);
  std::vector<std::size_t> left_rows, right_rows;
  const Node& n = nodes_[static_cast<std::size_t>(node)];
  for (const std::size_t r : rows) {
    const bool l = goes_left(n, x.at(r, static_cast<std::size_t>(n.feature)));
    Node& child = l ? left : right;
    (l ? left_rows : right_rows).push_back(r);
    child.counts[static_cast<std::size_t>(y[r])] += w[r];
    child.weight += w[r];
  }
  left.rows = left_rows.size();
  right.rows = right_rows.size();
  rows.clear();
  rows.shrink_to_fit();
  const int li = static_cast<int>(nodes_.size());
  nodes_.push_back(std::move(left));
  nodes_.push_back(std::move(right));
  nodes_[static_cast<std::size_t>(node)].left = li;
  nodes_[static_cast<std::size_t>(node)].right = li + 1;
  grow(x, y, w, left_rows, li, min_improvement);
  grow(x, y, w, right_rows, li + 1, min_improvement);
}

DecisionTree::Split DecisionTree::best_split(const FeatureMatrix& x,
                                             std::span<const std::int32_t> y,
                                             const std::vector<double>& w,
                                             const std::vector<std::size_t>& rows,
                                             const Node& node) const {
  const std::size_t k = classes_;
  // Candidates must beat the best so far by more than rounding noise, so exact ties keep the
  // earlier candidate whatever the order of floating-point operations.
  const double tol =
      1e-10 * node.weight *
      std::max(criterion_->impurity(node.counts, node.weight), std::numeric_limits<double>::min());
  Split best;
  best.improvement = tol;  // a split must have a positive gain
  Side left, right, nan;
  std::vector<double> full_left(k), full_right(k);

  // Scores the candidate left = `left` (non-missing part), right = node minus left minus nan.
  auto consider = [&](std::size_t col, const std::function<void(Split&)>& describe) {
    for (std::size_t j = 0; j < k; ++j)
      right.counts[j] = node.counts[j] - nan.counts[j] - left.counts[j];
    right.weight = node.weight - nan.weight - left.weight;
    right.rows = node.rows - nan.rows - left.rows;
    const bool missing_left = left.weight >= right.weight;
    double lw = left.weight, rw = right.weight;
    std::size_t ln = left.rows, rn = right.rows;
    for (std::size_t j = 0; j < k; ++j) {
      full_left[j] = std::max(0.0, left.counts[j] + (missing_left ? nan.counts[j] : 0.0));
      full_right[j] = std::max(0.0, right.counts[j] + (missing_left ? 0.0 : nan.counts[j]));
    }
    (missing_left ? lw : rw) += nan.weight;
    (missing_left ? ln : rn) += nan.rows;
    if (ln < params_.min_leaf || rn < params_.min_leaf || !(lw > 0) || !(rw > 0)) return;
    const double gain = criterion_->gain(node.counts, node.weight, full_left, lw, full_right, rw);
    const double improvement = node.weight * gain;
    if (improvement > best.improvement + tol) {
      best.feature = static_cast<int>(col);
      best.missing_left = missing_left;
      best.gain = gain;
      best.improvement = improvement;
      describe(best);
    }
  };

  std::vector<std::pair<float, std::size_t>> sorted;
  for (std::size_t c = 0; c < x.cols; ++c) {
    left.counts.assign(k, 0.0);
    right.counts.assign(k, 0.0);
    nan.counts.assign(k, 0.0);
    left.weight = nan.weight = 0;
    left.rows = nan.rows = 0;
    sorted.clear();
    for (const std::size_t r : rows) {
      const float v = x.at(r, c);
      if (std::isnan(v)) {
        nan.counts[static_cast<std::size_t>(y[r])] += w[r];
        nan.weight += w[r];
        ++nan.rows;
      } else {
        sorted.emplace_back(v, r);
      }
    }
    if (sorted.size() < 2) continue;
    if (!is_categorical(x, c)) {
      std::sort(sorted.begin(), sorted.end());
      for (std::size_t i = 0; i + 1 < sorted.size(); ++i) {
        const std::size_t r = sorted[i].second;
        left.counts[static_cast<std::size_t>(y[r])] += w[r];
        left.weight += w[r];
        ++left.rows;
        if (sorted[i].first == sorted[i + 1].first) continue;
        const double t =
            0.5 * (static_cast<double>(sorted[i].first) + static_cast<double>(sorted[i + 1].first));
        consider(c, [&](Split& s) {
          s.categorical = false;
          s.threshold = t;
          s.go.clear();
        });
      }
      continue;
    }
    // Categorical: per-level counts, levels ordered by P(Y = 1 | level) (2 classes) or by the
    // level's share of the node's majority class (more classes), ties by code; prefixes go left.
    std::size_t levels = 0;
    for (const auto& [v, r] : sorted) levels = std::max(levels, static_cast<std::size_t>(v) + 1);
    std::vector<double> level_counts(levels * k, 0.0), level_weight(levels, 0.0);
    std::vector<std::size_t> level_rows(levels, 0);
    for (const auto& [v, r] : sorted) {
      const auto l = static_cast<std::size_t>(v);
      level_counts[l * k + static_cast<std::size_t>(y[r])] += w[r];
      level_weight[l] += w[r];
      ++level_rows[l];
    }
    const std::size_t target =
        k == 2 ? 1
               : static_cast<std::size_t>(std::max_element(node.counts.begin(), node.counts.end()) -
                                          node.counts.begin());
    std::vector<std::pair<double, std::size_t>> order;  // (key, level)
    for (std::size_t l = 0; l < levels; ++l) {
      if (level_rows[l] > 0) order.emplace_back(level_counts[l * k + target] / level_weight[l], l);
    }
    std::sort(order.begin(), order.end());
    for (std::size_t i = 0; i + 1 < order.size(); ++i) {
      const std::size_t l = order[i].second;
      for (std::size_t j = 0; j < k; ++j) left.counts[j] += level_counts[l * k + j];
      left.weight += level_weight[l];
      left.rows += level_rows[l];
      consider(c, [&](Split& s) {
        s.categorical = true;
        s.go.assign(levels, -1);
        for (std::size_t m = 0; m < order.size(); ++m) s.go[order[m].second] = m <= i ? 1 : 0;
      });
    }
  }
  if (best.feature < 0) best.improvement = 0;
  return best;
}

int DecisionTree::leaf_of(const FeatureMatrix& x, std::size_t r) const {
  int i = 0;
  while (nodes_[static_cast<std::size_t>(i)].feature >= 0) {
    const Node& n = nodes_[static_cast<std::size_t>(i)];
    i = goes_left(n, x.at(r, static_cast<std::size_t>(n.feature))) ? n.left : n.right;
  }
  return i;
}

std::vector<double> DecisionTree::predict_proba(const FeatureMatrix& x) const {
  if (nodes_.empty()) throw InputError("cart: predict_proba before fit");
  if (x.cols != cols_ || x.values.size() != x.rows * x.cols) {
    throw InputError("cart: matrix has " + std::to_string(x.cols) + " columns, trained on " +
                     std::to_string(cols_));
  }
  std::vector<double> out(x.rows * classes_);
  for (std::size_t r = 0; r < x.rows; ++r) {
    const Node& leaf = nodes_[static_cast<std::size_t>(leaf_of(x, r))];
    for (std::size_t j = 0; j < classes_; ++j) out[r * classes_ + j] = leaf.counts[j] / leaf.weight;
  }
  return out;
}

std::vector<double> DecisionTree::importance() const { return importance_; }

std::unique_ptr<ProbabilisticClassifier> DecisionTree::clone() const {
  return std::make_unique<DecisionTree>(params_);
}

std::size_t DecisionTree::depth() const {
  std::size_t d = 0;
  for (const Node& n : nodes_) d = std::max(d, n.depth);
  return d;
}

std::string DecisionTree::to_text(const std::vector<std::string>& names) const {
  const std::vector<std::string>& cols = names.empty() ? names_ : names;
  std::ostringstream out;
  out.precision(4);
  if (nodes_.empty()) return "(unfitted tree)\n";
  out << "n= " << nodes_[0].rows << "\n\nnode), split, n, class distribution\n"
      << "      * denotes terminal node\n\n";
  auto level_set = [](const Node& n, std::int8_t side) {
    std::string s = "{";
    for (std::size_t l = 0; l < n.go.size(); ++l) {
      if (n.go[l] != side) continue;
      if (s.size() > 1) s += ',';
      s += std::to_string(l);
    }
    return s + "}";
  };
  std::function<void(int, std::uint64_t, const std::string&)> print =
      [&](int i, std::uint64_t number, const std::string& rule) {
        const Node& n = nodes_[static_cast<std::size_t>(i)];
        out << std::string(2 * n.depth, ' ') << number << ") " << rule << ' ' << n.rows << " (";
        for (std::size_t j = 0; j < classes_; ++j) {
          out << (j ? " " : "") << n.counts[j] / n.weight;
        }
        out << ')' << (n.feature < 0 ? " *" : "") << '\n';
        if (n.feature < 0) return;
        const auto f = static_cast<std::size_t>(n.feature);
        const std::string name = f < cols.size() ? cols[f] : "x" + std::to_string(f);
        std::ostringstream t;
        t.precision(6);
        t << n.threshold;
        if (n.categorical) {
          print(n.left, 2 * number, name + " in " + level_set(n, 1));
          print(n.right, 2 * number + 1, name + " in " + level_set(n, 0));
        } else {
          print(n.left, 2 * number, name + "< " + t.str());
          print(n.right, 2 * number + 1, name + ">=" + t.str());
        }
      };
  print(0, 1, "root");
  return out.str();
}

}  // namespace adm::learn
