#pragma once
// Pipeline "rulelist": fair rule lists (FairCORELS) — rules mined from the data (or read in
// CORELS' format), the certifiably optimal rule list under the configured fairness constraint
// found by a branch-and-bound distributed over the ranks, and optionally epsilon-constraint Pareto
// fronts with cross-validation as task-farm tasks. Results under /rulelist, one SVG per front.
#include "methods/rulelist/rule_set.hpp"
#include "pipelines/stage.hpp"

namespace adm::pipelines {

void check_rulelist_inputs(const ExperimentConfig& config, const data::Dataset& data);
void run_rulelist(StageContext& context, Timings& timings);

// The rules of an experiment: CORELS files when rulelist.corels_out is set, else mined from the
// (discretised) data set with its sensitive attributes as groups.
methods::rulelist::RuleSet rulelist_rules(const ExperimentConfig& config,
                                          const data::Dataset& data);

}  // namespace adm::pipelines
