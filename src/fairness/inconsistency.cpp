// Eq. (9) of Fair Forests: how far each prediction is from the mean prediction of its k nearest
// neighbours. nanoflann's k-d tree finds every row that could be among them (ties included); the
// final choice is made under our own distance and a total order (distance, row index), so ties
// are broken as by a brute-force search, whatever order the tree visits rows in.
#include <algorithm>
#include <cmath>
#include <limits>
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
  bool addPoint(double dist, std::size_t row) {
    if (!(dist < bound_)) return true;
    items_.emplace_back(dist, row);
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
};

// nanoflann's L2 metric, but a sum stops as soon as it passes the current bound (the point is
// rejected either way); in ~100 one-hot dimensions most candidates are rejected after a few.
struct EarlyExitL2 {
  using ElementType = double;
  using DistanceType = double;

  const ScaledPoints& points;
  const TieKeepingSet* set = nullptr;

  explicit EarlyExitL2(const ScaledPoints& p) : points(p) {}
  double evalMetric(const double* a, std::size_t row, std::size_t size) const {
    const double* b = points.point(row);
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

using Tree = nanoflann::KDTreeSingleIndexAdaptor<EarlyExitL2, ScaledPoints, -1, std::size_t>;

}  // namespace

std::vector<double> inconsistency_terms(const std::vector<std::vector<double>>& columns,
                                        std::span<const double> yhat, std::size_t k) {
  const std::size_t n = yhat.size();
  if (k == 0) throw InputError("Inconsistency (eq. 9): k must be at least 1");
  if (k >= n)
    throw InputError("Inconsistency (eq. 9): k = " + std::to_string(k) +
                     " neighbours need more than k rows, got " + std::to_string(n));
  if (columns.empty()) throw InputError("Inconsistency (eq. 9): no feature columns");
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(yhat[i]))
      throw InputError("Inconsistency (eq. 9): prediction of row " + std::to_string(i) +
                       " is not finite");
  const ScaledPoints points = scale_columns(columns, n);

  Tree tree(points.dim, points, nanoflann::KDTreeSingleIndexAdaptorParams(16));
  TieKeepingSet nearest(k + 1);
  tree.distance.set = &nearest;

  std::vector<double> terms(n);
  std::vector<std::pair<double, std::size_t>> candidates;
  for (std::size_t i = 0; i < n; ++i) {
    nearest.clear();
    tree.findNeighbors(nearest, points.point(i), nanoflann::SearchParams());
    // Decide under our own distance and the total order (distance, row): ties to the lower row.
    candidates.clear();
    for (const auto& [ignored, j] : nearest.items())
      if (j != i) candidates.emplace_back(squared_distance(points, i, j), j);
    if (candidates.size() < k)
      throw InternalError("Inconsistency: the k-d tree returned fewer than k neighbours");
    std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(k),
                      candidates.end());
    double neighbour_sum = 0.0;
    for (std::size_t m = 0; m < k; ++m) neighbour_sum += yhat[candidates[m].second];
    terms[i] = std::abs(yhat[i] - neighbour_sum / static_cast<double>(k));
  }
  return terms;
}

double inconsistency(const std::vector<std::vector<double>>& columns, std::span<const double> yhat,
                     std::size_t k) {
  const auto terms = inconsistency_terms(columns, yhat, k);
  return std::accumulate(terms.begin(), terms.end(), 0.0) / static_cast<double>(terms.size());
}

}  // namespace adm::fairness
