#pragma once
// `admissible compare A.h5 B.h5`: are two results' datasets bitwise identical? /timing (clocks,
// scheduling-dependent counters) is ignored unless --include-timing.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "parallel/communicator.hpp"

namespace adm::driver {

// compare's exit status when the results differ (0 when identical, 2 on bad input).
inline constexpr int kExitResultsDiffer = 3;

struct CompareArgs {
  std::vector<std::string> files;
  std::vector<std::string> exclude;  // further path prefixes to ignore
  bool include_timing = false;
};

CLI::App* add_compare_command(CLI::App& app, CompareArgs& args);
int run_compare_command(dist::Communicator& comm, CompareArgs args);

}  // namespace adm::driver
