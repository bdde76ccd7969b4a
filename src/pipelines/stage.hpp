#pragma once
// What every pipeline stage receives: the validated config, the loaded data, the task farm for
// parallel work, and the result set and summary it adds to. Stages run on every rank alike.
#include <sstream>
#include <string>

#include "core/result_set.hpp"
#include "data/dataset.hpp"
#include "dist/task_farm.hpp"
#include "pipelines/experiment_config.hpp"

namespace adm::pipelines {

struct StageContext {
  const ExperimentConfig& config;
  const data::Dataset& data;
  dist::TaskFarm& farm;
  ResultSet& results;
  std::ostringstream& summary;  // human-readable lines printed by rank 0 at the end
};

}  // namespace adm::pipelines
