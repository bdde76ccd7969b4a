#pragma once
// The audit with data.layout = "split": each rank reads only its byte range of the CSV file
// (data/record_ranges.hpp), tallies its rows into counts (data/split_tally.hpp), and the counts,
// merged in rank order, give the audit's results, bitwise those of the row-based audit except the
// bootstrap draws (multinomial over the cells: same distribution). The collectives are a prefix
// sum and all-gathers (parallel/range_scan.hpp, Communicator::all_gather); every local step runs
// under Communicator::agree, so a bad row on one rank ends every rank with its message.
#include <memory>
#include <sstream>

#include "core/result_set.hpp"
#include "data/split_checks.hpp"
#include "data/split_tally.hpp"
#include "parallel/communicator.hpp"
#include "parallel/task_farm.hpp"
#include "pipelines/experiment_config.hpp"
#include "pipelines/stage.hpp"

namespace adm::pipelines {

// InputError naming the config key of anything split mode cannot serve (another pipeline, an
// embedded source, types, drop, derive kinds other than threshold, counts, weights,
// sensitive_bins, intersect, mdlp).
void check_split_supported(const ExperimentConfig& config);

// The file read in split mode: its typed columns, the audit's plan and the merged counts, and what
// the load cost (scheduling-dependent, for /timing and the log).
struct SplitAuditData {
  std::unique_ptr<data::SplitSchema> schema;
  std::unique_ptr<data::SplitPlan> plan;
  data::AuditTally tally;
  std::vector<data::KeptGroups> kept;
  int ranks = 1;
  std::uint64_t passes = 0;
  std::vector<std::uint64_t> rows_per_rank, bytes_per_rank;
  double seconds = 0;
};

// Collective: reads the file in byte ranges and merges the counts; every problem is an InputError
// on every rank. The runner calls it where the row layout loads the data (before the checkpoint
// journal exists, so a bad file leaves nothing behind).
SplitAuditData load_split_audit(const ExperimentConfig& config, dist::Communicator& comm);

// Collective: the audit's stages on the counts; appends their times to `timings`.
void run_split_audit(const SplitAuditData& loaded, const ExperimentConfig& config,
                     dist::TaskFarm& farm, ResultSet& results, std::ostringstream& summary,
                     Timings& timings);

}  // namespace adm::pipelines
