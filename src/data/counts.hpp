#pragma once
// Frequency-count tables (one row per cell with its count, like R's as.data.frame(table)) turned
// into one row per counted unit, so folds, bootstrap draws and group sizes count units, not cells.
#include "data/csv_reader.hpp"
#include "data/spec.hpp"

namespace adm::data {

// Most rows a count table may expand to: beyond it the table is almost surely not counts (or too
// large to hold one row per unit), and the error says so instead of exhausting memory.
inline constexpr double kMaxExpandedRows = 1e8;

// Repeats each row of `table` spec.counts times (in order, a row's copies together; 0 drops it),
// keeps each copy's file line, and removes the counts column. Errors (naming spec.key + ".counts",
// and the file line of a bad count): unknown or non-numeric column, a missing, negative,
// non-integer or non-finite count, an all-zero column, a total above kMaxExpandedRows.
void expand_counts(CsvTable& table, const DataSpec& spec);

}  // namespace adm::data
