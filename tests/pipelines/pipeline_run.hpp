#pragma once
// A pipeline run inside a test: a config goes in, the ResultSet and summary come out, no files.
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/result_set.hpp"
#include "data/load.hpp"
#include "parallel/task_farm.hpp"
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

  // A dataset by path; a table written in blocks (ResultBlocks: double or std::uint8_t) is read
  // whole, as the file would hold it.
  template <class T>
  const std::vector<T>& get(const std::string& path) const {
    if constexpr (std::is_same_v<T, std::uint8_t>) {  // only ever a block table
      return read_blocks<T>(path);
    } else {
      const auto* e = results.find(path);
      if constexpr (std::is_same_v<T, double>)
        if (e == nullptr) return read_blocks<T>(path);
      REQUIRE(e != nullptr);
      return std::get<std::vector<T>>(e->values);
    }
  }

 private:
  template <class T>
  const std::vector<T>& read_blocks(const std::string& path) const {
    const auto* b = results.find_blocks(path);
    REQUIRE(b != nullptr);
    auto it = blocks_read_.find(path);
    if (it == blocks_read_.end() || !std::holds_alternative<std::vector<T>>(it->second)) {
      std::vector<T> all(b->rows * b->columns);
      if (!all.empty()) b->fill(0, b->rows, all.data());
      it = blocks_read_.insert_or_assign(path, std::move(all)).first;
    }
    return std::get<std::vector<T>>(it->second);
  }
  mutable std::map<std::string, std::variant<std::vector<double>, std::vector<std::uint8_t>>>
      blocks_read_;
};

}  // namespace adm::test
