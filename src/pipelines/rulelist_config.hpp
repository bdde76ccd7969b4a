#pragma once
// Config section [rulelist]: Fair rule lists (pipeline = rulelist): CORELS branch-and-bound under
// fairness constraints, Pareto fronts.
#include "core/config_fields.hpp"

namespace adm::pipelines {

struct RulelistSection {};

void describe(config::Fields& f, RulelistSection& s);

}  // namespace adm::pipelines
