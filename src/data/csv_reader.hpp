#pragma once
// Reading a delimited text file (RFC 4180 quoting) into a typed Dataset.
//
// Rules, so a config author can predict the result:
// - A UTF-8 BOM is skipped; lines may end in LF, CRLF or a lone CR; blank lines at the end are
//   ignored (a blank line in the middle is a row, usually one with too few fields).
// - Quoted fields may hold delimiters, doubled quotes and newlines; newlines inside quotes are
//   stored as "\n" and still count as physical lines for error positions.
// - A cell is missing if its (trimmed) text equals a missing marker, or if it is a quoted "".
//   Markers apply to quoted text too, because many writers quote every field.
// - A column is numeric if every non-missing cell parses fully as a finite double, otherwise
//   categorical with levels sorted lexicographically, or numerically when every level is a number.
//   "NaN"/"Inf" in an otherwise numeric column are an error, not missing values, unless listed as
//   markers: silently turning them into text or missing values hides broken exports.
// - Every field (header included) must be valid UTF-8; other bytes are an error at the field,
//   since names end up in UTF-8 HDF5 datasets (convert Latin-1 exports with iconv first).
// - Every error is an InputError "file:line:column: message" with the physical line (1-based) and
//   the field index (1-based).
// - Only the selected columns (used_columns.hpp: those the run uses) are converted and kept.
//   Every record is still split and its field count checked, but the cells of other columns are
//   not looked at: a non-number, NaN or invalid UTF-8 in a column the run does not use is no
//   error. The header's names are all checked (UTF-8, empty, duplicates).
// - The file is read block by block: memory holds the kept columns, not the file.
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "data/number_text.hpp"
#include "data/spec.hpp"
#include "data/used_columns.hpp"

namespace adm::data {

// A dataset plus, for each row, the physical line of the file on which it starts. Later steps
// (filters, missing-value checks) carry `lines` along so their errors can still point into the
// file. `file_columns` names every column of the source, read or not, in file order.
struct CsvTable {
  Dataset data;
  std::vector<std::size_t> lines;
  std::vector<std::string> file_columns;
};

// `type_overrides` must name columns of the file; those not selected are left unread.
CsvTable read_csv_table(const std::string& path, const CsvOptions& options = {},
                        const std::map<std::string, ColumnType>& type_overrides = {},
                        const ColumnSelection& columns = {});

Dataset read_csv(const std::string& path, const CsvOptions& options = {},
                 const std::map<std::string, ColumnType>& type_overrides = {});

}  // namespace adm::data
