#include "reproduce_command.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "core/error.hpp"
#include "pipelines/report_page.hpp"
#include "reproduce/checker.hpp"
#include "reproduce/reproduce_slurm.hpp"
#include "reproduce/verdict_text.hpp"

namespace adm::driver {

CLI::App* add_reproduce_command(CLI::App& app, ReproduceArgs& args) {
  auto* reproduce = app.add_subcommand(
      "reproduce",
      "Run every config a paper's expectations (configs/<paper>/expect.toml) need, skipping "
      "complete results, and print its verdict table; exit 0 when every figure holds or differs "
      "with an explanation, 4 when one differs without");
  auto& r = args.request;
  reproduce->add_option("PAPER", r.papers, "Paper folders under configs/, or all (default)");
  reproduce->add_option("--out", r.out_dir, "Results folder (default reproduce/)");
  reproduce->add_option("--configs", r.configs_root,
                        "The configs folder (default ./configs, else the source tree's)");
  reproduce->add_flag("--resume", r.resume, "Continue interrupted runs from their checkpoints");
  reproduce->add_flag("--slurm", args.slurm,
                      "Submit one Slurm job array (a task per config to run) and a dependent "
                      "job that checks the results (slurm/reproduce.sbatch)");
  reproduce->add_flag("--check", args.check_only, "Only check existing results; run nothing");
  reproduce->add_flag("--strict", args.strict,
                      "Exit 4 also when a figure differs with an explanation (by default only an "
                      "unexplained difference fails)");
  reproduce->add_flag("--full", r.full,
                      "Also the figures marked full in expect.toml (long runs: the papers' "
                      "settings)");
  return reproduce;
}

int run_reproduce_command(dist::Communicator& comm, ReproduceArgs args,
                          const std::string& command_line) {
  auto& request = args.request;
  request.command_line = command_line;
  if (request.configs_root.empty()) request.configs_root = pipelines::default_configs_root();
  request.progress = comm.is_root() ? &std::cerr : nullptr;
  if (args.slurm) {
    std::string submitted;
    comm.agree([&] {
      if (comm.is_root()) submitted = pipelines::submit_reproduction(request);
    });
    if (comm.is_root()) std::cout << submitted << std::flush;
    return kExitOk;
  }
  std::vector<pipelines::PaperReproduction> papers;
  comm.agree([&] {
    if (args.check_only) {
      if (comm.is_root())
        papers = pipelines::check_reproductions(request, pipelines::select_papers(request));
    } else {
      papers = pipelines::reproduce(comm, request);
    }
  });
  std::size_t failures = 0;
  for (const auto& p : papers) {
    const auto& e = p.expectations;
    pipelines::print_verdicts(
        std::cout, e.paper + ": " + e.title + (e.authors.empty() ? "" : " (" + e.authors + ")"),
        p.verdicts);
    std::cout << "\n";
    const auto counts = count_verdicts(p.verdicts);
    failures += counts.unexplained + (args.strict ? counts.explained : 0);
  }
  // One page for the whole reproduction folder: the verdicts of every paper, then every result.
  if (comm.is_root() && !papers.empty())
    std::cout << "report: " << pipelines::write_reproduction_page(request, papers) << "\n";
  if (comm.is_root()) std::cout << std::flush;
  return failures == 0 ? kExitOk : pipelines::kExitVerdictsDiffer;
}

}  // namespace adm::driver
