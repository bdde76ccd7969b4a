#include "data/split_plan.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "data/number_text.hpp"
#include "data/spec_error.hpp"

namespace adm::data {
namespace {

bool holds(const std::string& op, double v, double t) {
  if (op == ">=") return v >= t;
  if (op == ">") return v > t;
  if (op == "<=") return v <= t;
  if (op == "<") return v < t;
  return v == t;
}

}  // namespace

std::vector<bool> split_columns_used(const std::vector<std::string>& names, const DataSpec& spec,
                                     const SplitAuditSettings& settings) {
  std::vector<bool> used(names.size(), spec.roles.features.empty());
  const auto mark = [&](const std::string& name) {
    const auto at = std::find(names.begin(), names.end(), name);
    if (at != names.end()) used[std::size_t(at - names.begin())] = true;
  };
  mark(spec.roles.target);
  for (const auto& s : spec.roles.sensitive) mark(s);
  for (const auto& f : spec.roles.features) mark(f);
  for (const auto& f : spec.filters) mark(f.column);
  for (const auto& d : spec.derived) mark(d.column);
  mark(settings.prediction);
  return used;
}

std::string unknown_column_of(const std::vector<std::string>& names, const std::string& name) {
  return "unknown column '" + name + "' (columns: " + name_list(names) + ")";
}

const std::vector<std::string>& SplitPlan::levels(std::size_t column) const {
  static const std::vector<std::string> kZeroOne = {"0", "1"};
  return column < file_columns() ? schema.levels[column] : kZeroOne;
}

// Each step mirrors load_dataset (derive, filter, resolve_roles) and check_audit_inputs, in order,
// with their messages, for the checks that need no rows.
SplitPlan::SplitPlan(const SplitSchema& schema_in, const DataSpec& spec_in,
                     const SplitAuditSettings& settings_in, const std::string& source_in)
    : schema(schema_in), spec(spec_in), settings(settings_in), source(source_in) {
  names = schema.names;
  types = schema.types;
  used = split_columns_used(names, spec, settings);
  const auto& src = source;
  const auto find = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
  };
  for (const auto& d : spec.derived) {
    if (d.name.empty()) throw_spec(src, d.key + ".name", "a derived column needs a name");
    if (find(d.name) < names.size())
      throw_spec(src, d.key + ".name", "column '" + d.name + "' already exists");
    const std::size_t c = find(d.column);
    if (c == names.size()) throw_spec(src, d.key + ".column", unknown_column_of(names, d.column));
    if (types[c] != ColumnType::Numeric)
      throw_spec(src, d.key + ".column",
                 "column '" + d.column +
                     "' is categorical; a threshold needs a numeric column (declare it numeric "
                     "in data.types if its levels are numbers)");
    if (!d.threshold || !std::isfinite(*d.threshold))
      throw_spec(src, d.key + ".threshold", "the threshold must be a finite number");
    const std::string op = d.op.empty() ? ">=" : d.op;
    if (op != ">=" && op != ">" && op != "<=" && op != "<" && op != "==")
      throw_spec(src, d.key + ".op", "unknown operator '" + op + "' (use >=, >, <=, < or ==)");
    derived.push_back({c, op, *d.threshold});
    names.push_back(d.name);
    types.push_back(ColumnType::Categorical);
  }
  for (const auto& f : spec.filters) {
    const std::size_t c = find(f.column);
    if (c == names.size()) throw_spec(src, f.key + ".column", unknown_column_of(names, f.column));
    const bool has_range = f.min.has_value() || f.max.has_value();
    if (f.in.empty() && !has_range) throw_spec(src, f.key, "a filter needs `in` or `min`/`max`");
    if (f.min && f.max && *f.min > *f.max) throw_spec(src, f.key, "min is greater than max");
    SplitFilter sf{&f, c, types[c] == ColumnType::Categorical, {}, {}};
    if (sf.categorical) {
      if (has_range)
        throw_spec(
            src, f.key,
            "min/max need a numeric column, but '" + f.column + "' is categorical (use `in`)");
      for (const auto& value : f.in) {
        const auto at = std::find(levels(c).begin(), levels(c).end(), value);
        sf.wanted_codes.push_back(at == levels(c).end() ? -1
                                                        : std::int32_t(at - levels(c).begin()));
      }
    } else {
      for (const auto& text : f.in) {
        double v = 0.0;
        if (parse_number(text, v) != NumberKind::Finite)
          throw_spec(src, f.key + ".in",
                     "'" + text + "' is not a number, but column '" + f.column + "' is numeric");
        sf.wanted_values.push_back(v);
      }
    }
    filters.push_back(std::move(sf));
  }
  compile_roles();
  compile_audit();
}

// check_roles, the missing-value columns and recode_positive's checks (roles.cpp).
void SplitPlan::compile_roles() {
  const auto& src = source;
  const std::string& k = spec.key;
  const auto find = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
  };
  const auto require = [&](const std::string& name, const std::string& key) {
    const std::size_t c = find(name);
    if (c == names.size()) throw_spec(src, key, unknown_column_of(names, name));
    return c;
  };
  const Roles& roles = spec.roles;
  if (roles.target.empty())
    throw_spec(src, k + ".target", "the audit needs a target (outcome column)");
  target = require(roles.target, k + ".target");
  std::set<std::string> seen_sensitive;
  for (const auto& s : roles.sensitive) {
    const std::size_t c = require(s, k + ".sensitive");
    if (!seen_sensitive.insert(s).second)
      throw_spec(src, k + ".sensitive", "'" + s + "' is named twice");
    if (s == roles.target) throw_spec(src, k + ".sensitive", "'" + s + "' is also the target");
    if (types[c] != ColumnType::Categorical)
      throw_spec(src, k + ".sensitive",
                 "sensitive attribute '" + s + "' is numeric; bin it into quantile groups (" + k +
                     ".sensitive_bins), derive a column from it (" + k +
                     ".derive) or declare it categorical (" + k + ".types)");
    sensitive.push_back(c);
    sensitive_names.push_back(s);
  }
  if (roles.features.empty()) {
    for (std::size_t c = 0; c < names.size(); ++c)
      if (names[c] != roles.target && !seen_sensitive.count(names[c])) {
        feature_names.push_back(names[c]);
        features.push_back(require(names[c], k + ".features"));
      }
  } else {
    std::set<std::string> seen;
    for (const auto& f : roles.features) {
      const std::size_t c = require(f, k + ".features");
      if (!seen.insert(f).second)
        throw_spec(src, k + ".features", "feature '" + f + "' is named twice");
      if (f == roles.target)
        throw_spec(src, k + ".features", "feature '" + f + "' is also the target");
      features.push_back(c);
      feature_names.push_back(f);
    }
  }
  const auto add_role = [&](std::size_t c, const char* role) {
    for (const auto& [col, r] : role_columns)
      if (col == c) return;
    role_columns.emplace_back(c, role);
  };
  add_role(target, "target");
  for (auto c : sensitive) add_role(c, "sensitive attribute");
  for (auto c : features) add_role(c, "feature");
  if (!spec.positive.empty()) {
    if (types[target] == ColumnType::Categorical) {
      const auto& lv = levels(target);
      const auto at = std::find(lv.begin(), lv.end(), spec.positive);
      positive_code = at == lv.end() ? -2 : std::int32_t(at - lv.begin());  // -2: never matches
    } else {
      double p = 0.0;
      if (parse_number(spec.positive, p) != NumberKind::Finite)
        throw_spec(src, k + ".positive",
                   "target '" + roles.target + "' is numeric but the positive level '" +
                       spec.positive + "' is not a number");
      positive_value = p;
    }
    types[target] = ColumnType::Categorical;
    target_levels = 2;
  } else if (types[target] == ColumnType::Categorical) {
    target_levels = levels_of(target);
  }
}

// check_audit_inputs' checks that need no rows (audit.cpp).
void SplitPlan::compile_audit() {
  const std::string& file = settings.config_file;
  const std::string& name = names[target];
  if (types[target] != ColumnType::Categorical)
    throw InputError(file + ": config key 'data.target': column '" + name +
                     "' is numeric; the audit needs a categorical outcome (set data.types or "
                     "data.positive)");
  if (sensitive.empty())
    throw InputError(file +
                     ": config key 'data.sensitive': the audit needs at least one "
                     "sensitive attribute");
  if (settings.fairness && target_levels != 2)
    throw InputError(file +
                     ": config key 'data.positive': fairness metrics need a binary "
                     "target, but '" +
                     name + "' has " + std::to_string(target_levels) +
                     " levels; name the favourable level with data.positive");
  if (settings.fairness && !settings.prediction.empty()) {
    const std::size_t c = static_cast<std::size_t>(
        std::find(names.begin(), names.end(), settings.prediction) - names.begin());
    if (c == names.size())
      throw InputError(file + ": config key 'fairness.prediction': unknown column '" +
                       settings.prediction + "' in " + source);
    prediction = c;
  }
  for (std::size_t j = 0; j < features.size(); ++j) {
    const bool numeric = types[features[j]] == ColumnType::Numeric;
    if (settings.info && numeric && settings.discretize == "none")
      throw InputError(file + ": config key 'discretize.method': feature '" + feature_names[j] +
                       "' is numeric; information measures need it binned (quantile, "
                       "equal_width or mdlp)");
    binned.push_back(numeric && settings.discretize != "none");
  }
}

void SplitPlan::read(const std::vector<CsvCell>& cells, Row& row) const {
  const std::size_t n = names.size();
  row.missing.resize(n);
  row.code.resize(n);
  row.value.resize(n);
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const CsvCell& cell = cells[c];
    const bool missing = is_missing_cell(cell, spec.csv);
    row.missing[c] = missing;
    if (missing || !used[c]) continue;
    if (schema.types[c] == ColumnType::Categorical) {
      const auto it = schema.codes[c].find(cell.text);  // the type scan saw every text
      row.code[c] = it == schema.codes[c].end() ? -1 : it->second;
    } else {
      parse_number(cell.text, row.value[c]);
    }
  }
  for (std::size_t d = 0; d < derived.size(); ++d) {
    const std::size_t c = file_columns() + d;
    const SplitDerived& der = derived[d];
    row.missing[c] = row.missing[der.source];
    if (!row.missing[c]) row.code[c] = holds(der.op, row.value[der.source], der.threshold) ? 1 : 0;
  }
}

bool SplitPlan::passes(std::size_t k, const Row& row) const {
  const SplitFilter& f = filters[k];
  if (row.missing[f.column]) return false;
  if (f.categorical) {
    const std::int32_t code = row.code[f.column];
    return std::find(f.wanted_codes.begin(), f.wanted_codes.end(), code) != f.wanted_codes.end();
  }
  const double v = row.value[f.column];
  if (!f.wanted_values.empty() &&
      std::find(f.wanted_values.begin(), f.wanted_values.end(), v) == f.wanted_values.end())
    return false;
  if (f.spec->min && !(v >= *f.spec->min)) return false;
  if (f.spec->max && !(v <= *f.spec->max)) return false;
  return true;
}

std::string SplitPlan::cell_text(std::size_t column, const Row& row) const {
  if (row.missing[column]) return "";
  const bool categorical =
      column >= file_columns() || schema.types[column] == ColumnType::Categorical;
  if (categorical) return levels(column)[static_cast<std::size_t>(row.code[column])];
  std::ostringstream s;  // as Column::cell_text
  s.precision(17);
  s << row.value[column];
  return s.str();
}

}  // namespace adm::data
