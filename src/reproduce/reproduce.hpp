#pragma once
// `admissible reproduce`: for each paper (a configs/<paper>/ folder with an expect.toml), run in
// the current MPI world every config its expectations read whose result is not complete yet, then
// check the results against the expectations. Results go to <out>/<paper>/<config stem>.h5; a
// result is complete when it exists and records the same resolved config, version and revision
// (anything else is rerun; with `resume`, an interrupted run continues from its checkpoint).
#include <ostream>
#include <string>
#include <vector>

#include "core/verdict.hpp"
#include "parallel/communicator.hpp"
#include "reproduce/expectations.hpp"

namespace adm::pipelines {

struct ReproduceRequest {
  std::vector<std::string> papers;  // folder names under configs_root; empty or {"all"}: every one
  std::string configs_root;         // the configs/ folder
  std::string out_dir = "reproduce";
  bool resume = false;
  bool full = false;  // also the expectations marked full (long runs)
  std::string command_line;
  std::ostream* progress = nullptr;  // rank 0's progress lines (stderr)
};

struct PaperReproduction {
  PaperExpectations expectations;
  VerdictTable verdicts;
  std::vector<std::string> result_files;  // one per config, whether or not it exists
};

// The configs/ folder: ./configs when it holds expectations, else the source tree's.
std::string default_configs_root();

// The papers a request names (InputError for a folder without expect.toml), sorted for "all";
// without `full`, their expectations marked full are left out.
std::vector<PaperExpectations> select_papers(const ReproduceRequest& request);

// Where a paper's results go.
std::string paper_out_dir(const ReproduceRequest& request, const std::string& paper);

// Configs (paths) of `paper` whose result is not complete (see above), in expectation order; a
// run set's configs are written under the paper's results folder first (pipelines/run_sets.hpp).
std::vector<std::string> incomplete_configs(const ReproduceRequest& request,
                                            const PaperExpectations& paper);

// Runs the incomplete configs of every paper (collective: every rank calls it), then checks.
// The verdicts are meaningful on rank 0 (which reads the results); other ranks get empty tables.
std::vector<PaperReproduction> reproduce(dist::Communicator& comm, const ReproduceRequest& request);

// Checks existing results only (no runs): what `reproduce --check` and the Slurm report job do.
std::vector<PaperReproduction> check_reproductions(const ReproduceRequest& request,
                                                   const std::vector<PaperExpectations>& papers);

// The page of a reproduction folder, <out>/report.html (returned): the verdicts of `done` and of
// every other paper that has results in the folder (checked again from its files, so running
// papers one at a time into one folder keeps the earlier ones), each paper cited, then every
// result of those papers.
std::string write_reproduction_page(const ReproduceRequest& request,
                                    const std::vector<PaperReproduction>& done);

}  // namespace adm::pipelines

namespace adm::pipelines {

// Exit code of `admissible reproduce` when a figure differs without an explanation.
inline constexpr int kExitVerdictsDiffer = 4;

}  // namespace adm::pipelines
