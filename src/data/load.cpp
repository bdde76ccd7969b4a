#include "data/load.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>

#include "data/counts.hpp"
#include "data/csv_reader.hpp"
#include "data/derive.hpp"
#include "data/embedded.hpp"
#include "data/filter.hpp"
#include "data/roles.hpp"
#include "data/spec_error.hpp"
#include "data/used_columns.hpp"

namespace adm::data {
namespace {

constexpr const char* kEmbedded = "embedded:";

// Numeric -> categorical by cell text; categorical -> numeric by parsing the levels.
Column retype(const Column& col, ColumnType type, const std::string& src, const std::string& key) {
  const std::size_t n = col.size();
  if (type == ColumnType::Categorical) {
    std::map<double, std::int32_t> index;  // distinct values in numeric order
    for (std::size_t r = 0; r < n; ++r)
      if (!col.is_missing(r)) index.emplace(col.values()[r], 0);
    std::vector<std::string> levels;
    for (auto& [value, code] : index) {
      code = static_cast<std::int32_t>(levels.size());
      levels.push_back(format_number(value));
    }
    std::vector<std::int32_t> codes(n, Column::kMissingCode);
    for (std::size_t r = 0; r < n; ++r)
      if (!col.is_missing(r)) codes[r] = index.at(col.values()[r]);
    return Column::categorical(col.name(), std::move(codes), std::move(levels),
                               to_vector(col.missing()));
  }
  std::vector<double> level_values;
  for (const auto& level : col.levels()) {
    double v = 0.0;
    if (parse_number(level, v) != NumberKind::Finite)
      throw_spec(src, key,
                 "column '" + col.name() + "' is declared numeric but holds '" + level + "'");
    level_values.push_back(v);
  }
  std::vector<double> values(n, 0.0);
  for (std::size_t r = 0; r < n; ++r)
    if (!col.is_missing(r)) values[r] = level_values[static_cast<std::size_t>(col.codes()[r])];
  return Column::numeric(col.name(), std::move(values), to_vector(col.missing()));
}

// `types` for sources that carry their own types (embedded, HDF5): the CSV reader applies them
// while parsing instead.
void apply_types(CsvTable& t, const DataSpec& spec) {
  for (const auto& [name, type] : spec.types) {
    const std::string key = spec.key + ".types." + name;
    if (!t.data.has(name)) {
      const auto& all = t.file_columns;
      if (std::find(all.begin(), all.end(), name) != all.end()) continue;  // not read: not used
      throw_spec(t.data.source(), key, unknown_column(t.data, name));
    }
    const Column& col = t.data.column(name);
    if (col.type() != type) t.data.replace(retype(col, type, t.data.source(), key));
  }
}

bool is_hdf5(const DataSpec& spec) {
  if (spec.format != DataFormat::Auto) return spec.format == DataFormat::Hdf5;
  const std::string ext = std::filesystem::path(spec.source).extension().string();
  return ext == ".h5" || ext == ".hdf5";
}

CsvTable read_source(DataSpec& spec, const TableReader& hdf5) {
  if (spec.source.empty()) throw_spec("", spec.key + ".source", "no data source given");
  if (spec.source.rfind(kEmbedded, 0) != 0) {
    std::error_code ec;
    if (!std::filesystem::exists(spec.source, ec))
      throw_spec(spec.source, spec.key + ".source", "no such file");
    if (!is_hdf5(spec))
      return read_csv_table(spec.source, spec.csv, spec.types, used_columns(spec));
    if (!hdf5) throw InternalError("load_dataset: no HDF5 reader given for " + spec.source);
    CsvTable t = hdf5(spec, used_columns(spec));
    apply_types(t, spec);
    return t;
  }
  CsvTable t;
  try {
    t.data = make_embedded(spec.source.substr(std::string(kEmbedded).size()), spec.rows, spec.draw);
  } catch (const InputError& e) {
    throw_spec(spec.source, spec.key + ".source", e.what());
  }
  for (std::size_t r = 0; r < t.data.rows(); ++r) t.lines.push_back(r + 1);
  t.file_columns = t.data.names();
  apply_types(t, spec);
  // The dataset's own roles are defaults for what the config leaves out.
  const Roles& own = t.data.roles();
  if (spec.roles.target.empty()) spec.roles.target = own.target;
  if (spec.roles.sensitive.empty()) spec.roles.sensitive = own.sensitive;
  if (spec.roles.weights.empty()) spec.roles.weights = own.weights;
  return t;
}

}  // namespace

Dataset load_dataset(const DataSpec& given, LoadReport* report, const TableReader& hdf5) {
  const auto t0 = std::chrono::steady_clock::now();
  DataSpec spec = given;
  CsvTable table = read_source(spec, hdf5);
  if (report) {
    report->rows = table.lines.size();
    report->columns_read = table.data.cols();
    report->file_columns = table.file_columns.size();
  }
  for (std::size_t i = 0; i < spec.drop.size(); ++i) {
    const auto& name = spec.drop[i];
    const auto& all = table.file_columns;
    if (!table.data.has(name) && std::find(all.begin(), all.end(), name) == all.end())
      throw_spec(table.data.source(), spec.key + ".drop[" + std::to_string(i) + "]",
                 unknown_column(table.data, name));
    table.data.remove(name);
  }
  table.data.set_source_lines(table.lines);  // so derived columns can point at bad cells
  for (const auto& derived : spec.derived) add_derived(table.data, derived);
  for (const auto& filter : spec.filters) apply_filter(table, filter);
  if (!spec.counts.empty()) expand_counts(table, spec);
  resolve_roles(table, spec, table.file_columns);
  table.data.set_source_lines(std::move(table.lines));
  if (report) {
    report->bytes_held = bytes_held(table.data);
    report->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  return std::move(table.data);
}

}  // namespace adm::data
