#pragma once
// `admissible pid`: the BROJA partial information decomposition of three discrete columns of a
// CSV file (optionally weighted by a count column), printed in bits with its certificate gap.
#include <CLI/CLI.hpp>
#include <ostream>
#include <string>

#include "parallel/communicator.hpp"

namespace adm::pipelines {

struct PidCommand {
  std::string csv;
  std::string target, r1, r2;
  std::string count;  // optional column of row weights
  double tolerance = 1e-9;
};

// Bad input (file, columns, missing cells, negative counts) throws adm::InputError naming the
// file, line and column. Returns whether the gap reached the tolerance (the values are printed
// either way).
bool run_pid_command(const PidCommand& command, std::ostream& out);

}  // namespace adm::pipelines

namespace adm::driver {

CLI::App* add_pid_command(CLI::App& app, pipelines::PidCommand& args);
// Every rank computes, rank 0 prints; exit 1 when the gap did not reach the tolerance.
int run_pid_cli(dist::Communicator& comm, const pipelines::PidCommand& args);

}  // namespace adm::driver
