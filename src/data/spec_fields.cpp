#include "data/spec_fields.hpp"

namespace adm::data {

void describe(config::Fields& f, CsvOptions& csv) {
  f.character("delimiter", csv.delimiter, "Field separator (\"\\t\" for tab).");
  f.character("quote", csv.quote, "Quote character; doubled inside a quoted field.");
  f.boolean("header", csv.header, "The first line holds the column names.");
  f.text_list("names", csv.names,
              "Column names to use (required when header = false; replaces the header otherwise).");
  f.text_list("missing", csv.missing_markers,
              "Cell texts read as missing (after trimming); a quoted empty field is missing too.");
  f.boolean("trim", csv.trim, "Strip spaces and tabs around unquoted fields.");
  if (f.mode() == config::Fields::Mode::Read) {
    if (!csv.header && csv.names.empty()) f.fail("names", "is required when header = false");
    if (csv.quote == csv.delimiter) f.fail("quote", "must differ from the delimiter");
    for (char c : {csv.quote, csv.delimiter})
      if (c == '\n' || c == '\r')
        f.fail("delimiter", "line breaks cannot separate or quote fields");
  }
  f.boolean("rename_duplicates", csv.rename_duplicates,
            "Rename repeated header names to name.1, name.2, ... instead of failing.");
}

void describe(config::Fields& f, RowFilter& filter) {
  filter.key = f.section_path();
  f.text("column", filter.column, "Column the filter tests.");
  f.text_list("in", filter.in, "Keep rows whose (categorical) value is one of these levels.");
  f.optional_real("min", filter.min, "Keep rows whose (numeric) value is >= min.");
  f.optional_real("max", filter.max, "Keep rows whose (numeric) value is <= max.");
  if (f.mode() == config::Fields::Mode::Read) {
    if (filter.column.empty()) f.fail("column", "is required");
    const bool by_level = !filter.in.empty();
    const bool by_range = filter.min || filter.max;
    if (by_level == by_range) f.fail("in", "give either `in` (levels) or `min`/`max` (range)");
    if (filter.min && filter.max && *filter.min > *filter.max) f.fail("min", "is greater than max");
  }
}

void describe(config::Fields& f, DerivedColumn& derived) {
  derived.key = f.section_path();
  f.text("name", derived.name, "Name of the new binary column (levels \"0\" and \"1\").");
  f.text("column", derived.column, "Numeric column it is derived from.");
  f.text("op", derived.op, "Comparison giving 1.", {">=", ">", "<=", "<", "=="});
  f.real("threshold", derived.threshold, "Threshold compared against.",
         {-std::numeric_limits<double>::max(), std::numeric_limits<double>::max()});
  if (f.mode() == config::Fields::Mode::Read) {
    if (derived.name.empty()) f.fail("name", "is required");
    if (derived.column.empty()) f.fail("column", "is required");
  }
}

void describe(config::Fields& f, DataSpec& spec) {
  spec.key = f.section_path();
  f.path("source", spec.source,
         "CSV file (${VAR} expanded; ${ADMISSIBLE_DATA} is the shared data folder), or "
         "\"embedded:demo\" for the built-in synthetic dataset.");
  f.count("rows", spec.rows, "Rows of an embedded dataset (0 = its default).", {0, 100000000});
  f.count(
      "draw", spec.draw,
      "Which random draw of an embedded dataset (0 = the canonical one; others are independent).");
  f.section("csv", spec.csv, "How the CSV file is parsed.");
  std::map<std::string, std::string> types;
  for (const auto& [name, type] : spec.types) types[name] = to_string(type);
  f.text_map("types", types, "Column type overrides, e.g. { zip = \"categorical\" }.",
             {"categorical", "numeric"});
  spec.types.clear();
  for (const auto& [name, type] : types)
    spec.types[name] = type == "numeric" ? ColumnType::Numeric : ColumnType::Categorical;
  f.text_list("drop", spec.drop, "Columns removed right after reading.");
  f.section_list("derive", spec.derived,
                 "A binary column derived by a threshold (e.g. age >= 25).");
  f.section_list("filter", spec.filters, "Keep only rows passing every filter (applied in order).");
  f.text("target", spec.roles.target, "Outcome column.");
  f.text(
      "positive", spec.positive,
      "Target level counted as the positive outcome; the target becomes 0/1 with 1 = this level.");
  f.text_list("sensitive", spec.roles.sensitive, "Protected attributes (categorical).");
  f.boolean("intersect", spec.intersect_sensitive,
            "Add the intersection of all sensitive attributes as the first sensitive column.");
  f.text_list("features", spec.roles.features,
              "Feature columns (empty = every column not used as target, sensitive or weights).");
  f.text("weights", spec.roles.weights, "Optional numeric column of non-negative row weights.");
  f.choice(
      "missing", spec.missing,
      "Rows with a missing value in a used column: error (naming file and line), drop, or keep.",
      {{"error", MissingPolicy::Error},
       {"drop", MissingPolicy::DropRows},
       {"keep", MissingPolicy::Keep}});
  if (f.mode() == config::Fields::Mode::Read && spec.source.empty())
    f.fail("source", "is required");
}

}  // namespace adm::data
