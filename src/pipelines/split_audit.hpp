#pragma once
// The audit with data.layout = "split": each rank reads only its byte range of the CSV file
// (data/record_ranges.hpp), tallies its rows into counts (data/split_tally.hpp), and the counts,
// merged in rank order, give the audit's results, bitwise those of the row-based audit except the
// bootstrap draws (multinomial over the cells: same distribution). The collectives are a prefix
// sum and all-gathers (dist/range_scan.hpp, Communicator::all_gather); every local step runs under
// Communicator::agree, so a bad row on one rank ends every rank with its message.
#include <sstream>

#include "core/result_set.hpp"
#include "dist/communicator.hpp"
#include "dist/task_farm.hpp"
#include "pipelines/experiment_config.hpp"
#include "pipelines/stage.hpp"

namespace adm::pipelines {

// InputError naming the config key of anything split mode cannot serve (another pipeline, an
// embedded source, types, drop, derive kinds other than threshold, counts, weights,
// sensitive_bins, intersect, mdlp).
void check_split_supported(const ExperimentConfig& config);

// Collective: the whole audit in split mode; appends its stage times to `timings`.
void run_split_audit(const ExperimentConfig& config, dist::Communicator& comm, dist::TaskFarm& farm,
                     ResultSet& results, std::ostringstream& summary, Timings& timings);

}  // namespace adm::pipelines
