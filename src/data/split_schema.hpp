#pragma once
// Column types and levels for a file read in slices: the whole-file reader types a column numeric
// if every non-missing cell is a number, else categorical with its distinct texts as levels, sorted
// (csv_reader.hpp). A rank scans its slice (scan_types), the scans are merged in rank order, and
// finish_schema() decides each column exactly as the whole-file reader would.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "data/column.hpp"
#include "data/slice_records.hpp"
#include "data/tally_bytes.hpp"

namespace adm::data {

// More distinct texts than this in a categorical column is refused in split mode: its levels are
// exchanged between ranks, and such a column (names, ids) is no group or feature of an audit.
inline constexpr std::size_t kMaxSplitLevels = 100000;

// Hashes a text as a view, so a cell is looked up without building a string.
struct TextHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const {
    return std::hash<std::string_view>{}(text);
  }
};
using TextSet = std::unordered_set<std::string, TextHash, std::equal_to<>>;

struct ColumnScan {
  bool want_levels = false;          // used as categorical by the run: its levels are collected
  bool numbers = true;               // every non-missing cell so far is a number
  std::uint64_t nonfinite_line = 0;  // first NaN/Inf cell (0 = none)
  std::string nonfinite_text;
  TextSet texts;  // distinct non-missing texts, until there are too many
  bool too_many = false;
};

struct TypeScan {
  std::vector<ColumnScan> columns;
  std::uint64_t records = 0;
  std::uint64_t kept_records = 0;      // up to and including the last non-blank record
  std::uint64_t first_blank_line = 0;  // first blank record before a non-blank one (0 = none)

  void add(const SliceRecord& record);
  std::string to_bytes() const;
  static TypeScan from_bytes(const std::string& bytes);
  // `later` holds the records after this scan's (the next rank's slice).
  void merge(const TypeScan& later);
  // `want_levels[c]`: column c is used by the run, so its levels matter if it is categorical.
  TypeScan(const std::vector<bool>& want_levels, const CsvOptions& options);

 private:
  const CsvOptions* options_ = nullptr;
  std::uint64_t pending_blank_line_ = 0;
};

// The typed columns of the file, as the whole-file reader would build them.
struct SplitSchema {
  std::vector<std::string> names;
  std::vector<ColumnType> types;
  std::vector<std::vector<std::string>> levels;  // sorted; empty for numeric columns
  std::vector<std::unordered_map<std::string, std::int32_t, TextHash, std::equal_to<>>>
      codes;  // level -> code

  std::size_t index(const std::string& name) const;  // names.size() if absent
};

// Decides the types from the merged scan; the reader's errors (non-finite numbers) name the line.
// Columns not wanted get no levels (only their type is known).
SplitSchema finish_schema(const std::string& path, const std::vector<std::string>& names,
                          const TypeScan& merged);

}  // namespace adm::data
