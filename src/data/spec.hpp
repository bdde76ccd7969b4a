#pragma once
// What the config says about the data: where it is, how to parse it, and how to shape it into a
// Dataset (types, drops, derived columns, filters, roles). Filled by the config layer; consumed by
// load_dataset(). Every element remembers its config key so errors can name it.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "data/column.hpp"
#include "data/dataset.hpp"

namespace adm::data {

struct CsvOptions {
  char delimiter = ',';
  char quote = '"';
  bool header = true;              // first line holds the names
  std::vector<std::string> names;  // names to use when header = false (or to rename)
  std::vector<std::string> missing_markers = {"?", "NA", ""};
  bool trim = true;                // strip spaces/tabs around unquoted fields
  bool rename_duplicates = false;  // repeated header names become name.1, name.2, ...
};

// Keep rows where `column` is in `in` (categorical, by level text) or within [min, max] (numeric).
struct RowFilter {
  std::string key;  // config key, e.g. "data.filter[0]"
  std::string column;
  std::vector<std::string> in;
  std::optional<double> min;
  std::optional<double> max;
};

// A column computed from others, added before filters and roles so both can use it (in order, so
// a later one may use an earlier one). Kinds:
//  threshold:    levels {"0","1"}, 1 where `column op threshold` holds (op: >= > <= < ==);
//  bins:         a numeric `column` cut at `breaks` into right-closed intervals (-inf, b1],
//                (b1, b2], ..., (bk, inf) named by `labels` (k + 1 of them), as R's cut();
//  days_between: numeric, the days (fractional) from date-time column `from` to `to`, both texts
//                "YYYY-MM-DD" with an optional " HH:MM" or " HH:MM:SS".
enum class DeriveKind { Threshold, Bins, DaysBetween };

struct DerivedColumn {
  std::string key;
  std::string name;
  std::string column;               // threshold, bins
  std::string op;                   // threshold (">=" when not given)
  std::optional<double> threshold;  // threshold
  DeriveKind kind = DeriveKind::Threshold;
  std::vector<double> breaks;       // bins: strictly increasing, finite
  std::vector<std::string> labels;  // bins: breaks.size() + 1 distinct names
  std::string from, to;             // days_between
};

enum class MissingPolicy { Error, DropRows, Keep };

// How the ranks read the data: every rank parses the whole file (Rows), or each rank reads only
// its byte range and keeps counts, not rows (Split: the audit pipeline only; see README).
enum class DataLayout { Rows, Split };
// Auto: HDF5 when the source ends in .h5 or .hdf5, CSV otherwise.
enum class DataFormat { Auto, Csv, Hdf5 };

struct DataSpec {
  std::string key = "data";  // config table, for messages
  std::string source;        // CSV path, or "embedded:NAME" for a built-in dataset
  std::uint64_t rows = 0;    // size of an embedded dataset (0 = its default)
  std::uint64_t draw = 0;    // which random draw of an embedded dataset (0 = the canonical one)
  CsvOptions csv;
  std::map<std::string, ColumnType> types;  // type overrides by column name
  std::vector<std::string> drop;
  std::vector<DerivedColumn> derived;
  std::vector<RowFilter> filters;
  // Optional column of frequency counts (non-negative integers): after the filters each row is
  // repeated that many times (0 drops it) and the column removed, so every method sees one row
  // per counted unit (folds, bootstrap draws, group sizes and row counts alike).
  std::string counts;
  // Quantile bins for numeric sensitive attributes (0 = a numeric sensitive attribute is an error).
  std::uint64_t sensitive_bins = 0;
  Roles roles;                       // features empty = every column not otherwise used
  std::string positive;              // target's positive level; empty = target used as is
  bool intersect_sensitive = false;  // add one column crossing all sensitive attributes
  // Rows with a missing value in a role column: error naming file and line, drop them, or keep.
  MissingPolicy missing = MissingPolicy::Error;
  DataLayout layout = DataLayout::Rows;
  // Columns that config sections other than [data] name (fairness.prediction, alfa.predictions,
  // models' columns, ...): not a key of [data]; the pipelines layer fills it, so the readers load
  // these columns too (used_columns.hpp).
  std::vector<std::string> pipeline_columns;
  // How the data is read: a CSV file, or a group of 1-D datasets in an HDF5 file.
  DataFormat format = DataFormat::Auto;
  std::string group = "/";  // HDF5: the group holding the columns
};

}  // namespace adm::data
