#include "data/used_columns.hpp"

namespace adm::data {

ColumnSelection used_columns(const DataSpec& spec) {
  ColumnSelection out;
  if (spec.roles.features.empty()) return out;
  out.all = false;
  auto add = [&](const std::string& name) {
    if (!name.empty()) out.names.insert(name);
  };
  add(spec.roles.target);
  add(spec.roles.weights);
  add(spec.counts);
  for (const auto& list : {&spec.roles.sensitive, &spec.roles.features, &spec.pipeline_columns})
    for (const auto& name : *list) add(name);
  for (const auto& d : spec.derived)
    for (const auto* name : {&d.name, &d.column, &d.from, &d.to}) add(*name);
  for (const auto& f : spec.filters) add(f.column);
  return out;
}

}  // namespace adm::data
