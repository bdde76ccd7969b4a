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

// A new binary column: levels {"0","1"}, 1 where `column op threshold` holds (op: >= > <= < ==).
struct DerivedColumn {
  std::string key;
  std::string name;
  std::string column;
  std::string op = ">=";
  double threshold = 0.0;
};

enum class MissingPolicy { Error, DropRows, Keep };

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
  Roles roles;                       // features empty = every column not otherwise used
  std::string positive;              // target's positive level; empty = target used as is
  bool intersect_sensitive = false;  // add one column crossing all sensitive attributes
  // Rows with a missing value in a role column: error naming file and line, drop them, or keep.
  MissingPolicy missing = MissingPolicy::Error;
};

}  // namespace adm::data
