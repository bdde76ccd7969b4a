#include "pipelines/pipeline_columns.hpp"

namespace adm::pipelines {

std::vector<std::string> pipeline_columns(const ExperimentConfig& c) {
  std::vector<std::string> out;
  auto add = [&](const std::string& name) {
    if (!name.empty()) out.push_back(name);
  };
  auto add_all = [&](const std::vector<std::string>& names) {
    for (const auto& name : names) add(name);
  };
  add(c.fairness.prediction);
  add_all(c.alfa.predictions);
  add(c.alfa.cair_strata);
  add_all(c.alfa.admissible);
  for (const auto& model : c.models.model) {
    add_all(model.columns);
    add_all(model.add);
  }
  add(c.fairforest.protected_nominal);
  add(c.fairforest.protected_numeric);
  add_all(c.fairforest.sweep_features);
  add_all(c.patterns.order);
  return out;
}

}  // namespace adm::pipelines
