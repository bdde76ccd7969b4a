#pragma once
// Config section [shapley]: Fairness-aware feature selection (pipeline = shapley): accuracy and
// discrimination coefficients, Shapley values.
#include "core/config_fields.hpp"

namespace adm::pipelines {

struct ShapleySection {};

void describe(config::Fields& f, ShapleySection& s);

}  // namespace adm::pipelines
