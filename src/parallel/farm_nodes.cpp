#include "parallel/farm_nodes.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "parallel/mpi_impl.hpp"
#include "parallel/traffic.hpp"

namespace adm::dist {
namespace {

constexpr const char* kVariable = "ADM_FARM_NODE_RANKS";

// The variable's value, -1 when unset.
long node_ranks_setting() {
  const char* text = std::getenv(kVariable);
  if (!text) return -1;
  errno = 0;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (*text == '\0' || *end != '\0' || errno != 0 || value < 0)
    throw InputError(std::string(kVariable) + ": expected a whole number >= 0 (ranks per node of " +
                     "the task farm, 0 = no node leaders), got '" + text + "'");
  return value;
}

}  // namespace

std::vector<int> farm_leaders(const std::vector<int>& mpi_leaders, long node_ranks) {
  if (node_ranks <= 0) return mpi_leaders;
  std::vector<int> out(mpi_leaders.size());
  for (std::size_t r = 0; r < out.size(); ++r)
    out[r] = static_cast<int>(static_cast<long>(r) / node_ranks * node_ranks);
  return out;
}

std::vector<int> NodeLayout::distinct_leaders() const {
  std::vector<int> distinct = leaders;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  return distinct;
}

FarmNodes farm_layout(const NodeLayout& layout, int me) {
  const std::vector<int>& leaders = layout.leaders;
  const long node_ranks = layout.node_ranks;
  const int size = static_cast<int>(leaders.size());
  const std::vector<int> distinct = layout.distinct_leaders();
  const bool on = node_ranks != 0 && distinct.size() > 1 &&
                  (node_ranks > 0 || size >= FarmNodes::kMinLeaderRanks);
  FarmNodes out;
  if (!on) {  // flat: rank 0 serves everyone
    if (me == 0)
      for (int r = 1; r < size; ++r) {
        out.members.push_back(r);
        out.capacity.push_back(1);
      }
    return out;
  }
  const int mine = leaders[static_cast<std::size_t>(me)];
  out.boss = mine == me ? 0 : mine;
  out.leader = me != 0 && mine == me;
  if (mine != me) return out;  // a plain worker
  for (int r = 0; r < size; ++r)
    if (r != me && leaders[static_cast<std::size_t>(r)] == me) {
      out.members.push_back(r);
      out.capacity.push_back(1);
    }
  if (me == 0)
    for (const int l : distinct) {
      if (l == 0) continue;
      out.leaders.push_back(l);
      out.members.push_back(l);
      out.capacity.push_back(
          static_cast<std::size_t>(std::count(leaders.begin(), leaders.end(), l)));
    }
  return out;
}

WorldLayout learn_world_layout(MPI_Comm world, MPI_Comm node, int rank, int size) {
  WorldLayout out;
  if (size == 1) return out;
  // This rank's node leader, found locally, and its setting (-2: malformed) go to rank 0, and the
  // list back to every rank (a gather and a broadcast: SMPI's allgather hung at 128 simulated
  // ranks). Rank 0's setting is everyone's, so the ranks cannot disagree on the layout.
  long setting = -2;
  try {
    setting = node_ranks_setting();
  } catch (const InputError&) {
    // Reported by node_layout(), at the first stage that reads the layout.
  }
  MPI_Group node_group = MPI_GROUP_NULL, world_group = MPI_GROUP_NULL;
  MPI_Comm_group(node, &node_group);
  MPI_Comm_group(world, &world_group);
  const int node_root = 0;
  int mpi_leader = 0;
  MPI_Group_translate_ranks(node_group, 1, &node_root, world_group, &mpi_leader);
  MPI_Group_free(&node_group);
  MPI_Group_free(&world_group);
  const long mine[2] = {mpi_leader, setting};
  const auto ranks = static_cast<std::size_t>(size);
  std::vector<long> all(2 * ranks);
  MPI_Gather(mine, 2, MPI_LONG, all.data(), 2, MPI_LONG, 0, world);
  MPI_Bcast(all.data(), static_cast<int>(all.size()), MPI_LONG, 0, world);
  // Counted as parallel/traffic.hpp counts a gather and a (binomial) broadcast.
  const std::uint64_t list_bytes = sizeof(long) * all.size();
  if (rank == 0) {
    count_received(sizeof mine * (ranks - 1), ranks - 1);
  } else {
    count_sent(sizeof mine);
    count_received(list_bytes);
  }
  const std::uint64_t children = broadcast_children(rank, 0, size);
  if (children > 0) count_sent(list_bytes * children, children);
  out.node_ranks = all[1];
  out.mpi_leaders.resize(ranks);
  for (std::size_t r = 0; r < ranks; ++r) {
    out.mpi_leaders[r] = static_cast<int>(all[2 * r]);
    if (all[2 * r + 1] == -2 && out.bad_rank < 0) out.bad_rank = static_cast<int>(r);
  }
  return out;
}

NodeLayout node_layout(Communicator& comm) {
  if (comm.size() == 1) return {{0}, -1};
  const WorldLayout& world = comm.impl()->layout;
  // Every rank knows whether one had a malformed setting, so all take part in the agreement that
  // throws its error everywhere (the common case needs no collective at all).
  if (world.bad_rank >= 0) {
    comm.agree([&] { node_ranks_setting(); });
    throw InternalError("ADM_FARM_NODE_RANKS: rank " + std::to_string(world.bad_rank) +
                        " read it as malformed at start-up, but not now");
  }
  return {farm_leaders(world.mpi_leaders, world.node_ranks), world.node_ranks};
}

FarmNodes farm_nodes(Communicator& comm) {
  if (comm.size() == 1) return {};
  const NodeLayout layout = node_layout(comm);
  return farm_layout(layout, comm.rank());
}

}  // namespace adm::dist
