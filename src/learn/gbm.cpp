#include "learn/gbm.hpp"

#include <xgboost/c_api.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "core/error.hpp"

namespace adm::learn {

namespace {

// Every nonzero XGBoost return becomes an InternalError carrying XGBoost's own message.
void check(int rc) {
  if (rc != 0) throw InternalError(std::string("XGBoost: ") + XGBGetLastError());
}

struct MatrixFree {
  void operator()(void* h) const { XGDMatrixFree(h); }
};
struct BoosterFree {
  void operator()(void* h) const { XGBoosterFree(h); }
};
using Matrix = std::unique_ptr<void, MatrixFree>;
using Booster = std::unique_ptr<void, BoosterFree>;

// Class log-priors are clamped so a class absent from y gets a tiny probability, not -inf.
constexpr double kMinPrior = 1e-6;

std::string text(double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, end);
}

// Shape checks are caller bugs; infinities and bad codes come from data, so they are InputErrors.
// `categorical` is the learner's flag per column (the training matrix's).
void check_matrix(const FeatureMatrix& x, const std::vector<std::uint8_t>& categorical) {
  if (x.values.size() != x.rows * x.cols)
    throw InternalError("FeatureMatrix: values size does not match rows x cols");
  for (std::size_t r = 0; r < x.rows; ++r)
    for (std::size_t c = 0; c < x.cols; ++c) {
      const float v = x.at(r, c);
      if (std::isnan(v)) continue;
      if (std::isinf(v))
        throw InputError("gbm: column '" + (c < x.names.size() ? x.names[c] : std::to_string(c)) +
                         "' holds an infinite value");
      if (categorical[c] && (v < 0 || v != std::floor(v) || v >= float(1 << 24)))
        throw InputError("gbm: categorical column holds a code that is not a small integer");
    }
}

// Dense DMatrix with per-column types ("c" = native categorical splits) and the prior margin of
// every row: XGBoost adds base_margin to the trees' output in training and prediction alike.
Matrix make_dmatrix(const FeatureMatrix& x, const std::vector<std::uint8_t>& categorical,
                    const std::vector<float>& prior_margin, int nthread) {
  DMatrixHandle h = nullptr;
  check(XGDMatrixCreateFromMat_omp(x.values.data(), x.rows, x.cols,
                                   std::numeric_limits<float>::quiet_NaN(), &h, nthread));
  Matrix m(h);
  std::vector<const char*> types(x.cols);
  for (std::size_t c = 0; c < x.cols; ++c) types[c] = categorical[c] ? "c" : "q";
  check(XGDMatrixSetStrFeatureInfo(h, "feature_type", types.data(), x.cols));
  std::vector<float> margin;
  margin.reserve(x.rows * prior_margin.size());
  for (std::size_t r = 0; r < x.rows; ++r)
    margin.insert(margin.end(), prior_margin.begin(), prior_margin.end());
  check(XGDMatrixSetFloatInfo(h, "base_margin", margin.data(), margin.size()));
  return m;
}

// Margins of every row of `data` (rows x per_row floats, owned by the booster until its next call).
const float* margins(void* booster, void* data, std::size_t expected) {
  // Margins, not XGBoost's float probabilities: the link in double keeps tiny p from becoming 0.
  const char* config = R"({"type": 1, "training": false, "iteration_begin": 0, "iteration_end": 0,)"
                       R"( "strict_shape": false})";
  const bst_ulong* shape = nullptr;
  bst_ulong dim = 0;
  const float* margin = nullptr;
  check(XGBoosterPredictFromDMatrix(booster, data, config, &shape, &dim, &margin));
  std::size_t size = 1;
  for (bst_ulong d = 0; d < dim; ++d) size *= shape[d];
  if (size != expected) throw InternalError("gbm: unexpected prediction shape");
  return margin;
}

// rows x k probabilities from the margins (one per row for two classes, else k per row).
void append_probabilities(const float* margin, std::size_t rows, std::size_t k,
                          std::vector<double>& proba) {
  for (std::size_t r = 0; r < rows; ++r) {
    if (k == 2) {
      // The smaller probability directly (accurate when tiny), the larger as its complement.
      const double z = margin[r];
      const double small = 1 / (1 + std::exp(std::abs(z)));
      proba.push_back(z >= 0 ? small : 1 - small);
      proba.push_back(z >= 0 ? 1 - small : small);
      continue;
    }
    const float* row = margin + r * k;
    const double top = *std::max_element(row, row + k);
    double sum = 0;
    for (std::size_t c = 0; c < k; ++c) sum += std::exp(row[c] - top);
    for (std::size_t c = 0; c < k; ++c) proba.push_back(std::exp(row[c] - top) / sum);
  }
}

// The XGBoost parameters of one fit; train() and xgboost_refusal() set exactly these.
std::vector<std::pair<std::string, std::string>> booster_settings(const GbmParams& p,
                                                                  std::size_t classes,
                                                                  std::uint64_t seed) {
  // XGBoost seeds a 32-bit mt19937 from an int64: fold our 64 bits into 31 so no seed is lost.
  const std::uint64_t folded = (seed ^ (seed >> 31) ^ (seed >> 62)) & 0x7fffffffu;
  std::vector<std::pair<std::string, std::string>> settings = {
      {"objective", classes == 2 ? "binary:logistic" : "multi:softprob"},
      {"tree_method", "hist"},
      {"eta", text(p.learning_rate)},
      {"max_depth", std::to_string(p.max_depth)},
      {"min_child_weight", text(p.min_child_weight)},
      {"subsample", text(p.subsample)},
      {"colsample_bytree", text(p.colsample)},
      {"lambda", text(p.lambda)},
      {"max_bin", std::to_string(p.max_bin)},
      {"nthread", std::to_string(p.nthread)},
      {"seed", std::to_string(folded)},
      // Reseed per round: sampling then cannot depend on other XGBoost use on this thread.
      {"seed_per_iteration", "1"},
      {"verbosity", "0"},
  };
  if (classes > 2) settings.emplace_back("num_class", std::to_string(classes));
  return settings;
}

// XGBoost's last error as one line, without the "[time] file.cc:line: " prefix it may carry.
std::string last_error_line() {
  std::string message = XGBGetLastError();
  message = message.substr(0, message.find('\n'));
  if (!message.empty() && message[0] == '[') {
    const std::size_t source = message.find(".cc:");
    const std::size_t colon = message.find(": ", source == std::string::npos ? 0 : source);
    if (source != std::string::npos && colon != std::string::npos) message.erase(0, colon + 2);
  }
  return message;
}

}  // namespace

std::optional<std::string> xgboost_refusal(const GbmParams& params) {
  FeatureMatrix x;
  x.rows = 4;
  x.cols = 1;
  x.values = {0, 1, 0, 1};
  GbmParams probe = params;
  probe.nthread = 1;  // the probe needs no threads, and nthread is range-checked by us
  Matrix data = make_dmatrix(x, {0}, {0.0f}, 1);
  const float labels[] = {0, 1, 0, 1};
  check(XGDMatrixSetFloatInfo(data.get(), "label", labels, 4));
  DMatrixHandle cache[] = {data.get()};
  BoosterHandle b = nullptr;
  check(XGBoosterCreate(cache, 1, &b));
  Booster booster(b);
  for (const auto& [key, value] : booster_settings(probe, 2, 0))
    if (XGBoosterSetParam(b, key.c_str(), value.c_str()) != 0) return last_error_line();
  // XGBoost parses its parameters only here, at the first round.
  if (XGBoosterUpdateOneIter(b, 0, data.get()) != 0) return last_error_line();
  return std::nullopt;
}

struct GradientBoosting::Model {
  std::size_t cols = 0;
  std::size_t classes = 0;
  std::vector<std::uint8_t> categorical;  // training flags, one per column
  std::vector<double> frequencies;        // weighted class frequencies of the training rows
  std::vector<float> prior_margin;        // 1 value (binary: logit) or one per class (log prior)
  Booster booster;                        // null when no trees are needed (no columns or one class)
};

GradientBoosting::GradientBoosting(GbmParams params) : params_(params) { validate(params_); }
GradientBoosting::~GradientBoosting() = default;
GradientBoosting::GradientBoosting(GradientBoosting&&) noexcept = default;
GradientBoosting& GradientBoosting::operator=(GradientBoosting&&) noexcept = default;

std::unique_ptr<ProbabilisticClassifier> GradientBoosting::clone() const {
  auto copy = std::make_unique<GradientBoosting>(params_);
  copy->seed_ = seed_;
  return copy;
}

void GradientBoosting::fit(const FeatureMatrix& x, std::span<const std::int32_t> y,
                           std::size_t classes, std::span<const double> weights) {
  train(x, y, classes, weights, false);
}

std::vector<double> GradientBoosting::fit_predict(const FeatureMatrix& x,
                                                  std::span<const std::int32_t> y,
                                                  std::size_t classes,
                                                  std::span<const double> weights) {
  return train(x, y, classes, weights, true);
}

std::vector<double> GradientBoosting::train(const FeatureMatrix& x, std::span<const std::int32_t> y,
                                            std::size_t classes, std::span<const double> weights,
                                            bool in_sample) {
  model_.reset();
  if (x.rows == 0) throw InputError("gbm: cannot fit on zero rows");
  if (classes == 0) throw InputError("gbm: no classes");
  if (y.size() != x.rows) throw InternalError("gbm: labels do not match rows");
  if (!weights.empty() && weights.size() != x.rows)
    throw InternalError("gbm: weights do not match rows");
  if (!x.categorical.empty() && x.categorical.size() != x.cols)
    throw InternalError("FeatureMatrix: categorical flags do not match cols");

  auto m = std::make_unique<Model>();
  m->cols = x.cols;
  m->classes = classes;
  m->categorical = x.categorical.empty() ? std::vector<std::uint8_t>(x.cols, 0) : x.categorical;
  check_matrix(x, m->categorical);
  m->frequencies.assign(classes, 0.0);
  double total = 0;
  for (std::size_t r = 0; r < x.rows; ++r) {
    if (y[r] < 0 || static_cast<std::size_t>(y[r]) >= classes)
      throw InputError("gbm: label " + std::to_string(y[r]) + " outside 0.." +
                       std::to_string(classes - 1));
    const double w = weights.empty() ? 1.0 : weights[r];
    if (!std::isfinite(w) || w < 0) throw InputError("gbm: weights must be finite and >= 0");
    m->frequencies[y[r]] += w;
    total += w;
  }
  if (!(total > 0)) throw InputError("gbm: weights sum to zero");
  for (auto& f : m->frequencies) f /= total;

  // P(y | no features) is the class frequency: callers rely on this for conditioning on nothing.
  if (x.cols == 0 || classes == 1) {
    model_ = std::move(m);
    return in_sample ? predict_proba(x) : std::vector<double>{};
  }

  auto clamp = [](double p) { return std::clamp(p, kMinPrior, 1 - kMinPrior); };
  if (classes == 2) {
    const double p = clamp(m->frequencies[1]);
    m->prior_margin = {static_cast<float>(std::log(p / (1 - p)))};
  } else {
    for (double f : m->frequencies)
      m->prior_margin.push_back(static_cast<float>(std::log(clamp(f))));
  }

  const int nthread = static_cast<int>(params_.nthread);
  Matrix dtrain = make_dmatrix(x, m->categorical, m->prior_margin, nthread);
  std::vector<float> labels(y.begin(), y.end());
  check(XGDMatrixSetFloatInfo(dtrain.get(), "label", labels.data(), labels.size()));
  if (!weights.empty()) {
    std::vector<float> w(weights.begin(), weights.end());
    check(XGDMatrixSetFloatInfo(dtrain.get(), "weight", w.data(), w.size()));
  }

  BoosterHandle b = nullptr;
  DMatrixHandle cache[] = {dtrain.get()};
  check(XGBoosterCreate(cache, 1, &b));
  m->booster.reset(b);
  for (const auto& [key, value] : booster_settings(params_, classes, seed_))
    check(XGBoosterSetParam(b, key.c_str(), value.c_str()));
  for (std::uint64_t round = 0; round < params_.rounds; ++round)
    check(XGBoosterUpdateOneIter(b, static_cast<int>(round), dtrain.get()));
  model_ = std::move(m);
  std::vector<double> proba;
  if (!in_sample) return proba;
  const std::size_t per_row = classes == 2 ? 1 : classes;
  proba.reserve(x.rows * classes);
  append_probabilities(margins(b, dtrain.get(), x.rows * per_row), x.rows, classes, proba);
  return proba;
}

std::vector<double> GradientBoosting::predict_proba(const FeatureMatrix& x) const {
  if (!model_) throw InternalError("gbm: predict_proba before fit");
  if (x.cols != model_->cols)
    throw InternalError("gbm: predict_proba with a different column count");
  if (!x.categorical.empty() && x.categorical != model_->categorical)
    throw InternalError("gbm: predict_proba with different categorical columns");
  check_matrix(x, model_->categorical);
  const std::size_t k = model_->classes;
  std::vector<double> proba;
  proba.reserve(x.rows * k);
  if (!model_->booster) {
    for (std::size_t r = 0; r < x.rows; ++r)
      proba.insert(proba.end(), model_->frequencies.begin(), model_->frequencies.end());
    return proba;
  }
  if (x.rows == 0) return proba;

  Matrix data =
      make_dmatrix(x, model_->categorical, model_->prior_margin, static_cast<int>(params_.nthread));
  const std::size_t per_row = k == 2 ? 1 : k;
  append_probabilities(margins(model_->booster.get(), data.get(), x.rows * per_row), x.rows, k,
                       proba);
  return proba;
}

std::vector<double> GradientBoosting::importance() const {
  if (!model_) throw InternalError("gbm: importance before fit");
  std::vector<double> gain(model_->cols, 0.0);
  if (!model_->booster) return gain;
  bst_ulong n = 0, dim = 0;
  const char** names = nullptr;
  const bst_ulong* shape = nullptr;
  const float* scores = nullptr;
  check(XGBoosterFeatureScore(model_->booster.get(), R"({"importance_type": "total_gain"})", &n,
                              &names, &dim, &shape, &scores));
  // Without feature names XGBoost calls column c "f<c>", listing only columns it split on.
  for (bst_ulong i = 0; i < n; ++i) {
    std::size_t c = 0;
    const char* s = names[i];
    const char* end = s + std::char_traits<char>::length(s);
    if (s[0] != 'f' || std::from_chars(s + 1, end, c).ec != std::errc{} || c >= gain.size())
      throw InternalError(std::string("gbm: unexpected feature name from XGBoost: ") + s);
    gain[c] += scores[i];
  }
  return gain;
}

}  // namespace adm::learn
