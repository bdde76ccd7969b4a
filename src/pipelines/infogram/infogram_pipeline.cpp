#include "pipelines/infogram/infogram_pipeline.hpp"

#include "core/error.hpp"
#include "pipelines/audit/audit_stages.hpp"

namespace adm::pipelines {

void check_infogram_inputs(const ExperimentConfig& config, const data::Dataset& data) {
  const auto& target = data.target();
  if (!target.is_categorical())
    throw InputError(config.file + ": config key 'data.target': column '" + target.name() +
                     "' is numeric; the InfoGram needs a categorical outcome");
  const bool fair = config.infogram.mode == methods::InfogramMode::Fair;
  if (fair && data.roles().sensitive.empty())
    throw InputError(config.file +
                     ": config key 'data.sensitive': a fair InfoGram needs sensitive attributes");
  if (config.learner.kind == "frequency")
    for (const auto& f : data.roles().features)
      if (data.column(f).is_numeric())
        throw InputError(config.file + ": config key 'learner.kind': feature '" + f +
                         "' is numeric; the frequency learner needs categorical inputs");
  for (const auto& p : config.alfa.predictions)
    if (!data.has(p))
      throw InputError(config.file + ": config key 'alfa.predictions': unknown column '" + p +
                       "' in " + data.source());
  for (const auto& a : config.alfa.admissible)
    if (!data.has(a))
      throw InputError(config.file + ": config key 'alfa.admissible': unknown column '" + a +
                       "' in " + data.source());
  if (!config.alfa.cair_strata.empty() && !data.has(config.alfa.cair_strata))
    throw InputError(config.file + ": config key 'alfa.cair_strata': unknown column '" +
                     config.alfa.cair_strata + "' in " + data.source());
}

void run_infogram(StageContext& context, Timings& timings, bool describe_data) {
  if (describe_data) timed(timings, "data", [&] { describe_data_stage(context); });
  InfogramOutcome outcome;
  timed(timings, "infogram", [&] { outcome = infogram_stage(context); });
  const bool can_alfa = context.config.alfa.enabled && !context.data.roles().sensitive.empty();
  if (can_alfa) timed(timings, "alfa", [&] { alfa_stage(context, outcome.admissible); });
}

}  // namespace adm::pipelines
