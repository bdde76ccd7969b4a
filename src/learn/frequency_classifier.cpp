#include "learn/frequency_classifier.hpp"

#include <cmath>
#include <cstring>
#include <map>

#include "core/error.hpp"

namespace adm::learn {
namespace {

constexpr std::int32_t kMissingLevel = -1;

// The integer code of one cell of a categorical column (NaN -> its own level).
std::int32_t code_of(const FeatureMatrix& x, std::size_t r, std::size_t c) {
  const float v = x.at(r, c);
  if (std::isnan(v)) return kMissingLevel;
  if (!(v >= 0.0f) || v != std::floor(v) || v > 2.0e9f)
    throw InputError("FrequencyClassifier: column '" + x.names[c] +
                     "' holds a value that is not a category code");
  return static_cast<std::int32_t>(v);
}

std::string cell_key(const FeatureMatrix& x, std::size_t r) {
  std::string key(x.cols * sizeof(std::int32_t), '\0');
  for (std::size_t c = 0; c < x.cols; ++c) {
    const std::int32_t code = code_of(x, r, c);
    std::memcpy(key.data() + c * sizeof(code), &code, sizeof(code));
  }
  return key;
}

void check_columns(const FeatureMatrix& x) {
  if (x.values.size() != x.rows * x.cols || x.categorical.size() != x.cols ||
      x.names.size() != x.cols)
    throw InternalError("FrequencyClassifier: malformed feature matrix");
  for (std::size_t c = 0; c < x.cols; ++c)
    if (!x.categorical[c])
      throw InputError("FrequencyClassifier: column '" + x.names[c] +
                       "' is numeric; discretise it first (the learner counts discrete cells)");
}

// MI in bits of a weighted [level][class] table: sum c_xy/N log2(c_xy N / (c_x c_y)).
double table_mi(const std::map<std::int32_t, std::vector<double>>& table,
                const std::vector<double>& class_totals, double total) {
  double mi = 0.0;
  for (const auto& [level, counts] : table) {
    double cx = 0.0;
    for (double c : counts) cx += c;
    for (std::size_t k = 0; k < counts.size(); ++k)
      if (counts[k] > 0.0) mi += counts[k] * std::log2(counts[k] * total / (cx * class_totals[k]));
  }
  mi /= total;
  return mi < 0.0 ? 0.0 : mi;  // round-off only: MI >= 0
}

}  // namespace

FrequencyClassifier::FrequencyClassifier(double alpha) : alpha_(alpha) {
  if (!(alpha >= 0.0) || !std::isfinite(alpha))
    throw InputError("FrequencyClassifier: smoothing alpha must be finite and >= 0");
}

void FrequencyClassifier::fit(const FeatureMatrix& x, std::span<const std::int32_t> y,
                              std::size_t classes, std::span<const double> weights) {
  check_columns(x);
  if (classes < 1) throw InputError("FrequencyClassifier: need at least one class");
  if (y.size() != x.rows) throw InputError("FrequencyClassifier: y and x differ in rows");
  if (!weights.empty() && weights.size() != x.rows)
    throw InputError("FrequencyClassifier: weights and x differ in rows");
  classes_ = 0;  // unfitted until the end: a failed fit leaves no half-built model
  cols_ = x.cols;
  cell_index_.clear();
  cell_counts_.clear();
  cell_totals_.clear();
  marginal_.assign(classes, 0.0);
  total_ = 0.0;
  std::vector<std::map<std::int32_t, std::vector<double>>> tables(x.cols);
  for (std::size_t r = 0; r < x.rows; ++r) {
    const double w = weights.empty() ? 1.0 : weights[r];
    if (!(w >= 0.0) || !std::isfinite(w))
      throw InputError("FrequencyClassifier: weights must be finite and non-negative");
    if (y[r] < 0 || static_cast<std::size_t>(y[r]) >= classes)
      throw InputError("FrequencyClassifier: class code out of range 0.." +
                       std::to_string(classes - 1));
    const auto k = static_cast<std::size_t>(y[r]);
    auto [it, added] = cell_index_.try_emplace(cell_key(x, r), cell_totals_.size());
    if (added) {
      cell_counts_.resize(cell_counts_.size() + classes, 0.0);
      cell_totals_.push_back(0.0);
    }
    cell_counts_[it->second * classes + k] += w;
    cell_totals_[it->second] += w;
    marginal_[k] += w;
    total_ += w;
    for (std::size_t c = 0; c < x.cols; ++c) {
      auto& counts = tables[c][code_of(x, r, c)];
      if (counts.empty()) counts.assign(classes, 0.0);
      counts[k] += w;
    }
  }
  if (!(total_ > 0.0)) throw InputError("FrequencyClassifier: no training weight");
  importance_.clear();
  for (const auto& table : tables) importance_.push_back(table_mi(table, marginal_, total_));
  classes_ = classes;
}

void FrequencyClassifier::probabilities(const double* counts, double total, double* out) const {
  const double denom = total + alpha_ * static_cast<double>(classes_);
  for (std::size_t k = 0; k < classes_; ++k) out[k] = (counts[k] + alpha_) / denom;
}

std::vector<double> FrequencyClassifier::predict_proba(const FeatureMatrix& x) const {
  if (classes_ == 0) throw InternalError("FrequencyClassifier: predict before fit");
  check_columns(x);
  if (x.cols != cols_) throw InputError("FrequencyClassifier: column count differs from training");
  std::vector<double> out(x.rows * classes_);
  for (std::size_t r = 0; r < x.rows; ++r) {
    double* row = out.data() + r * classes_;
    const auto it = cell_index_.find(cell_key(x, r));
    if (it != cell_index_.end() && cell_totals_[it->second] > 0.0)
      probabilities(cell_counts_.data() + it->second * classes_, cell_totals_[it->second], row);
    else
      probabilities(marginal_.data(), total_, row);
  }
  return out;
}

std::vector<double> FrequencyClassifier::importance() const { return importance_; }

std::unique_ptr<ProbabilisticClassifier> FrequencyClassifier::clone() const {
  return std::make_unique<FrequencyClassifier>(alpha_);
}

}  // namespace adm::learn
