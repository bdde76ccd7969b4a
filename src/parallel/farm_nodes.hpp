#pragma once
// Private to src/parallel: who hands the task farm's tasks to whom. Flat, rank 0 hands every task
// to every rank. At many ranks over several nodes that makes rank 0's handout rate the limit (~10
// us of its CPU per message: the 1M-row audit's 2,000 replicates at 1,024 ranks ran 4 % efficient),
// so each node's lowest rank becomes a sub-coordinator ("leader"): it takes blocks of tasks from
// rank 0 and hands them to its node's ranks, and returns their results to rank 0 in batches, so
// rank 0 talks to ~P / 16 leaders instead of P workers. Which rank runs a task never changes its
// result (task i draws from its own stream), so the layout changes no result.
//
// Nodes are MPI_COMM_TYPE_SHARED groups (as for dist/node_block). ADM_FARM_NODE_RANKS overrides:
// n > 0 makes consecutive blocks of n world ranks the farm's nodes and turns leaders on whenever
// there are several (so tests run the hierarchical path on one machine); 0 keeps the farm flat.
// The frontier search's relays (node_layout) follow the same nodes; 0 or unset there: MPI's.
// Unset: leaders when there are several nodes and at least kMinLeaderRanks (512) ranks.
#include <cstddef>
#include <vector>

#include "parallel/communicator.hpp"

namespace adm::dist {

struct FarmNodes {
  // Below this many ranks rank 0 keeps up with every rank itself (~100k handouts/s against ~250/s
  // a rank asks at 4 ms chunks), and a leader's extra hop only adds latency: simulated, the 1M-row
  // audit at 256 ranks was 84 % efficient with leaders and 92 % without (NOTES, "Node
  // sub-coordinators").
  static constexpr int kMinLeaderRanks = 512;

  int boss = 0;              // where this rank's tasks come from and its results go
  std::vector<int> members;  // ranks this one hands tasks to and collects results from
  // Rank 0 only: the other nodes' leaders (also in `members`) and, per member, how many ranks it
  // stands for (1 for a plain worker, its node's size for a leader).
  std::vector<int> leaders;
  std::vector<std::size_t> capacity;  // indexed like `members`
  bool leader = false;                // a node leader other than rank 0

  bool hierarchical() const { return !leaders.empty(); }
};

// Called on every rank. ADM_FARM_NODE_RANKS that is not a whole number >= 0 on any rank is an
// InputError on every rank.
FarmNodes farm_nodes(Communicator& comm);

// Every rank's node leader (farm_leaders: MPI's nodes, or ADM_FARM_NODE_RANKS' blocks) and the
// variable's value (-1 unset), the same on every rank, from what the Communicator learned when the
// world was made (no collective, unless a rank's variable was malformed: then every rank throws,
// as farm_nodes()); the frontier search's relays run between these leaders too.
struct NodeLayout {
  std::vector<int> leaders;  // indexed by world rank
  long node_ranks = -1;

  // Each node's leader once, ascending (rank 0's node first): the farm's rank 0 serves them in
  // this order and the relays' tree numbers its nodes by it, so both derive it here.
  std::vector<int> distinct_leaders() const;
};
NodeLayout node_layout(Communicator& comm);

// The leader (lowest world rank) of every rank, given each rank's node leader as MPI sees it and
// ADM_FARM_NODE_RANKS' value (-1 unset): exposed for the unit test.
std::vector<int> farm_leaders(const std::vector<int>& mpi_leaders, long node_ranks);
// The layout rank `me` sees from every rank's leader and ADM_FARM_NODE_RANKS' value.
FarmNodes farm_layout(const NodeLayout& layout, int me);

}  // namespace adm::dist
