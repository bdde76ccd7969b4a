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
#include <memory>
#include <string>
#include <string_view>
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

// One field of a record as the reader tokenizes it: its text with quotes undone (a view, valid
// until the next record), whether it was quoted, and the physical line it starts on.
struct CsvCell {
  std::string_view text;
  bool quoted = false;
  std::size_t line = 0;
};

// The reader's tokenizer over a byte range that starts at a record (data/record_ranges.hpp cuts a
// file into such ranges), counting physical lines from `first_line`; errors name `path` and the
// line. Blank lines come back as one empty unquoted field, as in the whole-file reader.
class CsvRecords {
 public:
  CsvRecords(const std::string& path, std::string_view bytes, std::size_t first_line,
             const CsvOptions& options);
  ~CsvRecords();
  // Reads the next record into `cells`; false at the end of the bytes. `line` = where it starts.
  bool next(std::vector<CsvCell>& cells, std::size_t& line);
  // Offset in `bytes` just past the last record read.
  std::size_t position() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The reader's checks of column names (empty, repeated: renamed with rename_duplicates) and of a
// field's UTF-8, for readers of byte ranges.
void check_csv_names(const std::string& path, std::size_t line, std::vector<std::string>& names,
                     bool rename_duplicates);
void check_csv_utf8(const std::string& path, const CsvCell& cell, std::size_t column);

}  // namespace adm::data
