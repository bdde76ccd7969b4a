#include "learn/gbm_params.hpp"

#include <string>

#include "core/config_fields.hpp"
#include "core/error.hpp"

namespace adm::learn {

namespace {
// One set of bounds for the TOML reader and for validate(), so they cannot drift apart.
constexpr config::IntRange kRounds{1, 100000};
constexpr config::IntRange kDepth{1, 30};
constexpr config::IntRange kBins{2, 65536};
constexpr config::IntRange kThreads{1, 1024};
constexpr config::RealRange kUnit{0.0, 1.0, true, false};  // (0, 1]
constexpr config::RealRange kNonNegative{0.0};

bool inside(std::uint64_t v, config::IntRange r) {
  return static_cast<std::int64_t>(v) >= r.min && static_cast<std::int64_t>(v) <= r.max;
}
bool inside(double v, config::RealRange r) {
  const bool low = r.min_exclusive ? v > r.min : v >= r.min;
  const bool high = r.max_exclusive ? v < r.max : v <= r.max;
  return low && high;  // false for NaN
}

// Read mode: an error at the key whose value XGBoost refuses. The key is the first whose value
// alone (every other setting at its default) is refused; else the section is blamed as a whole.
void check_with_xgboost(config::Fields& f, const GbmParams& p) {
  const auto refusal = xgboost_refusal(p);
  if (!refusal) return;
  struct Real {
    const char* key;
    double GbmParams::*member;
  };
  for (const auto& [key, member] :
       {Real{"learning_rate", &GbmParams::learning_rate},
        Real{"min_child_weight", &GbmParams::min_child_weight},
        Real{"subsample", &GbmParams::subsample}, Real{"colsample", &GbmParams::colsample},
        Real{"lambda", &GbmParams::lambda}}) {
    GbmParams alone;
    alone.*member = p.*member;
    if (const auto why = xgboost_refusal(alone))
      f.fail(key, "XGBoost refuses this value (" + *why + ")");
  }
  f.fail_section("XGBoost refuses these settings (" + *refusal + ")");
}
}  // namespace

void describe(config::Fields& f, GbmParams& p) {
  f.count("rounds", p.rounds, "Boosting rounds (trees per class).", kRounds);
  f.real("learning_rate", p.learning_rate, "Shrinkage of each tree (XGBoost's eta).", kUnit);
  f.count("max_depth", p.max_depth, "Depth of each tree.", kDepth);
  f.real("min_child_weight", p.min_child_weight,
         "Least summed hessian (about weighted rows for small p(1-p)) a leaf may hold.",
         kNonNegative);
  f.real("subsample", p.subsample, "Share of rows drawn (without replacement) for each tree.",
         kUnit);
  f.real("colsample", p.colsample, "Share of columns drawn for each tree.", kUnit);
  f.real("lambda", p.lambda, "L2 penalty on leaf values.", kNonNegative);
  f.count("max_bin", p.max_bin, "Histogram bins per numeric column (tree_method hist).", kBins);
  f.count("nthread", p.nthread,
          "Threads per fit; keep 1 when every MPI rank fits its own models (results may differ "
          "between thread counts).",
          kThreads);
  if (f.mode() == config::Fields::Mode::Read) check_with_xgboost(f, p);
}

void validate(const GbmParams& p) {
  auto bad = [](const char* key, const std::string& value) {
    throw InputError("gbm setting '" + std::string(key) + "' out of range (got " + value + ")");
  };
  if (!inside(p.rounds, kRounds)) bad("rounds", std::to_string(p.rounds));
  if (!inside(p.learning_rate, kUnit)) bad("learning_rate", std::to_string(p.learning_rate));
  if (!inside(p.max_depth, kDepth)) bad("max_depth", std::to_string(p.max_depth));
  if (!inside(p.min_child_weight, kNonNegative))
    bad("min_child_weight", std::to_string(p.min_child_weight));
  if (!inside(p.subsample, kUnit)) bad("subsample", std::to_string(p.subsample));
  if (!inside(p.colsample, kUnit)) bad("colsample", std::to_string(p.colsample));
  if (!inside(p.lambda, kNonNegative)) bad("lambda", std::to_string(p.lambda));
  if (!inside(p.max_bin, kBins)) bad("max_bin", std::to_string(p.max_bin));
  if (!inside(p.nthread, kThreads)) bad("nthread", std::to_string(p.nthread));
}

}  // namespace adm::learn
