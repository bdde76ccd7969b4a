#include "pipelines/audit_stages.hpp"

namespace adm::pipelines {

void describe_data_stage(StageContext& context) {
  const auto& data = context.data;
  auto& results = context.results;
  std::vector<std::string> names, types;
  std::vector<std::int64_t> missing;
  for (const auto& c : data.columns()) {
    names.push_back(c.name());
    types.push_back(to_string(c.type()));
    missing.push_back(static_cast<std::int64_t>(c.missing_count()));
  }
  results.add("/data/rows", std::vector<std::int64_t>{static_cast<std::int64_t>(data.rows())},
              "Rows after filters and missing-value handling.", "rows");
  results.add("/data/columns", names,
              "Columns the run read (those it uses) and derived, in table order.");
  results.add("/data/column_types", types, "categorical or numeric, per column.");
  results.add("/data/missing", missing, "Missing cells per column.", "cells");
  results.add("/data/features", data.roles().features, "Feature columns.");
  results.add("/data/sensitive", data.roles().sensitive, "Sensitive attributes.");

  const auto& target = data.target();
  const auto& y = target.codes();
  const bool binary = target.level_count() == 2;
  context.summary << "data: " << data.source() << ", " << data.rows() << " rows, "
                  << data.roles().features.size() << " features, target '" << target.name()
                  << "'\n";
  for (const auto& attr : data.roles().sensitive) {
    const auto& s = data.column(attr);
    const std::size_t groups = s.level_count();
    std::vector<std::int64_t> counts(groups, 0);
    std::vector<double> positives(groups, 0.0);
    for (std::size_t i = 0; i < data.rows(); ++i) {
      if (s.is_missing(i) || target.is_missing(i)) continue;
      const auto g = static_cast<std::size_t>(s.codes()[i]);
      ++counts[g];
      positives[g] += y[i] == 1 ? 1.0 : 0.0;
    }
    const std::string base = "/data/groups/" + attr;
    results.add(base + "/levels", s.levels(), "Groups of the sensitive attribute.");
    results.add(base + "/count", counts, "Rows per group.", "rows");
    context.summary << "  " << attr << ":";
    for (std::size_t g = 0; g < groups; ++g)
      context.summary << " " << s.levels()[g] << "=" << counts[g];
    context.summary << "\n";
    if (binary) {
      std::vector<double> rate(groups);
      for (std::size_t g = 0; g < groups; ++g) rate[g] = positives[g] / double(counts[g]);
      results.add(base + "/base_rate", rate,
                  "Share of the group with the positive outcome (target level 1).", "fraction");
    }
  }
}

}  // namespace adm::pipelines
