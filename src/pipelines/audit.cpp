#include "pipelines/audit.hpp"

#include "core/error.hpp"
#include "pipelines/audit_stages.hpp"

namespace adm::pipelines {

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
