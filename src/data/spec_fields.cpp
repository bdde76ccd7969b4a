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
  f.text("name", derived.name, "Name of the new column.");
  f.choice("kind", derived.kind,
           "threshold: binary \"0\"/\"1\" from `column op threshold`; bins: `column` cut at "
           "`breaks` into right-closed intervals named by `labels`; days_between: days from date "
           "column `from` to `to`.",
           {{"threshold", DeriveKind::Threshold},
            {"bins", DeriveKind::Bins},
            {"days_between", DeriveKind::DaysBetween}});
  f.text("column", derived.column, "Numeric column it is derived from (threshold, bins).");
  f.text("op", derived.op, "Comparison giving 1 (threshold; default >=).",
         {"", ">=", ">", "<=", "<", "=="});
  f.optional_real("threshold", derived.threshold, "Threshold compared against (threshold).");
  f.real_list("breaks", derived.breaks,
              "Increasing upper bounds of all bins but the last (bins): (-inf, b1], (b1, b2], ...");
  f.text_list("labels", derived.labels, "Names of the bins, one more than the breaks (bins).");
  f.text("from", derived.from, "Start date column, YYYY-MM-DD[ HH:MM[:SS]] (days_between).");
  f.text("to", derived.to, "End date column (days_between); the value is to - from in days.");
  if (f.mode() != config::Fields::Mode::Read) return;
  if (derived.name.empty()) f.fail("name", "is required");
  const bool threshold = derived.kind == DeriveKind::Threshold;
  const bool bins = derived.kind == DeriveKind::Bins;
  const bool days = derived.kind == DeriveKind::DaysBetween;
  // A key of another kind is almost always a mistake in `kind`: say so rather than ignore it.
  auto only = [&](bool given, bool allowed, const char* key, const char* kinds) {
    if (given && !allowed) f.fail(key, std::string("applies only to kind = ") + kinds);
  };
  only(!derived.column.empty(), !days, "column", "threshold or bins");
  only(!derived.op.empty(), threshold, "op", "threshold");
  only(derived.threshold.has_value(), threshold, "threshold", "threshold");
  only(!derived.breaks.empty(), bins, "breaks", "bins");
  only(!derived.labels.empty(), bins, "labels", "bins");
  only(!derived.from.empty(), days, "from", "days_between");
  only(!derived.to.empty(), days, "to", "days_between");
  if (!days && derived.column.empty()) f.fail("column", "is required");
  if (threshold && !derived.threshold) f.fail("threshold", "is required");
  if (threshold && derived.op.empty()) derived.op = ">=";
  if (bins && derived.breaks.empty()) f.fail("breaks", "is required");
  if (bins && derived.labels.size() != derived.breaks.size() + 1)
    f.fail("labels", "needs one name per bin: " + std::to_string(derived.breaks.size() + 1));
  if (days && derived.from.empty()) f.fail("from", "is required");
  if (days && derived.to.empty()) f.fail("to", "is required");
}

void describe(config::Fields& f, DataSpec& spec) {
  spec.key = f.section_path();
  f.path("source", spec.source,
         "CSV file (${VAR} expanded; ${ADMISSIBLE_DATA} is the shared data folder), or "
         "\"embedded:demo\" for the built-in synthetic dataset.");
  f.choice("format", spec.format,
           "csv, hdf5 (a group of 1-D datasets, one per column; README's data section), or auto: "
           "hdf5 when the source ends in .h5 or .hdf5, csv otherwise.",
           {{"auto", DataFormat::Auto}, {"csv", DataFormat::Csv}, {"hdf5", DataFormat::Hdf5}});
  f.text("group", spec.group,
         "HDF5 source: the group whose 1-D datasets are the columns (e.g. \"/table\").");
  if (f.mode() == config::Fields::Mode::Read && (spec.group.empty() || spec.group[0] != '/'))
    f.fail("group", "must be an absolute HDF5 path starting with '/'");
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
                 "A derived column: threshold (age >= 25), labelled bins, or days between dates.");
  f.section_list("filter", spec.filters, "Keep only rows passing every filter (applied in order).");
  f.text("target", spec.roles.target, "Outcome column.");
  f.text(
      "positive", spec.positive,
      "Target level counted as the positive outcome; the target becomes 0/1 with 1 = this level.");
  f.text_list("sensitive", spec.roles.sensitive,
              "Protected attributes (categorical, or numeric with sensitive_bins).");
  f.boolean("intersect", spec.intersect_sensitive,
            "Add the intersection of all sensitive attributes as the first sensitive column.");
  f.text_list("features", spec.roles.features,
              "Feature columns (empty = every column not used as target, sensitive or weights).");
  f.text("weights", spec.roles.weights,
         "Optional numeric column of non-negative row weights (importance or sampling weights: "
         "each row stays one unit of folds and bootstrap draws; for counts use `counts`).");
  f.text("counts", spec.counts,
         "Optional column of frequency counts (whole numbers >= 0): each row is repeated that "
         "many times after the filters and the column removed, so a count table behaves as its "
         "one-row-per-unit expansion.");
  f.count("sensitive_bins", spec.sensitive_bins,
          "Cut each numeric sensitive attribute into this many quantile bins (0 = numeric "
          "sensitive attributes are an error).",
          {0, 1000});
  if (f.mode() == config::Fields::Mode::Read && spec.sensitive_bins == 1)
    f.fail("sensitive_bins", "must be 0 or >= 2 (one bin has no groups to compare)");
  f.choice(
      "missing", spec.missing,
      "Rows with a missing value in a used column: error (naming file and line), drop, or keep.",
      {{"error", MissingPolicy::Error},
       {"drop", MissingPolicy::DropRows},
       {"keep", MissingPolicy::Keep}});
  f.choice("layout", spec.layout,
           "rows: every rank parses the whole file and keeps its rows; split: each rank reads only "
           "its byte range of the CSV file and keeps counts, not rows, for data larger than a "
           "node (audit pipeline only; results equal to rows except the bootstrap draws).",
           {{"rows", DataLayout::Rows}, {"split", DataLayout::Split}});
  if (f.mode() == config::Fields::Mode::Read && spec.source.empty())
    f.fail("source", "is required");
}

}  // namespace adm::data
