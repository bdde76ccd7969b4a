#pragma once
// Derived columns (a threshold `age >= 25`, labelled bins, days between two dates), added before
// filters and roles so both can use them.
#include "data/dataset.hpp"
#include "data/spec.hpp"

namespace adm::data {

// Adds column `spec.name` as its kind says (data/spec.hpp); missing where a source cell is missing.
// Errors name the spec's config key (and the file line of a cell that is not a date).
void add_derived(Dataset& data, const DerivedColumn& spec);

}  // namespace adm::data
