#pragma once
// Which columns of a data source a run uses, so readers convert and keep only those: a wide file
// then costs the time to split its records, not the memory and time to type every column.
#include <set>
#include <string>

#include "data/spec.hpp"

namespace adm::data {

// All columns, or the named ones (names not in the source are left to the later steps, which
// report unknown columns with their config keys).
struct ColumnSelection {
  bool all = true;
  std::set<std::string> names;

  bool wants(const std::string& name) const { return all || names.count(name) != 0; }
};

// What `spec` uses: target, sensitive attributes, features, weights, counts, the columns derived
// columns and filters read, the columns other config sections name (spec.pipeline_columns), and
// file columns a derived column's name would clash with (so the clash is still reported). Every
// column when features are not given (then every other column is a feature).
ColumnSelection used_columns(const DataSpec& spec);

}  // namespace adm::data
