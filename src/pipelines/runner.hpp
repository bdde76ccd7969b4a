#pragma once
// Runs one experiment end to end on the current process group: load data (once per node, its ranks
// sharing it: node_data.hpp), run the pipeline's stages through the task farm (checkpointing each
// task), and let rank 0 write the HDF5 result with full provenance.
#include <ostream>
#include <string>

#include "parallel/communicator.hpp"
#include "pipelines/experiment_config.hpp"

namespace adm::pipelines {

struct RunRequest {
  ExperimentConfig config;
  std::string out_override;  // --out
  bool resume = false;       // --resume: reuse the checkpoint of an interrupted run
  std::string command_line;
  std::ostream* summary = nullptr;   // rank 0's readable summary (stdout)
  std::ostream* progress = nullptr;  // rank 0's progress lines (stderr)
};

struct RunOutcome {
  std::string out_path;
  std::size_t resumed_tasks = 0;
};

// Collective over `comm` (the caller's process group: the world, or one rank in a test).
RunOutcome run_experiment(dist::Communicator& comm, const RunRequest& request);

// Loads and checks the data exactly as a run would, without computing anything.
std::string validate_experiment(const ExperimentConfig& config);

}  // namespace adm::pipelines
