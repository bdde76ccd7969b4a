// admissible: the command line. Declares the subcommands (one file each in drivers/), parses the
// arguments and runs the one given; every error becomes one line on stderr with exit code 2 (bad
// input) or 1 (internal).
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

#include "admissible_version.hpp"
#include "compare_command.hpp"
#include "core/error.hpp"
#include "core/termination.hpp"
#include "exit_status.hpp"
#include "parallel/communicator.hpp"
#include "pid_command.hpp"
#include "report_command.hpp"
#include "reproduce_command.hpp"
#include "run_command.hpp"

namespace {

std::string joined_command_line(int argc, char** argv) {
  std::string out;
  for (int i = 0; i < argc; ++i) out += (i ? " " : "") + std::string(argv[i]);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace adm::driver;
  auto& comm = adm::dist::Communicator::world();      // the one place the world is fetched
  adm::install_termination_handlers(comm.is_root());  // SIGTERM (scancel): one line, exit 143
  // Removed on every return, before MPI_Finalize: see remove_termination_handlers.
  struct HandlersUntilReturn {
    ~HandlersUntilReturn() { adm::remove_termination_handlers(); }
  } handlers_until_return;
  CLI::App app{"admissible: fair, interpretable and accurate machine learning under MPI"};
  app.set_version_flag("--version",
                       std::string("admissible ") + adm::kVersion + " (" + adm::kGitRevision + ")");
  app.require_subcommand(1);
  RunArgs run_args;
  const RunCommands run = add_run_commands(app, run_args);
  CompareArgs compare_args;
  auto* compare = add_compare_command(app, compare_args);
  ReproduceArgs reproduce_args;
  auto* reproduce = add_reproduce_command(app, reproduce_args);
  adm::pipelines::PidCommand pid_args;
  auto* pid = add_pid_command(app, pid_args);
  ReportArgs report_args;
  auto* report = add_report_command(app, report_args);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (comm.is_root()) {
      if (e.get_exit_code() == 0) return app.exit(e);
      std::cerr << "admissible: error: " << e.what() << " (see --help)" << std::endl;
    }
    return e.get_exit_code() == 0 ? adm::kExitOk : adm::kExitBadInput;
  }

  try {
    const std::string command_line = joined_command_line(argc, argv);
    if (*run.run || *run.demo)
      return run_experiment_command(comm, run_args, run.demo->parsed(), command_line);
    if (*run.validate) return run_validate_command(comm, run_args);
    if (*run.config_keys) return run_config_keys_command(comm);
    if (*compare) return run_compare_command(comm, compare_args);
    if (*reproduce) return run_reproduce_command(comm, reproduce_args, command_line);
    if (*pid) return run_pid_cli(comm, pid_args);
    if (*report) {
      if (comm.is_root()) run_report_command(report_args);
      return adm::kExitOk;
    }
  } catch (const std::exception& e) {
    return error_exit(e, comm);
  }
  return adm::kExitOk;
}
