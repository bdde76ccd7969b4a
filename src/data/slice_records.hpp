#pragma once
// Reading the records of one rank's slice of a CSV file (data/record_ranges.hpp) with the
// whole-file reader's tokenizer and checks: the header, the field count and UTF-8 of every record,
// missing markers. Pages of the mapped file behind the reader are handed back as it goes, so a
// rank's memory does not grow with its slice.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "data/csv_reader.hpp"
#include "data/mapped_file.hpp"
#include "data/record_ranges.hpp"

namespace adm::data {

// The column names and where the data records begin (after the header, if any).
struct CsvHeader {
  std::vector<std::string> names;
  std::size_t data_begin = 0;           // offset of the first data record
  std::uint64_t lines_before_data = 0;  // line breaks before it
  std::size_t line = 0;                 // physical line of the header (0 without one)
};

// The whole-file reader's header rules (BOM, empty file, blank header, csv.names, duplicate
// names), reading only the first record.
CsvHeader read_csv_header(const std::string& path, std::string_view file,
                          const CsvOptions& options);

// One record of a slice: its cells (views valid during the call), physical line, and its index
// among the slice's records (blank records included).
struct SliceRecord {
  const std::vector<CsvCell>& cells;
  std::size_t line;
  std::uint64_t index;
  bool blank;  // a blank line: one empty, unquoted field
};

// Calls `fn` for each record of `slice`, in order. A non-blank record with another field count
// than `columns`, or a field that is not UTF-8, is an InputError naming its line; so is an
// unterminated quote (explained as a bad cut when it is not at the end of the file). `file` may
// be null (then nothing is released): tests pass plain strings.
void for_each_record(const std::string& path, std::string_view bytes, const MappedFile* file,
                     const RecordSlice& slice, const CsvOptions& options, std::size_t columns,
                     const std::function<void(const SliceRecord&)>& fn);

// Whether a cell is missing: a quoted empty field, or a missing marker.
bool is_missing_cell(const CsvCell& cell, const CsvOptions& options);

}  // namespace adm::data
