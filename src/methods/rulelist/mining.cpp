#include "methods/rulelist/mining.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/error.hpp"

namespace adm::methods::rulelist {
namespace {

struct Item {
  std::string name;
  std::string column;
  Bits captures;
};

// A 0/1 column: categorical with levels {"0","1"}, or numeric holding only 0 and 1 (CSV files of
// binarised data read without type overrides).
bool is_binary_01(const data::Column& c) {
  if (c.is_numeric())
    return std::ranges::all_of(c.values(), [](double v) { return v == 0.0 || v == 1.0; });
  const auto& l = c.levels();
  return l.size() == 2 && l[0] == "0" && l[1] == "1";
}

bool is_one(const data::Column& c, std::size_t row) {
  return c.is_numeric() ? c.values()[row] == 1.0 : c.codes()[row] == 1;
}

void check_complete(const data::Dataset& data, const data::Column& c) {
  if (c.missing_count() > 0)
    throw InputError(data.source() + ": column '" + c.name() + "' has " +
                     std::to_string(c.missing_count()) +
                     " missing values; rule lists need complete data (data.missing)");
}

std::vector<Item> items_of(const data::Dataset& data, const MiningOptions& options) {
  std::vector<Item> items;
  const std::size_t n = data.rows();
  for (const auto& name : data.roles().features) {
    const auto& c = data.column(name);
    check_complete(data, c);
    const bool binary = is_binary_01(c);
    if (!c.is_categorical() && !binary)
      throw InputError(data.source() + ": feature '" + name +
                       "' is numeric; rule mining needs categorical features (set discretize.method"
                       " or declare the column categorical)");
    if (options.columns_are_rules && !binary)
      throw InputError(
          data.source() + ": feature '" + name +
          "' is not a 0/1 column; rulelist.antecedents = \"columns\" needs 0/1 columns");
    if (binary) {
      Item item{name, name, Bits(n)};
      for (std::size_t i = 0; i < n; ++i)
        if (is_one(c, i)) item.captures.set(i);
      items.push_back(std::move(item));
      continue;
    }
    for (std::size_t level = 0; level < c.level_count(); ++level) {
      Item item{name + ":" + c.levels()[level], name, Bits(n)};
      for (std::size_t i = 0; i < n; ++i)
        if (c.codes()[i] == static_cast<std::int32_t>(level)) item.captures.set(i);
      items.push_back(std::move(item));
    }
  }
  return items;
}

}  // namespace

Bits binary_labels(const data::Dataset& data, std::string* negative_name,
                   std::string* positive_name) {
  const auto& y = data.target();
  check_complete(data, y);
  Bits labels(data.rows());
  if (y.is_categorical()) {
    if (y.level_count() != 2)
      throw InputError(data.source() + ": target '" + y.name() + "' has " +
                       std::to_string(y.level_count()) +
                       " levels; rule lists need a binary target (data.positive)");
    for (std::size_t i = 0; i < data.rows(); ++i)
      if (y.codes()[i] == 1) labels.set(i);
    *negative_name = y.levels()[0];
    *positive_name = y.levels()[1];
    return labels;
  }
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double v = y.values()[i];
    if (v != 0.0 && v != 1.0)
      throw InputError(data.source() + ": target '" + y.name() + "' has the value " +
                       std::to_string(v) + " at line " + std::to_string(data.source_line(i)) +
                       "; rule lists need 0/1 (or set data.positive)");
    if (v == 1.0) labels.set(i);
  }
  *negative_name = "0";
  *positive_name = "1";
  return labels;
}

GroupCodes sensitive_groups(const data::Dataset& data, const std::vector<std::string>& columns) {
  GroupCodes out;
  const std::size_t n = data.rows();
  if (columns.empty()) return out;
  std::vector<std::vector<std::int32_t>> keys(n);
  for (const auto& name : columns) {
    const auto& c = data.column(name);
    if (!c.is_categorical() && !is_binary_01(c))
      throw InputError(data.source() + ": sensitive attribute '" + name +
                       "' is numeric; fairness groups need a categorical or 0/1 attribute");
    check_complete(data, c);
    for (std::size_t i = 0; i < n; ++i)
      keys[i].push_back(c.is_numeric() ? static_cast<std::int32_t>(c.values()[i]) : c.codes()[i]);
  }
  std::map<std::vector<std::int32_t>, std::int32_t> code_of;
  for (const auto& k : keys) code_of.emplace(k, 0);
  std::int32_t next = 0;
  for (auto& [key, code] : code_of) {
    code = next++;
    std::string label;
    for (std::size_t a = 0; a < columns.size(); ++a) {
      const auto& c = data.column(columns[a]);
      const auto level =
          c.is_numeric() ? std::to_string(key[a]) : c.levels()[static_cast<std::size_t>(key[a])];
      label += (a ? " & " : "") + columns[a] + "=" + level;
    }
    out.names.push_back(label);
  }
  out.codes.resize(n);
  for (std::size_t i = 0; i < n; ++i) out.codes[i] = code_of.at(keys[i]);
  return out;
}

RuleSet mine_rules(const data::Dataset& data, const MiningOptions& options) {
  if (options.max_cardinality < 1 || options.max_cardinality > 2)
    throw InputError("rulelist: max_cardinality must be 1 or 2");
  RuleSet set;
  set.source = data.source();
  set.rows = data.rows();
  set.labels = binary_labels(data, &set.negative_name, &set.positive_name);
  const auto items = items_of(data, options);
  for (const auto& it : items) set.rules.push_back({it.name, it.captures});
  if (!options.columns_are_rules) {
    if (options.negations)
      for (const auto& it : items) set.rules.push_back({"not " + it.name, ~it.captures});
    if (options.max_cardinality == 2) {
      const double need = options.min_support * static_cast<double>(set.rows);
      for (std::size_t a = 0; a < items.size(); ++a)
        for (std::size_t b = a + 1; b < items.size(); ++b) {
          if (items[a].column == items[b].column) continue;
          if (static_cast<double>(count_and(items[a].captures, items[b].captures)) < need) continue;
          set.rules.push_back(
              {items[a].name + " && " + items[b].name, items[a].captures & items[b].captures});
        }
    }
  }
  prune_rules(set, options.drop_duplicates);
  const auto groups = sensitive_groups(data, data.roles().sensitive);
  if (!groups.names.empty()) set_groups(set, groups.codes, groups.names);
  check_rule_set(set);
  return set;
}

}  // namespace adm::methods::rulelist
