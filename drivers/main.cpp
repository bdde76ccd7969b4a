// admissible: the command line. Parses arguments, loads the config, calls one pipeline, and turns
// every error into one line on stderr with exit code 2 (bad input) or 1 (internal).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "admissible_version.hpp"
#include "core/error.hpp"
#include "core/termination.hpp"
#include "dist/communicator.hpp"
#include "io/result_file.hpp"
#include "reproduce/checker.hpp"
#include "pipelines/experiment_config.hpp"
#include "pid_command.hpp"
#include "pipelines/report_page.hpp"
#include "reproduce/reproduce.hpp"
#include "reproduce/reproduce_slurm.hpp"
#include "pipelines/runner.hpp"
#include "reproduce/verdict_text.hpp"
#include "report_command.hpp"

namespace {

using adm::pipelines::ExperimentConfig;

std::string joined_command_line(int argc, char** argv) {
  std::string out;
  for (int i = 0; i < argc; ++i) out += (i ? " " : "") + std::string(argv[i]);
  return out;
}

int run_config(adm::dist::Communicator& comm, const ExperimentConfig& config,
               const std::string& out, bool resume, const std::string& command_line) {
  adm::pipelines::RunRequest request{config,
                                     out,
                                     resume,
                                     command_line,
                                     comm.is_root() ? &std::cout : nullptr,
                                     comm.is_root() ? &std::cerr : nullptr};
  adm::pipelines::run_experiment(comm, request);
  return adm::kExitOk;
}

int report(const std::exception& e, adm::dist::Communicator& comm) {
  // This rank now ends with an error; a SIGTERM from here on is mpirun stopping the job for it.
  adm::remove_termination_handlers();
  const int code =
      dynamic_cast<const adm::InputError*>(&e) ? adm::kExitBadInput : adm::kExitInternal;
  const bool collective = dynamic_cast<const adm::CollectiveFailure*>(&e) != nullptr;
  if (comm.is_root() || !collective) {
    std::cerr << "admissible: error: ";
    if (!comm.is_root()) std::cerr << "[rank " << comm.rank() << "/" << comm.size() << "] ";
    std::cerr << e.what() << std::endl;
  }
  // An error only this rank saw: the others may be waiting on it, so end the whole job.
  if (!collective && comm.size() > 1) comm.abort(code);
  return code;
}

// `admissible reproduce`: exit 0 when every figure holds or differs with an explanation,
// kExitVerdictsDiffer when one differs without (with --strict: when any differs), 2 on bad
// input, 1 on an internal error.
int run_reproduce(adm::dist::Communicator& comm, adm::pipelines::ReproduceRequest& request,
                  bool slurm, bool check_only, bool strict) {
  if (request.configs_root.empty()) request.configs_root = adm::pipelines::default_configs_root();
  request.progress = comm.is_root() ? &std::cerr : nullptr;
  if (slurm) {
    std::string submitted;
    comm.agree([&] {
      if (comm.is_root()) submitted = adm::pipelines::submit_reproduction(request);
    });
    if (comm.is_root()) std::cout << submitted << std::flush;
    return adm::kExitOk;
  }
  std::vector<adm::pipelines::PaperReproduction> papers;
  comm.agree([&] {
    if (check_only) {
      if (comm.is_root())
        papers =
            adm::pipelines::check_reproductions(request, adm::pipelines::select_papers(request));
    } else {
      papers = adm::pipelines::reproduce(comm, request);
    }
  });
  std::size_t failures = 0;
  for (const auto& p : papers) {
    const auto& e = p.expectations;
    adm::pipelines::print_verdicts(
        std::cout, e.paper + ": " + e.title + (e.authors.empty() ? "" : " (" + e.authors + ")"),
        p.verdicts);
    std::cout << "\n";
    const auto counts = adm::count_verdicts(p.verdicts);
    failures += counts.unexplained + (strict ? counts.explained : 0);
  }
  // One page for the whole reproduction folder: the verdicts of every paper, then every result.
  if (comm.is_root() && !papers.empty())
    std::cout << "report: " << adm::pipelines::write_reproduction_page(request, papers) << "\n";
  if (comm.is_root()) std::cout << std::flush;
  return failures == 0 ? adm::kExitOk : adm::pipelines::kExitVerdictsDiffer;
}

}  // namespace

int main(int argc, char** argv) {
  auto& comm = adm::dist::Communicator::world();  // the one place the world is fetched
  adm::install_termination_handlers(comm.is_root());  // SIGTERM (scancel): one line, exit 143
  // Removed on every return, before MPI_Finalize: see remove_termination_handlers.
  struct HandlersUntilReturn {
    ~HandlersUntilReturn() { adm::remove_termination_handlers(); }
  } handlers_until_return;
  CLI::App app{"admissible: fair, interpretable and accurate machine learning under MPI"};
  app.set_version_flag("--version",
                       std::string("admissible ") + adm::kVersion + " (" + adm::kGitRevision + ")");
  app.require_subcommand(1);

  std::string config_path, out;
  bool resume = false;
  auto* run = app.add_subcommand("run", "Run the experiment described by a config file");
  run->add_option("CONFIG", config_path, "Experiment config (TOML)")->required();
  run->add_option("--out", out, "Result file (HDF5); overrides run.out");
  run->add_flag("--resume", resume, "Continue an interrupted run from its checkpoint");

  auto* validate = app.add_subcommand("validate", "Check a config and its data without running");
  validate->add_option("CONFIG", config_path, "Experiment config (TOML)")->required();

  auto* demo = app.add_subcommand(
      "demo", "Run the built-in demo (configs/demo.toml on the embedded synthetic dataset)");
  demo->add_option("--out", out, "Result file (HDF5); default results/demo.h5");
  demo->add_flag("--resume", resume, "Continue an interrupted run from its checkpoint");

  std::vector<std::string> compare_files;
  std::vector<std::string> exclude;
  bool include_timing = false;
  auto* compare = app.add_subcommand(
      "compare", "Compare the result datasets of two runs bit for bit (exit 0 if identical)");
  compare->add_option("A B", compare_files, "Two result files")->required()->expected(2);
  compare->add_option("--exclude", exclude, "Further path prefixes to ignore");
  compare->add_flag("--include-timing", include_timing,
                    "Also compare /timing (wall-clock times and scheduling-dependent counters, "
                    "ignored by default)");

  adm::pipelines::ReproduceRequest repro;
  bool slurm = false, check_only = false, strict = false;
  auto* reproduce = app.add_subcommand(
      "reproduce",
      "Run every config a paper's expectations (configs/<paper>/expect.toml) need, skipping "
      "complete results, and print its verdict table; exit 0 when every figure holds or differs "
      "with an explanation, 4 when one differs without");
  reproduce->add_option("PAPER", repro.papers, "Paper folders under configs/, or all (default)");
  reproduce->add_option("--out", repro.out_dir, "Results folder (default reproduce/)");
  reproduce->add_option("--configs", repro.configs_root,
                        "The configs folder (default ./configs, else the source tree's)");
  reproduce->add_flag("--resume", repro.resume, "Continue interrupted runs from their checkpoints");
  reproduce->add_flag("--slurm", slurm,
                      "Submit one Slurm job array (a task per config to run) and a dependent "
                      "job that checks the results (slurm/reproduce.sbatch)");
  reproduce->add_flag("--check", check_only, "Only check existing results; run nothing");
  reproduce->add_flag("--strict", strict,
                      "Exit 4 also when a figure differs with an explanation (by default only an "
                      "unexplained difference fails)");
  reproduce->add_flag("--full", repro.full,
                      "Also the figures marked full in expect.toml (long runs: the papers' "
                      "settings)");

  auto* keys =
      app.add_subcommand("config-keys", "Print every config key with type, default and meaning");

  adm::pipelines::PidCommand pid_args;
  auto* pid = app.add_subcommand(
      "pid", "BROJA partial information decomposition of three discrete CSV columns (bits)");
  pid->add_option("--csv", pid_args.csv, "Input CSV file (with a header)")->required();
  pid->add_option("--target", pid_args.target, "Column T")->required();
  pid->add_option("--r1", pid_args.r1, "Column R1")->required();
  pid->add_option("--r2", pid_args.r2, "Column R2")->required();
  pid->add_option("--count", pid_args.count, "Column of row weights (counts)");
  pid->add_option("--tolerance", pid_args.tolerance, "Certified accuracy in bits (default 1e-9)");

  adm::driver::ReportArgs report_args;
  auto* report_cmd = adm::driver::add_report_command(app, report_args);

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
    // Every rank reads the config; agree() turns an error into one message from rank 0.
    ExperimentConfig config;
    if (*run) comm.agree([&] { config = adm::pipelines::load_config(config_path); });
    if (*demo)
      comm.agree([&] {
        config = adm::pipelines::parse_config(adm::pipelines::demo_config_text(),
                                              "<embedded configs/demo.toml>");
      });
    if (*run || *demo) return run_config(comm, config, out, resume, command_line);
    if (*validate) {
      std::string what;
      comm.agree([&] {
        what = adm::pipelines::validate_experiment(adm::pipelines::load_config(config_path));
      });
      if (comm.is_root()) std::cout << config_path << ": ok (" << what << ")" << std::endl;
      return adm::kExitOk;
    }
    if (*compare) {
      // /timing differs between any two runs (clocks, which rank did what): never a finding.
      if (!include_timing) exclude.push_back("/timing");
      const auto diffs = adm::io::compare_results(compare_files[0], compare_files[1], exclude);
      if (comm.is_root()) {
        for (const auto& d : diffs) std::cout << d << "\n";
        std::cout << (diffs.empty() ? "identical" : "results differ") << std::endl;
      }
      return diffs.empty() ? adm::kExitOk : 3;
    }
    if (*reproduce) {
      repro.command_line = command_line;
      return run_reproduce(comm, repro, slurm, check_only, strict);
    }
    if (*pid) {
      std::ostringstream text;
      bool certified = false;
      comm.agree([&] { certified = adm::pipelines::run_pid_command(pid_args, text); });
      if (comm.is_root()) std::cout << text.str() << std::flush;
      if (!certified && comm.is_root())
        std::cerr << "admissible: error: pid: the gap did not reach --tolerance" << std::endl;
      return certified ? adm::kExitOk : adm::kExitInternal;
    }
    if (*report_cmd) {
      if (comm.is_root()) adm::driver::run_report_command(report_args);
      return adm::kExitOk;
    }
    if (*keys) {
      if (comm.is_root())
        for (const auto& line : adm::pipelines::config_reference()) std::cout << line << "\n";
      return adm::kExitOk;
    }
  } catch (const std::exception& e) {
    return report(e, comm);
  }
  return adm::kExitOk;
}
