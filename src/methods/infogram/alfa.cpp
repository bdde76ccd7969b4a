#include "methods/infogram/alfa.hpp"

#include "core/error.hpp"

namespace adm::methods {

AlfaResult alfa_test(const learn::ProbabilisticClassifier& prototype, const data::Dataset& data,
                     std::span<const std::int32_t> response, std::size_t classes,
                     const info::Names& sensitive, const info::Names& admissible,
                     std::span<const double> weights, const InfogramOptions& options,
                     std::uint64_t seed) {
  if (sensitive.empty()) throw InputError("ALFA test: no sensitive columns");
  for (const auto& a : admissible)
    for (const auto& s : sensitive)
      if (a == s) throw InputError("ALFA test: '" + a + "' is both sensitive and admissible");
  const info::CmiProblem problem{data, response, classes, sensitive, admissible, weights};
  const info::MlCmiOptions cmi = options.cmi_options();
  const auto test =
      info::ml_cmi_test(prototype, problem, cmi, options.estimate, options.bootstrap, seed);
  AlfaResult r;
  r.alpha = test.observed;
  r.variant = test.variant;
  r.nulls = test.nulls;
  if (options.bootstrap > 0) r.p_value = test.p_value;
  return r;
}

AlfaResult alfa_test(const learn::ProbabilisticClassifier& prototype, const data::Dataset& data,
                     const std::string& response_column, const info::Names& sensitive,
                     const info::Names& admissible, std::span<const double> weights,
                     const InfogramOptions& options, std::uint64_t seed) {
  std::size_t classes = 0;
  const auto codes = info::response_codes(data, response_column, &classes);
  return alfa_test(prototype, data, codes, classes, sensitive, admissible, weights, options, seed);
}

}  // namespace adm::methods
