#pragma once
// The run's data, held once per node: the node's lowest rank loads it (parses the file, derives,
// filters) and writes the cells into memory the node's ranks share; every rank's Dataset views that
// memory, so eight ranks on a node hold one copy, not eight. Columns made later (take, binning,
// encoding) are owned by the rank that makes them. With one rank on a node, it loads as before.
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "data/load_report.hpp"
#include "data/spec.hpp"
#include "parallel/communicator.hpp"
#include "pipelines/stage.hpp"

namespace adm::pipelines {

struct RunData {
  data::Dataset data;
  bool shared = false;            // this rank's columns view its node's shared block
  bool parsed_here = false;       // this rank loaded the data source itself
  std::size_t ranks = 1;          // ranks of the job
  std::size_t parsing_ranks = 1;  // ranks of the job that loaded it
  std::size_t shared_bytes = 0;   // the node's shared block (0 when not shared)
  std::string why_not_shared;     // set when a node of several ranks could not share
  // Bytes each rank read by system calls while loading (Linux's rchar): an outside view of who
  // parsed the file, independent of the flags above.
  std::vector<std::uint64_t> bytes_read_per_rank;
};

// "shared per node" when fewer ranks loaded the data than the job has (some node's ranks shared one
// copy), else "every rank": how the data is held, for the run's log and /timing. Equal on all
// ranks.
std::string load_mode(const RunData& run);

// Collective: loads the data as io::load_dataset(spec, report) does, once per node, and sets the
// report's mode. An input error on any node leader is thrown on every rank (as
// Communicator::agree does).
RunData load_run_data(dist::Communicator& comm, const data::DataSpec& spec,
                      data::LoadReport* report = nullptr);

// One line for the run's log (rank 0's progress stream), when the job has several ranks.
void log_run_data(const RunData& run, std::ostream* log);
// /timing/data_sharing/: mode, ranks that read the source, shared bytes (they depend on how the
// ranks sit on nodes, so they stay out of the compared results).
void write_run_data(const RunData& run, ResultSet& results);

}  // namespace adm::pipelines
