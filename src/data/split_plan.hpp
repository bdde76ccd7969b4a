#pragma once
// What the audit reads from each row of a file read in slices, compiled once from the data spec,
// the file's typed columns (split_schema.hpp) and the audit's settings: the columns of the dataset
// (the file's, then derived ones), the filters, the roles and how each row becomes codes. The
// checks that need no data are made here with the whole-file loader's messages; the data-dependent
// ones on the merged tallies (split_checks.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "data/spec.hpp"
#include "data/split_schema.hpp"

namespace adm::data {

// The audit settings the rows depend on (from the experiment config's other sections).
struct SplitAuditSettings {
  std::string config_file;
  bool fairness = true;
  bool info = true;
  std::string prediction;                                    // empty: the outcome itself is audited
  std::string prediction_positive;                           // text of a positive decision
  std::string discretize;                                    // none | quantile | equal_width
  std::uint64_t value_table_limit = std::uint64_t{1} << 20;  // see split_tally.hpp
};

struct SplitFilter {
  const RowFilter* spec = nullptr;
  std::size_t column = 0;
  bool categorical = true;
  std::vector<std::int32_t> wanted_codes;  // categorical `in`, codes (-1: not a level)
  std::vector<double> wanted_values;       // numeric `in`
};

struct SplitDerived {
  std::size_t source = 0;
  std::string op;
  double threshold = 0.0;
};

class SplitPlan {
 public:
  SplitPlan(const SplitSchema& schema, const DataSpec& spec, const SplitAuditSettings& settings,
            const std::string& source);

  const SplitSchema& schema;
  const DataSpec& spec;
  const SplitAuditSettings& settings;
  std::string source;  // the data file, for messages

  std::vector<std::string> names;  // dataset columns: the file's, then derived ones
  std::vector<ColumnType> types;   // as in the dataset the audit sees (the target recoded)
  std::vector<SplitDerived> derived;
  std::vector<SplitFilter> filters;
  std::vector<std::pair<std::size_t, std::string>> role_columns;  // (column, role) for `missing`
  std::size_t target = 0;
  std::vector<std::size_t> sensitive;
  std::vector<std::size_t> features;
  std::vector<std::string> feature_names, sensitive_names;
  std::optional<std::size_t> prediction;
  std::int32_t positive_code = -1;       // categorical target: code of data.positive
  std::optional<double> positive_value;  // numeric target: value of data.positive
  std::size_t target_levels = 0;         // after recoding
  std::vector<bool> binned;              // per feature: numeric, cut by the discretizer
  std::vector<bool> used;                // per file column: read by the audit

  std::size_t file_columns() const { return schema.names.size(); }
  std::size_t levels_of(std::size_t column) const { return levels(column).size(); }
  // Levels of a categorical column as the dataset has them ({"0","1"} for derived thresholds).
  const std::vector<std::string>& levels(std::size_t column) const;

  // One row's values: per dataset column, missing flag and code or value.
  struct Row {
    std::vector<std::uint8_t> missing;
    std::vector<std::int32_t> code;
    std::vector<double> value;
  };
  // Fills `row` from a record's cells (used columns parsed, all missing flags set) and the
  // derived columns.
  void read(const std::vector<CsvCell>& cells, Row& row) const;
  // Whether filter k keeps the row.
  bool passes(std::size_t k, const Row& row) const;
  // The text of a cell as Column::cell_text gives it (the decision column).
  std::string cell_text(std::size_t column, const Row& row) const;

 private:
  void compile_roles();
  void compile_audit();
};

// The file columns the audit reads (named as target, sensitive, feature, filter, derivation
// source or decision; every column when the features are not listed): the type scan collects
// their levels.
std::vector<bool> split_columns_used(const std::vector<std::string>& names, const DataSpec& spec,
                                     const SplitAuditSettings& settings);

// "unknown column 'x' (columns: a, b, ...)".
std::string unknown_column_of(const std::vector<std::string>& names, const std::string& name);

}  // namespace adm::data
