#include "data/filter.hpp"

#include <set>

#include "data/spec_error.hpp"

namespace adm::data {
namespace {

// Rows whose level is one of `wanted`; every wanted level must occur in some current row.
std::vector<std::uint8_t> match_levels(const Column& col, const RowFilter& f,
                                       const std::string& src) {
  const auto& levels = col.levels();
  std::vector<std::size_t> count(levels.size(), 0);
  for (std::size_t r = 0; r < col.size(); ++r)
    if (!col.is_missing(r)) ++count[static_cast<std::size_t>(col.codes()[r])];
  std::vector<std::string> present;
  for (std::size_t l = 0; l < levels.size(); ++l)
    if (count[l] > 0) present.push_back(levels[l]);
  std::vector<std::uint8_t> wanted(levels.size(), 0);
  for (const auto& value : f.in) {
    std::size_t l = 0;
    while (l < levels.size() && levels[l] != value) ++l;
    if (l == levels.size() || count[l] == 0)
      throw_spec(src, f.key + ".in",
                 "level '" + value + "' does not occur in column '" + f.column +
                     "' (levels: " + name_list(present) + ")");
    wanted[l] = 1;
  }
  std::vector<std::uint8_t> keep(col.size(), 0);
  for (std::size_t r = 0; r < col.size(); ++r)
    keep[r] = !col.is_missing(r) && wanted[static_cast<std::size_t>(col.codes()[r])];
  return keep;
}

// Numeric columns accept `in` as a list of numbers (`two_year_recid in [1]`) and/or a range.
std::vector<std::uint8_t> match_numbers(const Column& col, const RowFilter& f,
                                        const std::string& src) {
  const auto& values = col.values();
  std::vector<std::uint8_t> keep(col.size(), 0);
  for (std::size_t r = 0; r < col.size(); ++r) keep[r] = !col.is_missing(r);
  if (!f.in.empty()) {
    std::set<double> wanted;
    for (const auto& text : f.in) {
      double v = 0.0;
      if (parse_number(text, v) != NumberKind::Finite)
        throw_spec(src, f.key + ".in",
                   "'" + text + "' is not a number, but column '" + f.column + "' is numeric");
      bool occurs = false;
      for (std::size_t r = 0; r < col.size() && !occurs; ++r)
        occurs = !col.is_missing(r) && values[r] == v;
      if (!occurs)
        throw_spec(src, f.key + ".in",
                   "value " + text + " does not occur in column '" + f.column + "'");
      wanted.insert(v);
    }
    for (std::size_t r = 0; r < col.size(); ++r) keep[r] = keep[r] && wanted.count(values[r]) != 0;
  }
  for (std::size_t r = 0; r < col.size(); ++r) {
    if (f.min && !(values[r] >= *f.min)) keep[r] = 0;
    if (f.max && !(values[r] <= *f.max)) keep[r] = 0;
  }
  return keep;
}

}  // namespace

void apply_filter(CsvTable& table, const RowFilter& f) {
  const std::string& src = table.data.source();
  if (!table.data.has(f.column))
    throw_spec(src, f.key + ".column", unknown_column(table.data, f.column));
  const Column& col = table.data.column(f.column);
  const bool has_range = f.min.has_value() || f.max.has_value();
  if (f.in.empty() && !has_range) throw_spec(src, f.key, "a filter needs `in` or `min`/`max`");
  if (f.min && f.max && *f.min > *f.max) throw_spec(src, f.key, "min is greater than max");
  std::vector<std::uint8_t> keep;
  if (col.is_categorical()) {
    if (has_range)
      throw_spec(src, f.key,
                 "min/max need a numeric column, but '" + f.column + "' is categorical (use `in`)");
    keep = match_levels(col, f, src);
  } else {
    keep = match_numbers(col, f, src);
  }
  std::vector<std::size_t> rows;
  std::vector<std::size_t> lines;
  for (std::size_t r = 0; r < keep.size(); ++r) {
    if (!keep[r]) continue;
    rows.push_back(r);
    lines.push_back(table.lines[r]);
  }
  if (rows.empty()) throw_spec(src, f.key, "no rows are left after this filter");
  table.data = table.data.take(rows);
  table.lines = std::move(lines);
}

}  // namespace adm::data
