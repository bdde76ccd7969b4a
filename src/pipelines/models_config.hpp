#pragma once
// Config section [models]: Admissible models (pipeline = models): InfoGram -> admissible set ->
// tree/GLM/lasso/forest -> accuracy, AUC and ALFA of predictions.
#include "core/config_fields.hpp"

namespace adm::pipelines {

struct ModelsSection {};

void describe(config::Fields& f, ModelsSection& s);

}  // namespace adm::pipelines
