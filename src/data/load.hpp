#pragma once
// From a DataSpec (the config's data section) to a Dataset ready for the methods.
#include "data/dataset.hpp"
#include "data/spec.hpp"

namespace adm::data {

// Steps, in order: read (CSV path, or "embedded:NAME" via make_embedded); apply `types` (embedded
// only: the CSV reader applies them while parsing); drop columns; add derived columns; filter
// rows; resolve roles (see roles.hpp). Every problem is an InputError naming the file line or the
// config key. For an embedded dataset, roles the spec leaves empty default to the dataset's own,
// and "lines" in messages are 1-based row numbers.
Dataset load_dataset(const DataSpec& spec);

}  // namespace adm::data
