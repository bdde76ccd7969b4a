#pragma once
// `admissible run CONFIG`, `demo`, `validate CONFIG` and `config-keys`: the commands about one
// experiment's config.
#include <CLI/CLI.hpp>
#include <string>

#include "parallel/communicator.hpp"

namespace adm::driver {

struct RunArgs {
  std::string config;  // run, validate
  std::string out;     // --out: overrides run.out
  bool resume = false;
};

struct RunCommands {
  CLI::App* run;
  CLI::App* validate;
  CLI::App* demo;
  CLI::App* config_keys;
};

RunCommands add_run_commands(CLI::App& app, RunArgs& args);
// Runs the config (or with `demo`, the embedded demo); every rank reads it, rank 0 reports.
int run_experiment_command(dist::Communicator& comm, const RunArgs& args, bool demo,
                           const std::string& command_line);
int run_validate_command(dist::Communicator& comm, const RunArgs& args);
int run_config_keys_command(dist::Communicator& comm);

}  // namespace adm::driver
