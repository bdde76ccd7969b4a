#pragma once
// A pipeline run inside a test: a config goes in, the ResultSet and summary come out, no files.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "core/result_set.hpp"
#include "data/load.hpp"
#include "dist/task_farm.hpp"
#include "pipelines/stage.hpp"

namespace adm::test {

struct PipelineRun {
  pipelines::ExperimentConfig config;
  data::Dataset data;
  ResultSet results;
  std::ostringstream summary;

  // Loads config.data, calls check(config, data), then run(context, timings) on a task farm
  // seeded from the config, as the runner does.
  template <class Check, class Run>
  void execute(Check&& check, Run&& run) {
    data = data::load_dataset(config.data);
    check(config, data);
    dist::TaskFarm farm(dist::Communicator::world(), dist::FarmOptions{config.run.seed});
    pipelines::StageContext context{config, data, farm, results, summary};
    pipelines::Timings timings;
    run(context, timings);
  }

  template <class T>
  const std::vector<T>& get(const std::string& path) const {
    const auto* e = results.find(path);
    REQUIRE(e != nullptr);
    return std::get<std::vector<T>>(e->values);
  }
};

}  // namespace adm::test
