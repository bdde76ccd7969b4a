#include "learn/cart.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/error.hpp"
#include "learn/cart_prune.hpp"
#include "learn/cart_workspace.hpp"

namespace adm::learn {

namespace {

// Where row value v goes at `node`. Missing values follow the side the split chose for them while
// growing (the heavier one). A categorical node maps each
// level code it saw to a side; a code it never saw (a level absent from its training rows, or a
// non-integer) cannot be placed by the split, so it goes with the missing values.
bool goes_left(const DecisionTree::Node& node, float v) {
  if (std::isnan(v)) return node.missing_left;
  // Compared in double: the threshold is a midpoint of two floats, which a float may not hold.
  if (!node.categorical) return static_cast<double>(v) < node.threshold;
  if (v >= 0 && v == std::floor(v) &&
      static_cast<double>(v) < static_cast<double>(node.go.size())) {
    const std::int8_t g = node.go[static_cast<std::size_t>(v)];
    if (g >= 0) return g == 1;
  }
  return node.missing_left;  // a level this node never saw
}

}  // namespace

DecisionTree::ColumnIndex DecisionTree::index_columns(const FeatureMatrix& x) {
  if (x.values.size() != x.rows * x.cols) throw InputError("cart: matrix size mismatch");
  ColumnIndex index;
  index.code.resize(x.cols);
  index.values.resize(x.cols);
  index.bins.assign(x.cols, 0);
  index.categorical.assign(x.cols, 0);
  std::vector<std::pair<float, std::uint32_t>> sorted;
  for (std::size_t c = 0; c < x.cols; ++c) {
    const bool cat = c < x.categorical.size() && x.categorical[c] != 0;
    index.categorical[c] = cat ? 1 : 0;
    auto& code = index.code[c];
    code.assign(x.rows, ColumnIndex::kMissing);
    sorted.clear();
    for (std::size_t r = 0; r < x.rows; ++r) {
      const float v = x.at(r, c);
      if (std::isnan(v)) continue;
      if (std::isinf(v)) throw InputError("cart: infinite value in column " + std::to_string(c));
      if (cat) {
        if (v < 0 || v != std::floor(v) || v > 1e9f) {
          throw InputError("cart: categorical column " + std::to_string(c) +
                           " holds a value that is not a non-negative integer code");
        }
        code[r] = static_cast<std::uint32_t>(v);
        index.bins[c] = std::max(index.bins[c], code[r] + 1);
      } else {
        sorted.emplace_back(v, static_cast<std::uint32_t>(r));
      }
    }
    if (cat) continue;
    // Numeric columns become ranks of their distinct values: the split search then walks each
    // column once in order (codes are bins of a histogram) instead of sorting at every node.
    std::sort(sorted.begin(), sorted.end());
    auto& values = index.values[c];
    for (const auto& [v, r] : sorted) {
      if (values.empty() || values.back() != v) values.push_back(v);
      code[r] = static_cast<std::uint32_t>(values.size() - 1);
    }
    index.bins[c] = static_cast<std::uint32_t>(values.size());
  }
  return index;
}

DecisionTree::DecisionTree(CartParams params)
    : params_(std::move(params)), criterion_(make_criterion(params_.criterion)) {
  if (params_.max_depth > 60) throw InputError("cart: max_depth must be at most 60");
  if (params_.min_split < 1) throw InputError("cart: min_split must be at least 1");
  if (params_.min_leaf < 1) throw InputError("cart: min_leaf must be at least 1");
  if (!std::isfinite(params_.cp) || params_.cp < 0) {
    throw InputError("cart: cp must be finite and >= 0");
  }
  for (const double f : params_.feature_weights) {
    if (!std::isfinite(f) || f < 0) throw InputError("cart: feature weights must be finite, >= 0");
  }
}

DecisionTree::DecisionTree(const DecisionTree& other)
    : params_(other.params_),
      criterion_(other.criterion_->clone()),
      rng_(other.rng_),
      classes_(other.classes_),
      cols_(other.cols_),
      offset_(other.offset_),
      names_(other.names_),
      nodes_(other.nodes_),
      routes_(other.routes_),
      importance_(other.importance_) {}

// Copy-and-move: the criterion is polymorphic and owned, so a copy clones it.
DecisionTree& DecisionTree::operator=(const DecisionTree& other) {
  if (this != &other) *this = DecisionTree(other);
  return *this;
}

void DecisionTree::set_criterion(std::unique_ptr<SplitCriterion> criterion) {
  if (!criterion) throw InternalError("cart: null split criterion");
  criterion_ = std::move(criterion);
}

// The stream only draws the mtry candidate features (forests); a plain tree draws nothing.
void DecisionTree::reseed(std::uint64_t seed) { rng_ = Rng(seed, "cart-mtry"); }

void DecisionTree::fit(const FeatureMatrix& x, std::span<const std::int32_t> y, std::size_t classes,
                       std::span<const double> weights) {
  if (classes == 0) throw InputError("cart: classes must be positive");
  TreeTarget target;
  target.labels = y;
  target.classes = classes;
  fit(x, target, weights);
}

void DecisionTree::fit_regression(const FeatureMatrix& x, std::span<const double> y,
                                  std::span<const double> weights) {
  TreeTarget target;
  target.values = y;
  fit(x, target, weights);
}

void DecisionTree::fit(const FeatureMatrix& x, const TreeTarget& target,
                       std::span<const double> weights) {
  fit_indexed(x, index_columns(x), target, weights);
}

void DecisionTree::fit_indexed(const FeatureMatrix& x, const ColumnIndex& index,
                               const TreeTarget& target, std::span<const double> weights) {
  if (x.rows == 0) throw InputError("cart: no rows to fit");
  if (target.size() != x.rows || x.values.size() != x.rows * x.cols) {
    throw InputError("cart: labels or values do not match the matrix size");
  }
  if (index.code.size() != x.cols) throw InputError("cart: column index does not match matrix");
  if (!weights.empty() && weights.size() != x.rows) {
    throw InputError("cart: weights do not match the number of rows");
  }
  if (!params_.feature_weights.empty() && params_.feature_weights.size() != x.cols) {
    throw InputError("cart: feature_weights has " + std::to_string(params_.feature_weights.size()) +
                     " entries for " + std::to_string(x.cols) + " columns");
  }
  const bool regression = target.regression();
  if (!regression && (criterion_->name() == "mse")) {
    throw InputError("cart: criterion mse is for regression; use gini or entropy");
  }
  // A regression tree asked for gini or entropy (the classification defaults) falls back to
  // squared error, as rpart's method = "anova" does; a fair criterion keeps its own regression
  // form.
  static const VarianceCriterion squared_error;
  Workspace ws(x, index, target);
  ws.criterion = criterion_.get();
  if (regression && (criterion_->name() == "gini" || criterion_->name() == "entropy")) {
    ws.criterion = &squared_error;
  }
  ws.w.assign(x.rows, 1.0);
  double total = 0, sum_y = 0;
  for (std::size_t r = 0; r < x.rows; ++r) {
    if (!weights.empty()) ws.w[r] = weights[r];
    if (!std::isfinite(ws.w[r]) || ws.w[r] < 0) {
      throw InputError("cart: weights must be finite, >= 0");
    }
    if (regression) {
      if (!std::isfinite(target.values[r])) throw InputError("cart: non-finite response value");
      sum_y += ws.w[r] * target.values[r];
    } else if (target.labels[r] < 0 ||
               static_cast<std::size_t>(target.labels[r]) >= target.classes) {
      throw InputError("cart: label " + std::to_string(target.labels[r]) + " outside 0.." +
                       std::to_string(target.classes - 1));
    }
    total += ws.w[r];
  }
  if (!(total > 0)) throw InputError("cart: weights sum to 0");
  // The side attribute (the protected attribute of a fair split criterion) is checked like the
  // labels; a numeric one is centred below for the same reason the response is.
  const bool side = target.has_side();
  double side_sum = 0;
  if (side) {
    const std::size_t n =
        target.side_levels > 0 ? target.side_codes.size() : target.side_values.size();
    if (n != x.rows) throw InputError("cart: the side attribute does not match the rows");
    for (std::size_t r = 0; r < x.rows; ++r) {
      if (target.side_levels > 0) {
        if (target.side_codes[r] < 0 ||
            static_cast<std::size_t>(target.side_codes[r]) >= target.side_levels)
          throw InputError("cart: side attribute code outside 0.." +
                           std::to_string(target.side_levels - 1));
      } else if (!std::isfinite(target.side_values[r])) {
        throw InputError("cart: non-finite side attribute value");
      } else {
        side_sum += ws.w[r] * target.side_values[r];
      }
    }
  }

  classes_ = target.classes;
  cols_ = x.cols;
  offset_ = regression ? sum_y / total : 0.0;  // centring keeps the variance sums accurate
  ws.offset = offset_;
  // Per-node statistics, one vector of k numbers: the label part (class weights, or for regression
  // the weighted sum and sum of squares of the centred response), then the side attribute's part
  // (its level weights, or its sum and sum of squares), which only a fair criterion reads.
  ws.k_label = regression ? 2 : classes_;
  ws.k = ws.k_label + (!side ? 0 : target.side_levels > 0 ? target.side_levels : 2);
  if (ws.criterion->reads_side() && !side)
    throw InputError("cart: criterion " + ws.criterion->name() + " needs a side attribute");
  ws.k_gain = ws.criterion->reads_side() ? ws.k : ws.k_label;
  ws.side_offset = side && target.side_levels == 0 ? side_sum / total : 0.0;
  // Counts are clamped at 0 when a node's statistics are obtained by subtraction (round-off must
  // not make a weight negative); sums of a centred value may be negative, so they are not.
  ws.clamp.assign(ws.k, regression ? 0 : 1);
  for (std::size_t s = ws.k_label; s < ws.k; ++s) ws.clamp[s] = target.side_levels > 0 ? 1 : 0;
  names_ = x.names;
  names_.resize(cols_);
  for (std::size_t c = 0; c < cols_; ++c) {
    if (names_[c].empty()) names_[c] = "x" + std::to_string(c);
  }
  importance_.assign(cols_, 0.0);
  nodes_.clear();
  routes_.clear();

  std::vector<std::size_t> rows;
  Node root;
  root.counts.assign(ws.k, 0.0);
  for (std::size_t r = 0; r < x.rows; ++r) {
    if (ws.w[r] == 0) continue;  // weight 0 = the row is absent
    rows.push_back(r);
    ws.add(root.counts.data(), r);
    root.weight += ws.w[r];
  }
  root.rows = rows.size();
  finish_node(root);
  // rpart's cp is relative to the root's risk: a split must improve the fit by cp * root risk.
  ws.alpha = params_.cp * root.risk;
  nodes_.push_back(std::move(root));
  grow(ws, rows, 0);
  if (side) {  // the side statistics served the split search only
    for (Node& n : nodes_) n.counts.resize(ws.k_label);
  }

  // A single tree (no mtry sampling) gets its cost-complexity sequence, so it can be pruned later
  // (pruned(cp), CV pruning) without regrowing; then subtrees whose weakest-link alpha is below
  // cp are collapsed, as rpart does (growth stops only locally, pruning sees whole subtrees).
  // Forest trees are never pruned, so they skip this.
  if (params_.mtry == 0 && nodes_.size() > 1) {
    const std::vector<double> alphas = weakest_link_alphas(nodes_);
    for (std::size_t i = 0; i < nodes_.size(); ++i) nodes_[i].complexity = alphas[i];
    if (params_.cp > 0) {
      std::vector<bool> leaf(nodes_.size());
      bool any = false;
      for (std::size_t i = 0; i < nodes_.size(); ++i) {
        leaf[i] = nodes_[i].feature >= 0 && alphas[i] <= ws.alpha * kCpTolerance;
        any = any || leaf[i];
      }
      if (any) *this = collapsed(leaf);
    }
  }
  build_routes();
}

void DecisionTree::build_routes() {
  routes_.clear();
  if (cols_ >= kCategorical) return;  // the column would not fit the bits: walk nodes_
  std::vector<Route> routes(nodes_.size());
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    Route& q = routes[i];
    if (n.feature < 0) continue;
    if (n.right != n.left + 1) return;  // not grow()'s layout: walk nodes_
    q.threshold = n.threshold;
    q.left = n.left;
    q.bits = static_cast<std::uint32_t>(n.feature) | (n.categorical ? kCategorical : 0u) |
             (n.missing_left ? kMissingLeft : 0u);
  }
  routes_ = std::move(routes);
}

// A node's prediction and risk from its statistics: for regression the (un-centred) mean and the
// weighted sum of squared errors; for classes the majority class (ties to the lower code) and the
// weight of the rows it misclassifies.
void DecisionTree::finish_node(Node& n) const {
  if (classes_ == 0) {
    n.value = offset_ + n.counts[0] / n.weight;
    n.risk = std::max(0.0, n.counts[1] - n.counts[0] * n.counts[0] / n.weight);
    return;
  }
  const auto end = n.counts.begin() + static_cast<std::ptrdiff_t>(classes_);  // label part
  const auto top = std::max_element(n.counts.begin(), end);
  n.value = static_cast<double>(top - n.counts.begin());
  n.risk = std::max(0.0, n.weight - *top);
}

// Depth-first growth. Nodes are appended (both children, then the left subtree, then the right),
// so indices are stable while `nodes_` grows; references into it are not, hence the index use.
void DecisionTree::grow(Workspace& ws, std::vector<std::size_t>& rows, int node) {
  {  // rpart's stopping rules, and: a pure node cannot improve, a node below cp cannot pay for a
     // split
    const Node& n = nodes_[static_cast<std::size_t>(node)];
    if (n.depth >= params_.max_depth || n.rows < params_.min_split ||
        n.rows < 2 * params_.min_leaf ||
        ws.criterion->impurity(std::span(n.counts).first(ws.k_label), n.weight) <= 0 ||
        (params_.cp > 0 && n.risk <= ws.alpha)) {
      return;
    }
  }
  Split split = best_split(ws, rows, nodes_[static_cast<std::size_t>(node)]);
  if (split.feature < 0) return;

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
  left.counts.assign(ws.k, 0.0);
  right.counts.assign(ws.k, 0.0);
  std::vector<std::size_t> left_rows, right_rows;
  const Node& n = nodes_[static_cast<std::size_t>(node)];
  // The rows go the way goes_left() sends their values, decided on the column's codes instead:
  // the codes are one contiguous array per column, the matrix is row-major (a cache miss per row
  // on large data), and the code order is the value order (Split::left_code).
  const auto& code = ws.index.code[static_cast<std::size_t>(n.feature)];
  const std::uint32_t left_code = split.left_code;
  const auto left_of = [&](std::size_t r) {
    const std::uint32_t cd = code[r];
    if (cd == ColumnIndex::kMissing) return n.missing_left;
    if (!n.categorical) return cd <= left_code;
    const std::int8_t g = n.go[cd];  // go has a slot for every code of the column
    return g >= 0 ? g == 1 : n.missing_left;
  };
  for (const std::size_t r : rows) {
    const bool l = left_of(r);
    Node& child = l ? left : right;
    (l ? left_rows : right_rows).push_back(r);
    ws.add(child.counts.data(), r);
    child.weight += ws.w[r];
  }
  left.rows = left_rows.size();
  right.rows = right_rows.size();
  finish_node(left);
  finish_node(right);
  // The parent's row list is no longer needed: freeing it bounds memory by the current path's
  // lists.
  rows.clear();
  rows.shrink_to_fit();
  const int li = static_cast<int>(nodes_.size());
  nodes_.push_back(std::move(left));
  nodes_.push_back(std::move(right));
  nodes_[static_cast<std::size_t>(node)].left = li;
  nodes_[static_cast<std::size_t>(node)].right = li + 1;
  grow(ws, left_rows, li);
  grow(ws, right_rows, li + 1);
}

DecisionTree DecisionTree::collapsed(const std::vector<bool>& make_leaf) const {
  if (make_leaf.size() != nodes_.size()) throw InternalError("cart: collapse mask size");
  DecisionTree out(*this);
  out.nodes_.clear();
  out.importance_.assign(cols_, 0.0);
  if (nodes_.empty()) return out;
  out.nodes_.push_back(nodes_[0]);
  // Same layout as grow(): both children appended, then the left subtree, then the right.
  std::function<void(std::size_t, std::size_t)> copy = [&](std::size_t from, std::size_t to) {
    Node& n = out.nodes_[to];
    if (n.feature < 0 || make_leaf[from]) {
      n.feature = -1;
      n.categorical = false;
      n.threshold = 0;
      n.go.clear();
      n.left = n.right = -1;
      n.gain = n.improvement = n.complexity = 0;
      return;
    }
    out.importance_[static_cast<std::size_t>(n.feature)] += n.improvement;
    const auto l_from = static_cast<std::size_t>(n.left),
               r_from = static_cast<std::size_t>(n.right);
    const std::size_t li = out.nodes_.size();
    out.nodes_[to].left = static_cast<int>(li);
    out.nodes_[to].right = static_cast<int>(li + 1);
    out.nodes_.push_back(nodes_[l_from]);
    out.nodes_.push_back(nodes_[r_from]);
    copy(l_from, li);
    copy(r_from, li + 1);
  };
  copy(0, 0);
  out.build_routes();
  return out;
}

DecisionTree DecisionTree::pruned(double cp) const {
  if (nodes_.empty()) throw InputError("cart: pruning an unfitted tree");
  if (!std::isfinite(cp) || cp < 0) throw InputError("cart: cp must be finite and >= 0");
  const std::vector<double> alphas = weakest_link_alphas(nodes_);
  const double alpha = cp * nodes_[0].risk * kCpTolerance;
  std::vector<bool> leaf(nodes_.size());
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    leaf[i] = nodes_[i].feature >= 0 && alphas[i] <= alpha;
  }
  DecisionTree out = collapsed(leaf);
  const std::vector<double> kept = weakest_link_alphas(out.nodes_);
  for (std::size_t i = 0; i < out.nodes_.size(); ++i) out.nodes_[i].complexity = kept[i];
  return out;
}

// With alpha >= 0 the walk stops at the first node whose subtree pruning at alpha would remove
// (complexity <= alpha): the leaf of the pruned tree, without building that tree.
int DecisionTree::leaf_of(const FeatureMatrix& x, std::size_t r, double alpha) const {
  if (alpha < 0 && !routes_.empty()) {  // the same decisions as goes_left(), on the small copy
    const float* row = x.values.data() + r * x.cols;
    std::size_t i = 0;
    for (;;) {
      const Route& q = routes_[i];
      if (q.left < 0) return static_cast<int>(i);
      const float v = row[q.bits & (kCategorical - 1)];
      bool left;
      if (std::isnan(v))
        left = (q.bits & kMissingLeft) != 0;
      else if ((q.bits & kCategorical) == 0)
        left = static_cast<double>(v) < q.threshold;
      else
        left = goes_left(nodes_[i], v);
      i = static_cast<std::size_t>(q.left) + (left ? 0 : 1);
    }
  }
  int i = 0;
  while (nodes_[static_cast<std::size_t>(i)].feature >= 0 &&
         (alpha < 0 || nodes_[static_cast<std::size_t>(i)].complexity > alpha)) {
    const Node& n = nodes_[static_cast<std::size_t>(i)];
    i = goes_left(n, x.at(r, static_cast<std::size_t>(n.feature))) ? n.left : n.right;
  }
  return i;
}

std::vector<double> DecisionTree::predict_proba(const FeatureMatrix& x) const {
  if (nodes_.empty()) throw InputError("cart: predict before fit");
  if (regression()) throw InputError("cart: predict_proba of a regression tree; use predict");
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

std::vector<double> DecisionTree::predict(const FeatureMatrix& x) const {
  if (nodes_.empty()) throw InputError("cart: predict before fit");
  if (x.cols != cols_ || x.values.size() != x.rows * x.cols) {
    throw InputError("cart: matrix has " + std::to_string(x.cols) + " columns, trained on " +
                     std::to_string(cols_));
  }
  std::vector<double> out(x.rows);
  for (std::size_t r = 0; r < x.rows; ++r) {
    out[r] = nodes_[static_cast<std::size_t>(leaf_of(x, r))].value;
  }
  return out;
}

std::vector<double> DecisionTree::importance() const { return importance_; }

std::unique_ptr<ProbabilisticClassifier> DecisionTree::clone() const {
  auto out = std::make_unique<DecisionTree>(params_);
  out->criterion_ = criterion_->clone();
  return out;
}

std::size_t DecisionTree::depth() const {
  std::size_t d = 0;
  for (const Node& n : nodes_) d = std::max(d, n.depth);
  return d;
}

}  // namespace adm::learn
