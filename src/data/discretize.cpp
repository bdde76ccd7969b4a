#include "data/discretize.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/error.hpp"
#include "data/number_text.hpp"

namespace adm::data {
namespace {

std::vector<double> sorted_values(const Column& column) {
  if (!column.is_numeric())
    throw InputError("cannot discretize column '" + column.name() + "': it is categorical");
  std::vector<double> v;
  for (std::size_t r = 0; r < column.size(); ++r)
    if (!column.is_missing(r)) v.push_back(column.values()[r]);
  std::sort(v.begin(), v.end());
  return v;
}

void check_bins(const Column& column, int bins) {
  if (bins < 1)
    throw InputError("cannot discretize column '" + column.name() + "' into " +
                     std::to_string(bins) + " bins: need at least 1");
}

double entropy(const std::size_t* counts, std::size_t k, std::size_t n, std::size_t& present) {
  double h = 0.0;
  present = 0;
  for (std::size_t c = 0; c < k; ++c) {
    if (counts[c] == 0) continue;
    ++present;
    const double p = static_cast<double>(counts[c]) / static_cast<double>(n);
    h -= p * std::log2(p);
  }
  return h;
}

// Sorted (value, class) points with prefix class counts, so any range's counts cost O(k).
class Mdlp {
 public:
  Mdlp(std::vector<std::pair<double, std::int32_t>> points, std::size_t classes)
      : pts_(std::move(points)), k_(classes), cum_((pts_.size() + 1) * classes, 0) {
    std::sort(pts_.begin(), pts_.end());
    for (std::size_t i = 0; i < pts_.size(); ++i) {
      std::copy_n(&cum_[i * k_], k_, &cum_[(i + 1) * k_]);
      ++cum_[(i + 1) * k_ + static_cast<std::size_t>(pts_[i].second)];
    }
    // Class of each run of equal values if the run is pure, else -1 (for boundary points).
    run_class_.assign(pts_.size(), -1);
    for (std::size_t b = 0, e = 0; b < pts_.size(); b = e) {
      bool pure = true;
      for (e = b; e < pts_.size() && pts_[e].first == pts_[b].first; ++e)
        pure = pure && pts_[e].second == pts_[b].second;
      for (std::size_t i = b; i < e; ++i) run_class_[i] = pure ? pts_[b].second : -1;
    }
  }

  std::vector<double> cuts() {
    std::vector<double> out;
    split(0, pts_.size(), out);
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  std::vector<std::size_t> counts(std::size_t lo, std::size_t hi) const {
    std::vector<std::size_t> c(k_);
    for (std::size_t j = 0; j < k_; ++j) c[j] = cum_[hi * k_ + j] - cum_[lo * k_ + j];
    return c;
  }

  void split(std::size_t lo, std::size_t hi, std::vector<double>& out) const {
    const std::size_t n = hi - lo;
    if (n < 2) return;
    std::size_t k = 0, k1 = 0, k2 = 0;
    const auto all = counts(lo, hi);
    const double ent = entropy(all.data(), k_, n, k);
    if (k < 2) return;  // pure: no boundary point inside
    std::size_t best = 0;
    double best_e = 0.0;
    for (std::size_t i = lo + 1; i < hi; ++i) {
      if (pts_[i - 1].first == pts_[i].first) continue;
      // Fayyad & Irani: only boundaries between runs that are not pure in the same class.
      if (run_class_[i - 1] != -1 && run_class_[i - 1] == run_class_[i]) continue;
      const auto left = counts(lo, i), right = counts(i, hi);
      const double e = (static_cast<double>(i - lo) * entropy(left.data(), k_, i - lo, k1) +
                        static_cast<double>(hi - i) * entropy(right.data(), k_, hi - i, k2)) /
                       static_cast<double>(n);
      if (best == 0 || e < best_e) {
        best = i;
        best_e = e;
      }
    }
    if (best == 0) return;
    const auto left = counts(lo, best), right = counts(best, hi);
    const double e1 = entropy(left.data(), k_, best - lo, k1);
    const double e2 = entropy(right.data(), k_, hi - best, k2);
    const double gain = ent - best_e;
    const double kd = static_cast<double>(k);
    const double log_3k_2 = k < 30 ? std::log2(std::pow(3.0, kd) - 2.0) : kd * std::log2(3.0);
    const double delta =
        log_3k_2 - (kd * ent - static_cast<double>(k1) * e1 - static_cast<double>(k2) * e2);
    const double nd = static_cast<double>(n);
    if (!(gain > (std::log2(nd - 1.0) + delta) / nd)) return;
    const double a = pts_[best - 1].first, b = pts_[best].first;
    out.push_back(a + (b - a) / 2.0);
    split(lo, best, out);
    split(best, hi, out);
  }

  std::vector<std::pair<double, std::int32_t>> pts_;
  std::size_t k_;
  std::vector<std::size_t> cum_;
  std::vector<std::int32_t> run_class_;
};

std::vector<double> equal_width_cuts_of(double lo, double hi, int bins) {
  std::vector<double> cuts;
  for (int j = 1; j < bins; ++j) {
    const double c = lo + (hi - lo) * j / bins;
    if (c > lo && c < hi && (cuts.empty() || c > cuts.back())) cuts.push_back(c);
  }
  return cuts;
}

// The cuts of quantile_cuts over n sorted values, read through value_at(k) = the k-th smallest:
// one formula for a column's values and for a value -> count table.
template <class ValueAt>
std::vector<double> quantile_cuts_of(std::size_t n, ValueAt value_at, int bins) {
  std::vector<double> cuts;
  if (n == 0) return cuts;
  const double first = value_at(0);
  for (int j = 1; j < bins; ++j) {
    // Position (n-1)*j/bins computed from integers so textbook cases come out exact.
    const double h = static_cast<double>((n - 1) * static_cast<std::size_t>(j)) / bins;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const double frac = h - static_cast<double>(lo);
    const double v_lo = value_at(lo);
    const double q = lo + 1 < n ? v_lo + frac * (value_at(lo + 1) - v_lo) : v_lo;
    if (q > first && (cuts.empty() || q > cuts.back())) cuts.push_back(q);
  }
  return cuts;
}

}  // namespace

std::vector<double> quantile_cuts(const Column& column, int bins) {
  check_bins(column, bins);
  const std::vector<double> v = sorted_values(column);
  return quantile_cuts_of(
      v.size(), [&](std::size_t k) { return v[k]; }, bins);
}

std::vector<double> quantile_cuts(const std::map<double, std::uint64_t>& counts, int bins) {
  if (bins < 1) throw InputError("cannot discretize into " + std::to_string(bins) + " bins");
  std::uint64_t n = 0;
  for (const auto& [v, c] : counts) n += c;
  // The k-th smallest value: walk the cumulative counts (few distinct values, few lookups).
  const auto value_at = [&](std::size_t k) {
    std::uint64_t below = 0;
    for (const auto& [v, c] : counts) {
      below += c;
      if (k < below) return v;
    }
    throw InternalError("quantile_cuts: order statistic beyond the counts");
  };
  return quantile_cuts_of(static_cast<std::size_t>(n), value_at, bins);
}

std::vector<double> equal_width_cuts(const std::map<double, std::uint64_t>& counts, int bins) {
  if (bins < 1) throw InputError("cannot discretize into " + std::to_string(bins) + " bins");
  if (counts.empty()) return {};
  return equal_width_cuts_of(counts.begin()->first, counts.rbegin()->first, bins);
}

std::vector<double> equal_width_cuts(const Column& column, int bins) {
  check_bins(column, bins);
  const std::vector<double> v = sorted_values(column);
  if (v.empty()) return {};
  return equal_width_cuts_of(v.front(), v.back(), bins);
}

std::vector<double> mdlp_cuts(const Column& column, const std::vector<std::int32_t>& labels) {
  if (!column.is_numeric())
    throw InputError("cannot discretize column '" + column.name() + "': it is categorical");
  if (labels.size() != column.size())
    throw InternalError("mdlp_cuts: labels and column differ in length");
  std::vector<std::pair<double, std::int32_t>> points;
  std::int32_t max_label = -1;
  for (std::size_t r = 0; r < column.size(); ++r) {
    if (column.is_missing(r) || labels[r] < 0) continue;
    points.emplace_back(column.values()[r], labels[r]);
    max_label = std::max(max_label, labels[r]);
  }
  if (points.size() < 2) return {};
  return Mdlp(std::move(points), static_cast<std::size_t>(max_label) + 1).cuts();
}

Column discretize(const Column& column, const std::vector<double>& cuts) {
  if (!column.is_numeric())
    throw InputError("cannot discretize column '" + column.name() + "': it is categorical");
  for (std::size_t i = 0; i < cuts.size(); ++i)
    if (!std::isfinite(cuts[i]) || (i > 0 && !(cuts[i] > cuts[i - 1])))
      throw InputError("cut points for column '" + column.name() +
                       "' must be finite and strictly increasing");
  std::vector<std::string> levels;
  for (std::size_t i = 0; i <= cuts.size(); ++i) {
    std::string level = "[";
    level.append(i == 0 ? "-inf" : format_number(cuts[i - 1]));
    level.append(",").append(i == cuts.size() ? "inf" : format_number(cuts[i])).append(")");
    levels.push_back(std::move(level));
  }
  std::vector<std::int32_t> codes(column.size(), Column::kMissingCode);
  for (std::size_t r = 0; r < column.size(); ++r) {
    if (column.is_missing(r)) continue;
    // Number of cuts <= value = index of the left-closed interval holding it.
    const double v = column.values()[r];
    codes[r] =
        static_cast<std::int32_t>(std::upper_bound(cuts.begin(), cuts.end(), v) - cuts.begin());
  }
  return Column::categorical(column.name(), std::move(codes), std::move(levels),
                             to_vector(column.missing()));
}

Dataset discretize_numeric(const Dataset& data, DiscretizeMethod method, int bins) {
  Dataset out = data;
  const Roles& roles = data.roles();
  std::vector<std::int32_t> labels;
  if (method == DiscretizeMethod::Mdlp) {
    if (roles.target.empty() || !data.column(roles.target).is_categorical())
      throw InputError(data.source() + ": MDLP discretization needs a categorical target");
    labels = to_vector(data.column(roles.target).codes());
  }
  for (const auto& name : roles.features) {
    const Column& col = data.column(name);
    if (!col.is_numeric() || name == roles.target || name == roles.weights) continue;
    std::vector<double> cuts;
    switch (method) {
      case DiscretizeMethod::Quantile:
        cuts = quantile_cuts(col, bins);
        break;
      case DiscretizeMethod::EqualWidth:
        cuts = equal_width_cuts(col, bins);
        break;
      case DiscretizeMethod::Mdlp:
        cuts = mdlp_cuts(col, labels);
        break;
    }
    out.replace(discretize(col, cuts));
  }
  return out;
}

}  // namespace adm::data
