#pragma once
// ALFA test (paper Sec. 3.2.3, Definition 5): the admissible fairness criterion
//   alpha = MI(R, S | X_A),
// with X_A the admissible features read off the infogram and R either the outcome Y (bias encoded
// in the data, eq. 3.7) or a model's decisions Y-hat (bias of the algorithm, eqs. 3.9-3.10). It is
// ML-CMI with X = S and conditioning set X_A, tested by the model-based bootstrap: null responses
// drawn from P(R | X_A). X_A empty gives MI(R, S).
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "info/ml_cmi.hpp"
#include "methods/infogram/infogram_config.hpp"

namespace adm::methods {

struct AlfaResult {
  double alpha = 0.0;  // bits, the estimate options.estimate selects
  double p_value = std::numeric_limits<double>::quiet_NaN();  // NaN when options.bootstrap == 0
  info::CmiVariant variant = info::CmiVariant::InSample;
  std::vector<double> nulls;  // the B bootstrap replicates
};

// R as class codes (one per dataset row, 0..classes-1), e.g. a model's predicted labels.
// Streams: those of info::ml_cmi_test under `seed`.
AlfaResult alfa_test(const learn::ProbabilisticClassifier& prototype, const data::Dataset& data,
                     std::span<const std::int32_t> response, std::size_t classes,
                     const info::Names& sensitive, const info::Names& admissible,
                     std::span<const double> weights, const InfogramOptions& options,
                     std::uint64_t seed);

// R read from a categorical column of `data` (the target, or a column of predicted labels).
AlfaResult alfa_test(const learn::ProbabilisticClassifier& prototype, const data::Dataset& data,
                     const std::string& response_column, const info::Names& sensitive,
                     const info::Names& admissible, std::span<const double> weights,
                     const InfogramOptions& options, std::uint64_t seed);

}  // namespace adm::methods
