#pragma once
// What every pipeline stage receives: the validated config, the loaded data, the task farm for
// parallel work, and the result set and summary it adds to. Stages run on every rank alike.
#include <chrono>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/result_set.hpp"
#include "data/dataset.hpp"
#include "parallel/task_farm.hpp"
#include "pipelines/experiment_config.hpp"

namespace adm::pipelines {

struct StageContext {
  const ExperimentConfig& config;
  const data::Dataset& data;
  dist::TaskFarm& farm;
  ResultSet& results;
  std::ostringstream& summary;  // human-readable lines printed by rank 0 at the end

  // The run's process group (the farm's): what a distributed search runs on. Passed in, never
  // fetched from a global, so a stage runs on whatever group its caller chose.
  dist::Communicator& comm() const { return farm.communicator(); }
};

// The data with numeric features binned as [discretize] says (a copy; unchanged for "none").
data::Dataset binned(const ExperimentConfig& config, const data::Dataset& data);

// "a, b, c": names for summary lines.
std::string join_names(const std::vector<std::string>& names);

// (stage, wall seconds on this rank), written to /timing in the result file.
using Timings = std::vector<std::pair<std::string, double>>;

// Runs `body` and appends its wall time to `timings` under `stage`.
template <class Body>
void timed(Timings& timings, const char* stage, Body&& body) {
  const auto t0 = std::chrono::steady_clock::now();
  body();
  timings.emplace_back(
      stage, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
}

}  // namespace adm::pipelines
