// Eq. (9) of Fair Forests: how far each prediction is from the mean prediction of its k nearest
// neighbours. nanoflann's k-d tree finds every row that could be among them (ties included); the
// final choice is made under our own distance and a total order (distance, row index), so ties
// are broken as by a brute-force search, whatever order the tree visits rows in.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <nanoflann.hpp>
#include <numeric>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "fairness/fair_metrics.hpp"

namespace adm::fairness {
namespace {

// Row-major points, every column min-max scaled to [0, 1].
struct ScaledPoints {
  std::vector<double> data;
  std::size_t rows = 0;
  std::size_t dim = 0;

  std::size_t kdtree_get_point_count() const { return rows; }
  double kdtree_get_pt(std::size_t row, std::size_t d) const { return data[row * dim + d]; }
  template <class Box>
  bool kdtree_get_bbox(Box&) const {
    return false;
  }
  const double* point(std::size_t row) const { return data.data() + row * dim; }
};

ScaledPoints scale_columns(const std::vector<std::vector<double>>& columns, std::size_t rows) {
  ScaledPoints p{std::vector<double>(rows * columns.size()), rows, columns.size()};
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const auto& col = columns[c];
    if (col.size() != rows)
      throw InputError("Inconsistency (eq. 9): feature column " + std::to_string(c) + " has " +
                       std::to_string(col.size()) + " values but there are " +
                       std::to_string(rows) + " predictions");
    for (std::size_t i = 0; i < rows; ++i)
      if (!std::isfinite(col[i]))
        throw InputError("Inconsistency (eq. 9): feature column " + std::to_string(c) + ", row " +
                         std::to_string(i) + " is not finite (encode or drop missing values)");
    const auto [lo, hi] = std::minmax_element(col.begin(), col.end());
    const double range = *hi - *lo;
    for (std::size_t i = 0; i < rows; ++i)
      p.data[i * p.dim + c] = range > 0.0 ? (col[i] - *lo) / range : 0.0;
  }
  return p;
}

// Squared Euclidean distance summed in column order: the one distance every decision uses.
double squared_distance(const ScaledPoints& p, std::size_t a, std::size_t b) {
  const double* x = p.point(a);
  const double* y = p.point(b);
  double sum = 0.0;
  for (std::size_t d = 0; d < p.dim; ++d) sum += (x[d] - y[d]) * (x[d] - y[d]);
  return sum;
}

// The rows of one group (below) as nanoflann's dataset: local index i is row rows[i] of `all`.
struct GroupPoints {
  const ScaledPoints* all = nullptr;
  std::vector<std::size_t> rows;

  std::size_t kdtree_get_point_count() const { return rows.size(); }
  double kdtree_get_pt(std::size_t i, std::size_t d) const {
    return all->data[rows[i] * all->dim + d];
  }
  template <class Box>
  bool kdtree_get_bbox(Box&) const {
    return false;
  }
};

// Keeps every point nearer than the running bound: the (k + 1)-th smallest distance seen so far
// (the query row itself included, so k other rows), widened by a relative 1e-9 so that rows tied
// with it stay whatever the rounding of the tree's distance. The bound only shrinks, so a row
// rejected (or a subtree pruned) on the way is outside the final bound too.
class TieKeepingSet {
 public:
  explicit TieKeepingSet(std::size_t keep) : keep_(keep) {}

  void clear() {
    heap_.clear();
    items_.clear();
    bound_ = std::numeric_limits<double>::infinity();
  }
  double worstDist() const { return bound_; }
  bool full() const { return heap_.size() == keep_; }
  // The group searched next: the tree reports its local indices.
  void search_group(const std::vector<std::size_t>* rows) { rows_ = rows; }
  bool addPoint(double dist, std::size_t local) {
    if (!(dist < bound_)) return true;
    items_.emplace_back(dist, (*rows_)[local]);
    if (heap_.size() < keep_) {
      heap_.push_back(dist);
      std::push_heap(heap_.begin(), heap_.end());
    } else if (dist < heap_.front()) {
      std::pop_heap(heap_.begin(), heap_.end());
      heap_.back() = dist;
      std::push_heap(heap_.begin(), heap_.end());
    }
    if (heap_.size() == keep_)
      bound_ = heap_.front() * (1.0 + 1e-9) + std::numeric_limits<double>::min();
    if (items_.size() > 4 * keep_ + 64) prune();
    return true;
  }
  // The rows within the final bound.
  const std::vector<std::pair<double, std::size_t>>& items() {
    prune();
    return items_;
  }

 private:
  void prune() {
    std::erase_if(items_, [&](const auto& item) { return !(item.first < bound_); });
  }

  std::size_t keep_;
  std::vector<double> heap_;  // max-heap of the keep_ smallest distances so far
  std::vector<std::pair<double, std::size_t>> items_;
  double bound_ = std::numeric_limits<double>::infinity();
  const std::vector<std::size_t>* rows_ = nullptr;
};

// nanoflann's L2 metric, but a sum stops as soon as it passes the current bound (the point is
// rejected either way); in ~100 one-hot dimensions most candidates are rejected after a few.
struct EarlyExitL2 {
  using ElementType = double;
  using DistanceType = double;

  const GroupPoints& points;
  const TieKeepingSet* set = nullptr;

  explicit EarlyExitL2(const GroupPoints& p) : points(p) {}
  double evalMetric(const double* a, std::size_t local, std::size_t size) const {
    const double* b = points.all->point(points.rows[local]);
    const double bound = set->worstDist();
    double sum = 0.0;
    for (std::size_t d = 0; d < size; ++d) {
      sum += (a[d] - b[d]) * (a[d] - b[d]);
      if ((d & 7) == 7 && sum > bound) return sum;
    }
    return sum;
  }
  template <typename U, typename V>
  double accum_dist(const U a, const V b, std::size_t) const {
    return (a - b) * (a - b);
  }
};

using Tree = nanoflann::KDTreeSingleIndexAdaptor<EarlyExitL2, GroupPoints, -1, std::size_t>;

// Rows grouped by their values in the two-valued columns (one-hot indicators, 0/1 features: after
// scaling exactly 0 or 1), one k-d tree per group. Why: nanoflann splits a node in the middle of
// the box its parent's split left it, not of its points, so below a split on an indicator the
// other indicators keep a box of width 1/2 around points that all share one value, and it splits
// on them without separating anything; a query then walks both halves. On the embedded demo (zip
// code and colour one-hot) the rows a query visited grew about as fast as the rows (147 per query
// at 5,000 rows, 487 at 20,000: the metrics of Fair Forests quadratic in rows). Within a group
// those columns are constant (no width, never split on), and a row of another group is at least
// the number of indicators that differ away (each differs by exactly 1), so a group is skipped
// whole once that exceeds the bound. Used when there are at most kMaxGroups groups.
struct Groups {
  static constexpr std::size_t kMaxGroups = 256;
  std::vector<GroupPoints> points;               // per group
  std::vector<std::vector<std::uint64_t>> code;  // per group: its two-valued columns, a bit each
  std::vector<std::size_t> of_row;               // the group of every row
};

Groups group_rows(const ScaledPoints& p) {
  std::vector<std::size_t> binary;
  for (std::size_t c = 0; c < p.dim; ++c) {
    bool two_valued = true;
    for (std::size_t i = 0; i < p.rows && two_valued; ++i) {
      const double v = p.data[i * p.dim + c];
      two_valued = v == 0.0 || v == 1.0;
    }
    if (two_valued) binary.push_back(c);
  }
  Groups g;
  g.of_row.assign(p.rows, 0);
  std::map<std::vector<std::uint64_t>, std::size_t> index;
  std::vector<std::uint64_t> code((binary.size() + 63) / 64);
  for (std::size_t i = 0; i < p.rows && index.size() <= Groups::kMaxGroups; ++i) {
    std::fill(code.begin(), code.end(), 0);
    for (std::size_t b = 0; b < binary.size(); ++b)
      if (p.data[i * p.dim + binary[b]] == 1.0) code[b / 64] |= std::uint64_t{1} << (b % 64);
    g.of_row[i] = index.emplace(code, index.size()).first->second;
  }
  if (index.size() > Groups::kMaxGroups) index.clear();  // too many: one tree of every row
  if (index.empty()) {
    g.code.assign(1, {});
    std::fill(g.of_row.begin(), g.of_row.end(), 0);
  } else {
    g.code.resize(index.size());
    for (const auto& [bits, id] : index) g.code[id] = bits;
  }
  g.points.assign(g.code.size(), GroupPoints{&p, {}});
  for (std::size_t i = 0; i < p.rows; ++i) g.points[g.of_row[i]].rows.push_back(i);
  return g;
}

// The squared distance every row of group b is at least from a row of group a: their indicators
// that differ, 1 each (exact in floating point, and the other terms only add).
double group_gap(const Groups& g, std::size_t a, std::size_t b) {
  std::size_t differ = 0;
  for (std::size_t w = 0; w < g.code[a].size(); ++w)
    differ += static_cast<std::size_t>(std::popcount(g.code[a][w] ^ g.code[b][w]));
  return static_cast<double>(differ);
}

}  // namespace

std::vector<std::uint32_t> nearest_neighbours(const std::vector<std::vector<double>>& columns,
                                              std::size_t n, std::size_t k) {
  if (k == 0) throw InputError("Inconsistency (eq. 9): k must be at least 1");
  if (k >= n)
    throw InputError("Inconsistency (eq. 9): k = " + std::to_string(k) +
                     " neighbours need more than k rows, got " + std::to_string(n));
  if (columns.empty()) throw InputError("Inconsistency (eq. 9): no feature columns");
  if (n > std::numeric_limits<std::uint32_t>::max())
    throw InputError("Inconsistency (eq. 9): more than 2^32 rows");
  const ScaledPoints points = scale_columns(columns, n);

  const Groups groups = group_rows(points);
  std::vector<std::unique_ptr<Tree>> trees;
  TieKeepingSet nearest(k + 1);
  for (const auto& group : groups.points) {
    trees.push_back(
        std::make_unique<Tree>(points.dim, group, nanoflann::KDTreeSingleIndexAdaptorParams(16)));
    trees.back()->distance.set = &nearest;
  }

  std::vector<std::uint32_t> out(n * k);
  std::vector<std::pair<double, std::size_t>> candidates;
  for (std::size_t i = 0; i < n; ++i) {
    nearest.clear();
    // The row's own group first (its bound is then tight), then every group not ruled out by its
    // indicators. Which rows are kept does not depend on the order: every row nearer than the
    // final bound is kept when met, and no such row is in a skipped group.
    const std::size_t own = groups.of_row[i];
    for (std::size_t step = 0; step < trees.size(); ++step) {
      const std::size_t g = step == 0 ? own : step <= own ? step - 1 : step;
      if (step > 0 && !(group_gap(groups, own, g) < nearest.worstDist())) continue;
      nearest.search_group(&groups.points[g].rows);
      trees[g]->findNeighbors(nearest, points.point(i), nanoflann::SearchParams());
    }
    // Decide under our own distance and the total order (distance, row): ties to the lower row.
    candidates.clear();
    for (const auto& [ignored, j] : nearest.items())
      if (j != i) candidates.emplace_back(squared_distance(points, i, j), j);
    if (candidates.size() < k)
      throw InternalError("Inconsistency: the k-d tree returned fewer than k neighbours");
    std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(k),
                      candidates.end());
    for (std::size_t m = 0; m < k; ++m)
      out[i * k + m] = static_cast<std::uint32_t>(candidates[m].second);
  }
  return out;
}

std::vector<double> inconsistency_terms(std::span<const std::uint32_t> neighbours,
                                        std::span<const double> yhat, std::size_t k) {
  const std::size_t n = yhat.size();
  if (k == 0 || neighbours.size() != n * k)
    throw InternalError("Inconsistency: the neighbour lists do not match the predictions");
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(yhat[i]))
      throw InputError("Inconsistency (eq. 9): prediction of row " + std::to_string(i) +
                       " is not finite");
  std::vector<double> terms(n);
  for (std::size_t i = 0; i < n; ++i) {
    double neighbour_sum = 0.0;  // in order of (distance, row), as the search returned them
    for (std::size_t m = 0; m < k; ++m) neighbour_sum += yhat[neighbours[i * k + m]];
    terms[i] = std::abs(yhat[i] - neighbour_sum / static_cast<double>(k));
  }
  return terms;
}

std::vector<double> inconsistency_terms(const std::vector<std::vector<double>>& columns,
                                        std::span<const double> yhat, std::size_t k) {
  for (std::size_t i = 0; i < yhat.size(); ++i)
    if (!std::isfinite(yhat[i]))
      throw InputError("Inconsistency (eq. 9): prediction of row " + std::to_string(i) +
                       " is not finite");
  return inconsistency_terms(nearest_neighbours(columns, yhat.size(), k), yhat, k);
}

double inconsistency(const std::vector<std::vector<double>>& columns, std::span<const double> yhat,
                     std::size_t k) {
  const auto terms = inconsistency_terms(columns, yhat, k);
  return std::accumulate(terms.begin(), terms.end(), 0.0) / static_cast<double>(terms.size());
}

}  // namespace adm::fairness
