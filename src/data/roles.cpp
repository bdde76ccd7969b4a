#include "data/roles.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "data/discretize.hpp"
#include "data/spec_error.hpp"

namespace adm::data {
namespace {

struct Context {
  CsvTable& table;
  const DataSpec& spec;
  const std::vector<std::string>& file_columns;

  const std::string& src() const { return table.data.source(); }
  std::string key(const std::string& k) const { return spec.key + "." + k; }
  // 1-based column in the file, 0 for derived columns (then messages omit it).
  std::size_t file_column(const std::string& name) const {
    auto it = std::find(file_columns.begin(), file_columns.end(), name);
    return it == file_columns.end() ? 0 : static_cast<std::size_t>(it - file_columns.begin()) + 1;
  }
};

Roles check_roles(const Context& c) {
  const Dataset& data = c.table.data;
  Roles roles = c.spec.roles;
  auto require = [&](const std::string& name, const std::string& key) {
    if (!name.empty() && name == c.spec.counts)
      throw_spec(c.src(), key,
                 "'" + name + "' is the counts column (" + c.key("counts") +
                     "): its rows were repeated by their counts and the column removed");
    if (!data.has(name)) throw_spec(c.src(), key, unknown_column(data, name));
  };
  if (!roles.target.empty()) require(roles.target, c.key("target"));
  std::set<std::string> sensitive;
  for (const auto& s : roles.sensitive) {
    require(s, c.key("sensitive"));
    if (!sensitive.insert(s).second)
      throw_spec(c.src(), c.key("sensitive"), "'" + s + "' is named twice");
    if (s == roles.target)
      throw_spec(c.src(), c.key("sensitive"), "'" + s + "' is also the target");
    if (!data.column(s).is_categorical() && c.spec.sensitive_bins == 0)
      throw_spec(c.src(), c.key("sensitive"),
                 "sensitive attribute '" + s + "' is numeric; bin it into quantile groups (" +
                     c.key("sensitive_bins") + "), derive a column from it (" + c.key("derive") +
                     ") or declare it categorical (" + c.key("types") + ")");
  }
  if (!roles.weights.empty()) {
    require(roles.weights, c.key("weights"));
    if (roles.weights == roles.target || sensitive.count(roles.weights))
      throw_spec(c.src(), c.key("weights"), "'" + roles.weights + "' already has another role");
    if (!data.column(roles.weights).is_numeric())
      throw_spec(c.src(), c.key("weights"),
                 "weights column '" + roles.weights + "' must be numeric");
  }
  if (roles.features.empty()) {
    for (const auto& name : data.names())
      if (name != roles.target && name != roles.weights && !sensitive.count(name))
        roles.features.push_back(name);
    return roles;
  }
  // Explicit features may include a sensitive attribute (fairness-unaware baselines need it).
  std::set<std::string> seen;
  for (const auto& f : roles.features) {
    require(f, c.key("features"));
    if (!seen.insert(f).second)
      throw_spec(c.src(), c.key("features"), "feature '" + f + "' is named twice");
    if (f == roles.target)
      throw_spec(c.src(), c.key("features"), "feature '" + f + "' is also the target");
    if (f == roles.weights)
      throw_spec(c.src(), c.key("features"), "feature '" + f + "' is also the weights");
  }
  return roles;
}

// A used column in which every cell is missing: no method can compute anything from it.
void check_not_all_missing(const Context& c, const Roles& roles) {
  const Dataset& data = c.table.data;
  if (data.rows() == 0) return;  // "no rows are left" says it better
  auto check = [&](const std::string& name, const char* role) {
    if (name.empty() || !data.has(name)) return;
    const Column& col = data.column(name);
    for (std::size_t r = 0; r < col.size(); ++r)
      if (!col.is_missing(r)) return;
    throw_all_missing(c.src(), c.spec, name, role, col.size());
  };
  check(roles.target, "target");
  for (const auto& s : roles.sensitive) check(s, "sensitive attribute");
  for (const auto& f : roles.features) check(f, "feature");
}

void apply_missing(Context& c, const Roles& roles) {
  if (c.spec.missing != MissingPolicy::Error) check_not_all_missing(c, roles);
  if (c.spec.missing == MissingPolicy::Keep) return;
  std::vector<std::pair<std::string, std::string>> cols;  // (column, role)
  auto add = [&](const std::string& name, const char* role) {
    for (const auto& [n, r] : cols)
      if (n == name) return;
    cols.emplace_back(name, role);
  };
  if (!roles.target.empty()) add(roles.target, "target");
  for (const auto& s : roles.sensitive) add(s, "sensitive attribute");
  for (const auto& f : roles.features) add(f, "feature");
  if (!roles.weights.empty()) add(roles.weights, "weights");
  Dataset& data = c.table.data;
  std::vector<const Column*> columns;  // looked up once, not once per row
  for (const auto& col : cols) columns.push_back(&data.column(col.first));
  std::vector<std::size_t> keep;
  for (std::size_t r = 0; r < data.rows(); ++r) {
    bool complete = true;
    for (std::size_t j = 0; j < cols.size(); ++j) {
      if (!columns[j]->is_missing(r)) continue;
      const auto& [name, role] = cols[j];
      if (c.spec.missing == MissingPolicy::Error)
        throw_input(c.src(), c.table.lines[r], c.file_column(name),
                    "missing value in column '" + name + "' (" + role + "); " + c.key("missing") +
                        " is error: choose drop or keep to allow missing values");
      complete = false;
      break;
    }
    if (complete) keep.push_back(r);
  }
  if (keep.size() == data.rows()) return;
  if (keep.empty())
    throw_spec(c.src(), c.key("missing"),
               "no rows are left after dropping rows with missing values");
  std::vector<std::size_t> lines;
  for (std::size_t r : keep) lines.push_back(c.table.lines[r]);
  data = data.take(keep);
  c.table.lines = std::move(lines);
}

void check_weights(const Context& c, const std::string& name) {
  if (name.empty()) return;
  const Column& w = c.table.data.column(name);
  double total = 0.0;
  const std::string key = "config key '" + c.key("weights") + "': ";
  for (std::size_t r = 0; r < w.size(); ++r) {
    const auto fail = [&](const std::string& message) {
      throw_input(c.src(), c.table.lines[r], c.file_column(name), key + message);
    };
    // Missing weights survive missing = "keep" (which is about features), but no method can
    // weigh a row without one.
    if (w.is_missing(r))
      fail("missing weight in column '" + name + "'; every row needs one (with " +
           c.key("missing") + " = \"keep\" too: choose \"drop\" to drop such rows)");
    const double v = w.values()[r];
    if (!std::isfinite(v) || v < 0.0)
      fail("weight " + w.cell_text(r) + " in column '" + name + "' must be finite and >= 0");
    total += v;
    if (!std::isfinite(total))
      fail("the sum of the weights in column '" + name + "' overflows at weight " + w.cell_text(r) +
           "; rescale them");
  }
  if (!(total > 0.0)) throw_spec(c.src(), c.key("weights"), "all weights are zero");
}

// Numeric sensitive attributes become spec.sensitive_bins quantile groups, named by their
// intervals ("[-inf,28)", "[28,37)", ...), after missing-value handling so the quantiles are those
// of the rows used.
void bin_numeric_sensitive(Context& c, const std::vector<std::string>& sensitive) {
  Dataset& data = c.table.data;
  const int bins = static_cast<int>(c.spec.sensitive_bins);
  for (const auto& s : sensitive) {
    const Column& col = data.column(s);
    if (col.is_categorical()) continue;
    data.replace(discretize(col, quantile_cuts(col, bins)));
  }
}

// The target becomes {"0","1"} with "1" = spec.positive, so every method sees the same coding.
void recode_positive(Context& c, const std::string& target) {
  const std::string& positive = c.spec.positive;
  if (positive.empty()) return;
  if (target.empty()) throw_spec(c.src(), c.key("positive"), "a positive level needs a target");
  const Column& col = c.table.data.column(target);
  std::vector<std::int32_t> codes(col.size(), Column::kMissingCode);
  bool occurs = false;
  if (col.is_categorical()) {
    const auto& levels = col.levels();
    const auto at = std::find(levels.begin(), levels.end(), positive) - levels.begin();
    for (std::size_t r = 0; r < col.size(); ++r) {
      if (col.is_missing(r)) continue;
      codes[r] = col.codes()[r] == at ? 1 : 0;
      occurs = occurs || codes[r] == 1;
    }
  } else {
    double p = 0.0;
    if (parse_number(positive, p) != NumberKind::Finite)
      throw_spec(c.src(), c.key("positive"),
                 "target '" + target + "' is numeric but the positive level '" + positive +
                     "' is not a number");
    for (std::size_t r = 0; r < col.size(); ++r) {
      if (col.is_missing(r)) continue;
      const double v = col.values()[r];
      if (v != std::floor(v))
        throw_spec(c.src(), c.key("positive"),
                   "target '" + target + "' has non-integer values (" + col.cell_text(r) +
                       "); a positive level needs a categorical or integer-valued target");
      codes[r] = v == p ? 1 : 0;
      occurs = occurs || codes[r] == 1;
    }
  }
  if (!occurs)
    throw_spec(c.src(), c.key("positive"),
               "positive level '" + positive + "' does not occur in target '" + target + "'");
  c.table.data.replace(
      Column::categorical(target, std::move(codes), {"0", "1"}, to_vector(col.missing())));
}

// Every sensitive group must be non-empty: group metrics divide by group sizes.
void check_groups(Context& c, const std::vector<std::string>& sensitive) {
  Dataset& data = c.table.data;
  for (const auto& s : sensitive) {
    const Column& col = data.column(s);
    const auto& levels = col.levels();
    std::vector<std::uint64_t> count(levels.size(), 0);
    for (std::size_t r = 0; r < col.size(); ++r)
      if (!col.is_missing(r)) ++count[static_cast<std::size_t>(col.codes()[r])];
    check_filtered_groups_left(c.src(), c.spec, s, levels, count);
    std::vector<std::string> kept;
    std::vector<std::int32_t> remap(levels.size(), Column::kMissingCode);
    for (std::size_t l = 0; l < levels.size(); ++l) {
      if (count[l] == 0) continue;
      remap[l] = static_cast<std::int32_t>(kept.size());
      kept.push_back(levels[l]);
    }
    if (kept.size() < 2)
      throw_spec(c.src(), c.key("sensitive"),
                 "sensitive attribute '" + s + "' has " + std::to_string(kept.size()) +
                     " non-empty group(s) (" + name_list(kept) + ")" +
                     (c.spec.filters.empty() ? "" : " after filtering") +
                     "; at least two are needed");
    if (kept.size() == levels.size()) continue;
    std::vector<std::int32_t> codes = to_vector(col.codes());
    for (auto& code : codes)
      if (code != Column::kMissingCode) code = remap[static_cast<std::size_t>(code)];
    data.replace(
        Column::categorical(s, std::move(codes), std::move(kept), to_vector(col.missing())));
  }
}

}  // namespace

Column intersect_columns(const std::vector<const Column*>& columns, const std::string& name) {
  if (columns.empty()) throw InternalError("intersect_columns: no columns");
  const std::size_t n = columns.front()->size();
  std::map<std::vector<std::int32_t>, std::int32_t> combos;  // ordered by component level order
  std::vector<std::vector<std::int32_t>> keys(n);
  std::vector<std::uint8_t> missing(n, 0);
  for (std::size_t r = 0; r < n; ++r) {
    for (const Column* col : columns) {
      if (col->size() != n) throw InternalError("intersect_columns: lengths differ");
      if (col->is_missing(r)) missing[r] = 1;
      keys[r].push_back(col->codes()[r]);
    }
    if (!missing[r]) combos.emplace(keys[r], 0);
  }
  std::vector<std::string> levels;
  for (auto& [key, code] : combos) {
    code = static_cast<std::int32_t>(levels.size());
    std::string text;
    for (std::size_t i = 0; i < key.size(); ++i)
      text += (i ? "×" : "") + columns[i]->levels()[static_cast<std::size_t>(key[i])];
    levels.push_back(std::move(text));
  }
  std::vector<std::int32_t> codes(n, Column::kMissingCode);
  for (std::size_t r = 0; r < n; ++r)
    if (!missing[r]) codes[r] = combos.at(keys[r]);
  return Column::categorical(name, std::move(codes), std::move(levels), std::move(missing));
}

void throw_all_missing(const std::string& source, const DataSpec& spec, const std::string& column,
                       const std::string& role, std::uint64_t rows) {
  const std::string key = spec.key + (role == "target"    ? ".target"
                                      : role == "feature" ? ".features"
                                                          : ".sensitive");
  throw_spec(source, key,
             "column '" + column + "' (" + role + ") has no values: all " + std::to_string(rows) +
                 " cells are missing, so nothing can be computed from it (" + spec.key +
                 ".missing = \"" + (spec.missing == MissingPolicy::Keep ? "keep" : "drop") +
                 "\"); leave it out or fix the file");
}

void check_filtered_groups_left(const std::string& source, const DataSpec& spec,
                                const std::string& attribute,
                                const std::vector<std::string>& levels,
                                const std::vector<std::uint64_t>& count) {
  for (const auto& f : spec.filters) {
    if (f.column != attribute) continue;
    for (const auto& value : f.in) {
      const auto l = std::find(levels.begin(), levels.end(), value) - levels.begin();
      if (l == static_cast<std::ptrdiff_t>(levels.size()) ||
          count[static_cast<std::size_t>(l)] == 0)
        throw_spec(source, f.key + ".in",
                   "group '" + value + "' of sensitive attribute '" + attribute +
                       "' has no rows left after filtering and missing-value handling");
    }
  }
}

void resolve_roles(CsvTable& table, const DataSpec& spec,
                   const std::vector<std::string>& file_columns) {
  Context c{table, spec, file_columns};
  Roles roles = check_roles(c);
  apply_missing(c, roles);
  check_weights(c, roles.weights);
  bin_numeric_sensitive(c, roles.sensitive);
  recode_positive(c, roles.target);
  check_groups(c, roles.sensitive);
  if (spec.intersect_sensitive) {
    if (roles.sensitive.size() < 2)
      throw_spec(c.src(), c.key("intersect"), "needs at least two sensitive attributes");
    std::string name;
    std::vector<const Column*> parts;
    for (const auto& s : roles.sensitive) {
      name += (name.empty() ? "" : "×") + s;
      parts.push_back(&table.data.column(s));
    }
    if (table.data.has(name))
      throw_spec(c.src(), c.key("intersect"), "column '" + name + "' already exists");
    Column cross = intersect_columns(parts, name);
    table.data.add(std::move(cross));
    roles.sensitive.insert(roles.sensitive.begin(), name);
  }
  if (table.data.rows() == 0) throw_spec(c.src(), spec.key, "no rows are left");
  table.data.roles() = std::move(roles);
}

}  // namespace adm::data
