#include "pipelines/audit/audit.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "pipelines/audit/audit_stages.hpp"

namespace adm::pipelines {
namespace {

// Refused, not warned about: with one outcome only, the false positive rate (no negatives) or the
// true positive rate (no positives) of every group is 0/0, so PE, EOpp and EOdds are NaN, and
// the audit of the outcome itself compares constant rates.
void refuse_constant_target(const ExperimentConfig& config, const data::Column& target) {
  std::vector<std::size_t> count(target.level_count(), 0);
  for (std::size_t r = 0; r < target.size(); ++r)
    if (!target.is_missing(r)) ++count[static_cast<std::size_t>(target.codes()[r])];
  const auto seen = std::count_if(count.begin(), count.end(), [](std::size_t n) { return n > 0; });
  if (seen >= 2) return;
  const auto only = std::find_if(count.begin(), count.end(), [](std::size_t n) { return n > 0; });
  const std::string level =
      only == count.end() ? "missing" : target.levels()[std::size_t(only - count.begin())];
  const std::string shown =
      config.data.positive.empty()
          ? "'" + level + "'"
          : (level == "1" ? "the positive level '" + config.data.positive + "'"
                          : "not '" + config.data.positive + "'");
  throw InputError(config.file + ": config key 'data.target': target '" + target.name() + "' is " +
                   shown + " in all " + std::to_string(target.size()) +
                   " rows; fairness metrics need both outcomes (without one of them the PE, "
                   "EOpp and EOdds gaps are undefined)");
}

}  // namespace

void check_audit_inputs(const ExperimentConfig& config, const data::Dataset& data) {
  const auto& target = data.target();
  if (!target.is_categorical())
    throw InputError(config.file + ": config key 'data.target': column '" + target.name() +
                     "' is numeric; the audit needs a categorical outcome (set data.types or "
                     "data.positive)");
  if (data.roles().sensitive.empty())
    throw InputError(config.file +
                     ": config key 'data.sensitive': the audit needs at least one "
                     "sensitive attribute");
  if (config.fairness.enabled && target.level_count() != 2)
    throw InputError(config.file +
                     ": config key 'data.positive': fairness metrics need a binary "
                     "target, but '" +
                     target.name() + "' has " + std::to_string(target.level_count()) +
                     " levels; name the favourable level with data.positive");
  if (config.fairness.enabled) refuse_constant_target(config, target);
  if (config.fairness.enabled && !config.fairness.prediction.empty())
    decision_codes(config, data);  // throws on a missing column, level or value
  if (config.info.enabled) {
    if (config.discretize.method == "none")
      for (const auto& f : data.roles().features)
        if (data.column(f).is_numeric())
          throw InputError(config.file + ": config key 'discretize.method': feature '" + f +
                           "' is numeric; information measures need it binned (quantile, "
                           "equal_width or mdlp)");
  }
}

void run_audit(StageContext& context, Timings& timings) {
  timed(timings, "data", [&] { describe_data_stage(context); });
  if (context.config.info.enabled) timed(timings, "info", [&] { information_stage(context); });
  if (context.config.fairness.enabled) timed(timings, "fairness", [&] { fairness_stage(context); });
}

}  // namespace adm::pipelines
