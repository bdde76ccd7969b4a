#include "run_command.hpp"

#include <iostream>

#include "core/error.hpp"
#include "pipelines/experiment_config.hpp"
#include "pipelines/runner.hpp"

namespace adm::driver {

RunCommands add_run_commands(CLI::App& app, RunArgs& args) {
  RunCommands c{};
  c.run = app.add_subcommand("run", "Run the experiment described by a config file");
  c.run->add_option("CONFIG", args.config, "Experiment config (TOML)")->required();
  c.run->add_option("--out", args.out, "Result file (HDF5); overrides run.out");
  c.run->add_flag("--resume", args.resume, "Continue an interrupted run from its checkpoint");

  c.validate = app.add_subcommand("validate", "Check a config and its data without running");
  c.validate->add_option("CONFIG", args.config, "Experiment config (TOML)")->required();

  c.demo = app.add_subcommand(
      "demo", "Run the built-in demo (configs/demo.toml on the embedded synthetic dataset)");
  c.demo->add_option("--out", args.out, "Result file (HDF5); default results/demo.h5");
  c.demo->add_flag("--resume", args.resume, "Continue an interrupted run from its checkpoint");

  c.config_keys =
      app.add_subcommand("config-keys", "Print every config key with type, default and meaning");
  return c;
}

int run_experiment_command(dist::Communicator& comm, const RunArgs& args, bool demo,
                           const std::string& command_line) {
  // Every rank reads the config; agree() turns an error into one message from rank 0.
  pipelines::ExperimentConfig config;
  comm.agree([&] {
    config = demo ? pipelines::parse_config(pipelines::demo_config_text(),
                                            "<embedded configs/demo.toml>")
                  : pipelines::load_config(args.config);
  });
  pipelines::RunRequest request{config,
                                args.out,
                                args.resume,
                                command_line,
                                comm.is_root() ? &std::cout : nullptr,
                                comm.is_root() ? &std::cerr : nullptr};
  pipelines::run_experiment(comm, request);
  return kExitOk;
}

int run_validate_command(dist::Communicator& comm, const RunArgs& args) {
  std::string what;
  comm.agree([&] { what = pipelines::validate_experiment(pipelines::load_config(args.config)); });
  if (comm.is_root()) std::cout << args.config << ": ok (" << what << ")" << std::endl;
  return kExitOk;
}

int run_config_keys_command(dist::Communicator& comm) {
  if (comm.is_root())
    for (const auto& line : pipelines::config_reference()) std::cout << line << "\n";
  return kExitOk;
}

}  // namespace adm::driver
