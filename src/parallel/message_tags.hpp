#pragma once
// Every point-to-point message tag of the MPI layer, declared in one place so no two protocols can
// pick the same number: a rank receiving with a tag range (Mailbox::wait) must never take another
// protocol's message. Collectives need no tags.
namespace adm::dist {

// Task farm (task_farm.cpp, farm_leader.cpp). A coordinator (rank 0 or a node leader) sends kTask
// or kStop; a worker answers each kTask with one kResult, and a failure goes straight to rank 0 as
// kFailure. A node leader answers each of rank 0's blocks with one kResult once it has handed all
// the block's tasks out (the results ready by then ride along), and sends kForward, results only,
// whenever its node runs out of work.
enum FarmTag : int { kTask = 101, kStop = 102, kResult = 103, kFailure = 104, kForward = 105 };

// Frontier search (frontier_search.cpp, frontier_sharing.cpp, frontier_routing.cpp).
enum SearchTag : int {
  kNodes = 301,       // routed or returned nodes behind the sender's threshold (8 bytes): take()
  kStealAsk = 302,    // "give me work", empty payload
  kStealReply = 303,  // give()'s text, possibly empty
  kLeaseAsk = 304,    // 8 bytes: the units of node budget the asker needs (to rank 0)
  kLeaseGrant = 305,  // 8 bytes: the units leased, 0 when the budget is spent
  kShare = 306,       // unasked work for a rank that asked when there was none: as kStealReply
  kRelay = 307,       // a method's relay to a neighbour in the tree (LocalSearch::relay)
};

// Communicator::gather_to_root (communicator.cpp): the only sends on the world communicator itself.
inline constexpr int kGatherBytesTag = 911;

}  // namespace adm::dist
