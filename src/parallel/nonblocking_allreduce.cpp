// parallel/nonblocking_allreduce.hpp on a real MPI: MPI_Iallreduce. Replaced by
// bench/smpi/tree_allreduce.cpp in the simulated build.
#include "parallel/nonblocking_allreduce.hpp"

#include <deque>

#include "core/error.hpp"

namespace adm::dist {

struct NonblockingAllreduce::State {
  MPI_Comm comm;
  MPI_Op op;
  std::deque<MPI_Request> requests;  // oldest first
};

NonblockingAllreduce::NonblockingAllreduce(MPI_Comm comm, MPI_Op op)
    : state_(new State{comm, op, {}}) {}

// An all-reduce is in flight only if an error unwound the search mid-round, which ends the job:
// waiting for it could hang, the other ranks having stopped.
NonblockingAllreduce::~NonblockingAllreduce() = default;

void NonblockingAllreduce::start(const std::uint64_t* in, std::uint64_t* out, int count) {
  auto& request = state_->requests.emplace_back(MPI_REQUEST_NULL);
  MPI_Iallreduce(in, out, count, MPI_UINT64_T, state_->op, state_->comm, &request);
}

bool NonblockingAllreduce::test_oldest() {
  if (state_->requests.empty()) throw InternalError("all-reduce: none in flight");
  int done = 0;
  MPI_Test(&state_->requests.front(), &done, MPI_STATUS_IGNORE);
  if (done) state_->requests.pop_front();
  return done != 0;
}

void NonblockingAllreduce::wait_oldest() {
  if (state_->requests.empty()) throw InternalError("all-reduce: none in flight");
  MPI_Wait(&state_->requests.front(), MPI_STATUS_IGNORE);
  state_->requests.pop_front();
}

}  // namespace adm::dist
