#pragma once
// Row filters from the config (`race in [...]`, `age` within [min, max]).
#include "data/csv_reader.hpp"
#include "data/spec.hpp"

namespace adm::data {

// Keeps, in order, the rows that pass `filter` (and their source lines). Missing cells never pass.
// A value in `in` that occurs in no current row is an error: it is almost always a typo. So is a
// filter that leaves no rows. Errors name the filter's config key.
void apply_filter(CsvTable& table, const RowFilter& filter);

}  // namespace adm::data
