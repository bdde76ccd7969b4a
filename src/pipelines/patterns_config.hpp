#pragma once
// Config section [patterns]: Fair naive Bayes (pipeline = patterns): discrimination-pattern mining
// and delta-fair learning.
#include "core/config_fields.hpp"

namespace adm::pipelines {

struct PatternsSection {};

void describe(config::Fields& f, PatternsSection& s);

}  // namespace adm::pipelines
