#include "data/counts.hpp"

#include <cmath>

#include "data/spec_error.hpp"

namespace adm::data {

void expand_counts(CsvTable& table, const DataSpec& spec) {
  Dataset& data = table.data;
  const std::string& src = data.source();
  const std::string key = spec.key + ".counts";
  if (!data.has(spec.counts)) throw_spec(src, key, unknown_column(data, spec.counts));
  const Column& col = data.column(spec.counts);
  if (!col.is_numeric())
    throw_spec(src, key, "counts column '" + spec.counts + "' must be numeric");
  double total = 0.0;
  for (std::size_t r = 0; r < col.size(); ++r) {
    const double v = col.values()[r];
    if (col.is_missing(r) || !std::isfinite(v) || v < 0.0 || v != std::floor(v))
      throw_input(src, table.lines[r], 0,
                  "config key '" + key + "': count '" + col.cell_text(r) + "' in column '" +
                      spec.counts + "' must be a whole number >= 0");
    total += v;
  }
  if (!(total > 0.0)) throw_spec(src, key, "all counts are zero");
  if (total > kMaxExpandedRows)
    throw_spec(src, key,
               "the counts add up to " + format_number(total) +
                   " rows, more than the 1e8 one-row-per-unit limit; if the column holds "
                   "importance or sampling weights, name it as data.weights instead");
  std::vector<std::size_t> rows, lines;
  rows.reserve(static_cast<std::size_t>(total));
  lines.reserve(static_cast<std::size_t>(total));
  for (std::size_t r = 0; r < col.size(); ++r)
    for (std::size_t c = 0; c < static_cast<std::size_t>(col.values()[r]); ++c) {
      rows.push_back(r);
      lines.push_back(table.lines[r]);
    }
  data = data.take(rows);
  data.remove(spec.counts);
  table.lines = std::move(lines);
}

}  // namespace adm::data
