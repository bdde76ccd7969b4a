#pragma once
// Pipeline "fairforest": Fair Forests (../shared/papers/fair-forests.txt). The models of section
// 4.3 (DT, DT^F, DT^F_c, RF, RF^F, RF^F_c) fitted per fold of the protocol (cross-validation, or a
// test file), every (model, fold, tree) fit a task of the farm; held-out metrics of section 4.1
// with bootstrap intervals (/fairforest/models/<model>/...); the Table 5 sweep protecting every
// feature in turn (/fairforest/sweep); MDI importance of RF beside the fair model's, as
// /fairforest/importance and an SVG next to the result (Figures 1-2).
#include "pipelines/stage.hpp"

namespace adm::pipelines {

void check_fairforest_inputs(const ExperimentConfig& config, const data::Dataset& data);
void run_fairforest(StageContext& context, Timings& timings);

}  // namespace adm::pipelines
