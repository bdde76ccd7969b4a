#include "parallel/range_scan.hpp"

#include <mpi.h>

#include <algorithm>

#include "core/error.hpp"
#include "parallel/mpi_impl.hpp"

namespace adm::dist {

std::vector<std::uint64_t> exclusive_prefix_sum(Communicator& comm,
                                                const std::vector<std::uint64_t>& mine) {
  std::vector<std::uint64_t> out(mine.size(), 0);
  if (comm.size() == 1 || mine.empty()) return out;
  const MPI_Comm world = comm.impl()->world;
  MPI_Exscan(mine.data(), out.data(), static_cast<int>(mine.size()), MPI_UINT64_T, MPI_SUM, world);
  // MPI leaves rank 0's receive buffer undefined: zeros are its exclusive prefix.
  if (comm.is_root()) std::fill(out.begin(), out.end(), 0);
  return out;
}

std::vector<std::uint64_t> all_gather_values(Communicator& comm, std::uint64_t mine) {
  std::vector<std::uint64_t> out(static_cast<std::size_t>(comm.size()), mine);
  if (comm.size() == 1) return out;
  const MPI_Comm world = comm.impl()->world;
  MPI_Allgather(&mine, 1, MPI_UINT64_T, out.data(), 1, MPI_UINT64_T, world);
  return out;
}

std::vector<std::uint64_t> all_reduce_sum(Communicator& comm,
                                          const std::vector<std::uint64_t>& mine) {
  std::vector<std::uint64_t> out = mine;
  if (comm.size() == 1 || mine.empty()) return out;
  const MPI_Comm world = comm.impl()->world;
  MPI_Allreduce(mine.data(), out.data(), static_cast<int>(mine.size()), MPI_UINT64_T, MPI_SUM,
                world);
  return out;
}

}  // namespace adm::dist
