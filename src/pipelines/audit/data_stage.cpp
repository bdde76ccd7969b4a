#include "pipelines/audit/audit_stages.hpp"

namespace adm::pipelines {

DataDescription describe_dataset(const data::Dataset& data) {
  DataDescription d;
  d.source = data.source();
  d.rows = data.rows();
  for (const auto& c : data.columns()) {
    d.names.push_back(c.name());
    d.types.push_back(to_string(c.type()));
    d.missing.push_back(static_cast<std::int64_t>(c.missing_count()));
  }
  d.features = data.roles().features;
  d.sensitive = data.roles().sensitive;
  const auto& target = data.target();
  const auto& y = target.codes();
  d.target = target.name();
  d.binary = target.level_count() == 2;
  for (const auto& attr : data.roles().sensitive) {
    const auto& s = data.column(attr);
    DataDescription::Groups g{attr, s.levels(), std::vector<std::int64_t>(s.level_count(), 0),
                              std::vector<double>(s.level_count(), 0.0)};
    for (std::size_t i = 0; i < data.rows(); ++i) {
      if (s.is_missing(i) || target.is_missing(i)) continue;
      const auto k = static_cast<std::size_t>(s.codes()[i]);
      ++g.count[k];
      g.positives[k] += y[i] == 1 ? 1.0 : 0.0;
    }
    d.groups.push_back(std::move(g));
  }
  return d;
}

void write_data_description(const DataDescription& d, ResultSet& results,
                            std::ostringstream& summary) {
  results.add("/data/rows", std::vector<std::int64_t>{static_cast<std::int64_t>(d.rows)},
              "Rows after filters and missing-value handling.", "rows");
  results.add("/data/columns", d.names,
              "Columns the run read (those it uses) and derived, in table order.");
  results.add("/data/column_types", d.types, "categorical or numeric, per column.");
  results.add("/data/missing", d.missing, "Missing cells per column.", "cells");
  results.add("/data/features", d.features, "Feature columns.");
  results.add("/data/sensitive", d.sensitive, "Sensitive attributes.");
  summary << "data: " << d.source << ", " << d.rows << " rows, " << d.features.size()
          << " features, target '" << d.target << "'\n";
  for (const auto& g : d.groups) {
    const std::string base = "/data/groups/" + g.attribute;
    results.add(base + "/levels", g.levels, "Groups of the sensitive attribute.");
    results.add(base + "/count", g.count, "Rows per group.", "rows");
    summary << "  " << g.attribute << ":";
    for (std::size_t k = 0; k < g.levels.size(); ++k)
      summary << " " << g.levels[k] << "=" << g.count[k];
    summary << "\n";
    if (d.binary) {
      std::vector<double> rate(g.levels.size());
      for (std::size_t k = 0; k < rate.size(); ++k) rate[k] = g.positives[k] / double(g.count[k]);
      results.add(base + "/base_rate", rate,
                  "Share of the group with the positive outcome (target level 1).", "fraction");
    }
  }
}

void describe_data_stage(StageContext& context) {
  write_data_description(describe_dataset(context.data), context.results, context.summary);
}

}  // namespace adm::pipelines
