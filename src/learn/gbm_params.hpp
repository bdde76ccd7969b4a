#pragma once
// Settings of the gradient-boosting learner (XGBoost trees). Defaults mirror a small GBM as in R
// gbm and H2O (whose infogram fits GBMs): 100 trees of depth 3, shrinkage 0.1.
#include <cstdint>
#include <optional>
#include <string>

namespace adm::config {
class Fields;
}

namespace adm::learn {

struct GbmParams {
  std::uint64_t rounds = 100;
  double learning_rate = 0.1;
  std::uint64_t max_depth = 3;
  double min_child_weight = 1.0;
  double subsample = 1.0;
  double colsample = 1.0;
  double lambda = 1.0;
  std::uint64_t max_bin = 256;
  std::uint64_t nthread = 1;
};

// Config section description (read, write back, document).
void describe(config::Fields& f, GbmParams& p);

// InputError naming the first setting out of range (for params built in code, not read from TOML).
void validate(const GbmParams& p);

// XGBoost reads its parameters as 32-bit floats, and only when it first boosts, so values inside
// our ranges can still be refused (min_child_weight = 1e300, learning_rate = 1e-300). This boosts
// one round on four rows with `params` and returns XGBoost's message if it refuses them. The
// config reader calls it, so such a value is an input error naming its key, not a failure deep
// inside a fit (defined in gbm.cpp, beside the fit that sets the same parameters).
std::optional<std::string> xgboost_refusal(const GbmParams& params);

}  // namespace adm::learn
