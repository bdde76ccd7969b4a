#pragma once
// Private to src/parallel: the transport of the search's rounds (parallel/search_rounds.hpp),
// non-blocking all-reduces of 64-bit words under a user operation, completing in the order they
// were started. Chosen at link time, like parallel/clock.hpp, so the protocol code has no #ifdef:
// nonblocking_allreduce.cpp is MPI_Iallreduce (the MPI library's own algorithm, e.g. Open MPI's
// libnbc: a binomial reduce and broadcast for vectors this small). A simulated cluster
// (bench/smpi) links tree_allreduce.cpp instead, because SimGrid 3.32's SMPI implements
// MPI_Iallreduce as an all-to-all exchange (every rank sends its vector to every other, P - 1
// messages a rank, P (P - 1) a round) that no real MPI uses; its file says what it models.
#include <mpi.h>

#include <cstdint>
#include <memory>

namespace adm::dist {

class NonblockingAllreduce {
 public:
  // Collective: every rank of `comm` makes one before any start(). `op` is commutative and
  // outlives this object.
  NonblockingAllreduce(MPI_Comm comm, MPI_Op op);
  ~NonblockingAllreduce();
  NonblockingAllreduce(const NonblockingAllreduce&) = delete;
  NonblockingAllreduce& operator=(const NonblockingAllreduce&) = delete;

  // Joins the next all-reduce of `count` words: every rank's `in`, reduced by `op`, arrive in
  // `out` on every rank. Both buffers stay put until it has completed here.
  void start(const std::uint64_t* in, std::uint64_t* out, int count);
  // Whether the oldest started all-reduce has completed here (then it is forgotten).
  bool test_oldest();
  // Waits for the oldest started all-reduce to complete here.
  void wait_oldest();

 private:
  struct State;  // each implementation's own
  std::unique_ptr<State> state_;
};

}  // namespace adm::dist
