#pragma once
// Derived binary columns (`age >= 25`), added before filters and roles so both can use them.
#include "data/dataset.hpp"
#include "data/spec.hpp"

namespace adm::data {

// Adds `spec.name`: categorical with levels {"0","1"}, "1" where `column op threshold` holds;
// missing where the source is missing. Errors name the spec's config key.
void add_derived(Dataset& data, const DerivedColumn& spec);

}  // namespace adm::data
