// Eq. (9) of Fair Forests: how far each prediction is from the mean prediction of its k nearest
// neighbours. nanoflann's k-d tree finds candidates; the final choice is made under our own
// distance and a total order (distance, row index), so ties are broken the same way as by a
// brute-force search, whatever order the tree visits points in.
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

using Tree = nanoflann::KDTreeSingleIndexAdaptor<nanoflann::L2_Adaptor<double, ScaledPoints>,
                                                 ScaledPoints, -1, std::size_t>;

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
  const Tree tree(points.dim, points, nanoflann::KDTreeSingleIndexAdaptorParams(16));

  std::vector<double> terms(n);
  std::vector<std::size_t> knn_index(k + 1);
  std::vector<double> knn_dist(k + 1);
  std::vector<std::pair<std::size_t, double>> within;
  std::vector<std::pair<double, std::size_t>> candidates;
  for (std::size_t i = 0; i < n; ++i) {
    // Any k + 1 rows bound the k-th nearest other row's distance from above; widen the bound past
    // rounding differences between the tree's distance and ours (radius search keeps d < radius).
    const std::size_t found =
        tree.knnSearch(points.point(i), k + 1, knn_index.data(), knn_dist.data());
    const double bound = *std::max_element(knn_dist.begin(), knn_dist.begin() + found);
    const double radius = bound * (1.0 + 1e-9) + std::numeric_limits<double>::min();
    tree.radiusSearch(points.point(i), radius, within, nanoflann::SearchParams(32, 0.0f, false));
    candidates.clear();
    for (const auto& [j, ignored] : within)
      if (j != i) candidates.emplace_back(squared_distance(points, i, j), j);
    if (candidates.size() < k)
      throw InternalError("Inconsistency: the k-d tree returned fewer than k neighbours");
    std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(k),
                      candidates.end());  // pairs compare (distance, row): ties to the lower row
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
