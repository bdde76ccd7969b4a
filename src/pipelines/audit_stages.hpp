#pragma once
// The stages of the audit pipeline, one file each.
#include <vector>

#include "pipelines/stage.hpp"

namespace adm::pipelines {

// /data: shape, column types, missing counts, group sizes and base rates.
void describe_data_stage(StageContext& context);
// /info: per feature H(X), I(Y;X), I(Y;X|S), I(X;S) in bits (one task per feature).
void information_stage(StageContext& context);
// /fairness: group rates and the six gap metrics + disparate impact, bootstrap intervals.
void fairness_stage(StageContext& context);

// 0/1 decisions from config.fairness.prediction (1 = prediction_positive); InputError if the
// column or level is absent or a decision is missing.
std::vector<std::int32_t> decision_codes(const ExperimentConfig& config, const data::Dataset& data);

}  // namespace adm::pipelines
