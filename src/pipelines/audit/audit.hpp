#pragma once
// The audit pipeline: describe the data and its groups, measure how much information each feature
// carries about the outcome with and without the protected attributes (plug-in, in bits), and
// measure group fairness of the outcome and of a model's decisions with bootstrap intervals.
#include <string>
#include <utility>
#include <vector>

#include "pipelines/stage.hpp"

namespace adm::pipelines {

// Bad-input checks of the audit (binary target for fairness, prediction column and level, ...).
void check_audit_inputs(const ExperimentConfig& config, const data::Dataset& data);

// Runs the stages; appends (stage, seconds) to `timings`.
void run_audit(StageContext& context, Timings& timings);

}  // namespace adm::pipelines
