#pragma once
// The collectives of the byte-range reader (data/record_ranges.hpp, pipelines/split_audit): an
// exclusive prefix sum of per-rank counters (quote parity and physical line at each range start),
// an all-gather of one number per rank (where each rank's records start), and a fixed-order
// merge of per-rank tallies.
#include <cstdint>
#include <string>
#include <vector>

#include "parallel/communicator.hpp"

namespace adm::dist {

// Element-wise sum of the values of ranks 0..r-1 on rank r (zeros on rank 0); every rank passes
// the same number of values. One MPI_Exscan: cost log P.
std::vector<std::uint64_t> exclusive_prefix_sum(Communicator& comm,
                                                const std::vector<std::uint64_t>& mine);

// Every rank's value, in rank order, on every rank.
std::vector<std::uint64_t> all_gather_values(Communicator& comm, std::uint64_t mine);

// Element-wise sum over all ranks, on every rank (exact: integers).
std::vector<std::uint64_t> all_reduce_sum(Communicator& comm,
                                          const std::vector<std::uint64_t>& mine);

}  // namespace adm::dist
