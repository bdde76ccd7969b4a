#pragma once
// Table 5 of Fair Forests (section 5.5): the plain forest's Discrimination of every feature
// ("Raw"), then for every feature a fair forest protecting it, with that feature's Discrimination
// and the model's accuracy (RMSE for regression); means and standard deviations over features.
// Every (protected feature, fold, tree) fit is one task of stage "fairforest.sweep".
#include "methods/fairforest/forest_protocol.hpp"
#include "pipelines/fairforest/fairforest_data.hpp"
#include "pipelines/stage.hpp"

namespace adm::pipelines {

// `standard` is the plain forest (RF) on the same evaluation.
void run_fairforest_sweep(StageContext& context, Timings& timings, const FairforestData& d,
                          const methods::fairforest::Evaluation& eval,
                          const methods::fairforest::ModelOutcome& standard);

}  // namespace adm::pipelines
