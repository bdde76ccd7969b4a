#pragma once
// `admissible reproduce [PAPER...]`: run what each paper's expectations need (skipping complete
// results), check the figures and print the verdict tables; `--slurm` submits the runs instead,
// `--check` only checks.
#include <CLI/CLI.hpp>
#include <string>

#include "parallel/communicator.hpp"
#include "reproduce/reproduce.hpp"

namespace adm::driver {

struct ReproduceArgs {
  pipelines::ReproduceRequest request;
  bool slurm = false, check_only = false, strict = false;
};

CLI::App* add_reproduce_command(CLI::App& app, ReproduceArgs& args);
// Exit 0 when every figure holds or differs with an explanation, kExitVerdictsDiffer when one
// differs without (with --strict: when any differs), 2 on bad input, 1 on an internal error.
int run_reproduce_command(dist::Communicator& comm, ReproduceArgs args,
                          const std::string& command_line);

}  // namespace adm::driver
