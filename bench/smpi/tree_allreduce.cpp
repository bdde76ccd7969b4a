// parallel/nonblocking_allreduce.hpp in the SimGrid SMPI simulation, linked instead of
// src/parallel/nonblocking_allreduce.cpp. SMPI 3.32's MPI_Iallreduce is an all-to-all exchange
// (smpi_nbc_impl.cpp: every rank Isends its vector to every other and Irecvs theirs), and its
// MPI_Test tests all 2 (P - 1) sub-requests, each charged smpi/test: at 16 ranks a rank's test of
// a round cost ~55 us of simulated time (18 % of a CORELS search's time went to testing rounds),
// and at 64 ranks each round is 4,032 messages to simulate. No real MPI reduces a vector of a few
// words that way: Open MPI's libnbc (coll/libnbc, nbc_iallreduce.c) uses a binomial reduce to
// rank 0 and a binomial broadcast back for vectors under 64 KiB, progressed only when the rank
// calls into MPI (MPI_Test), as here. This file does the same with point-to-point messages:
//   - rank r's parent is r - lowbit(r); its children are r + m for the powers of two m below
//     lowbit(r) (all below P for rank 0), with r + m < P; 2 (P - 1) messages a round, at most
//     log2 P children a rank, depth log2 P each way;
//   - start() copies `in` and, at a leaf, sends to the parent; test_oldest() advances the oldest
//     all-reduce as far as its messages allow: receive and reduce the children's vectors (in child
//     order, MPI_Reduce_local), send up and receive the totals (rank 0 has them), send them down;
//     it has completed when the sends down have completed (as libnbc's schedule ends with its
//     last round's requests);
//   - it takes one step per test, so a test that finds nothing new costs one smpi/test or
//     smpi/iprobe (~1 us, a real MPI_Test's cost), not one per sub-request;
//   - receives are an MPI_Iprobe of the one rank a step waits for, then MPI_Recv, not MPI_Irecv
//     completed by MPI_Test: SimGrid 3.32 never takes a receive that MPI_Test completed off its
//     actor's list of activities (ActivityImpl::test finishes it without the simcall whose
//     finish() removes it), and every computation burst's end (ExecImpl::post) removes itself
//     from that std::list by a linear scan. So each round left entries behind and the simulator's
//     own time grew with rounds x bursts: 57 % of a 16-rank CORELS lambda 0.005 simulation's CPU
//     was that scan (perf, stop 39). A blocking MPI_Recv ends in a wait, which removes its entry.
//     The sends are a few words, under smpi/send-is-detached-thresh, so SMPI detaches them and
//     they never enter the list;
//   - its own duplicate communicator, so the search's mailbox (which probes any tag) never sees
//     its messages; all-reduces complete in order, and MPI keeps messages between two ranks in
//     order, so the k-th receive from a rank matches its k-th all-reduce.
#include <mpi.h>

#include <cstring>
#include <deque>
#include <vector>

#include "core/error.hpp"
#include "parallel/nonblocking_allreduce.hpp"

namespace adm::dist {
namespace {

constexpr int kTag = 1;  // the only tag on the private communicator

struct Flight {
  const std::uint64_t* in;
  std::uint64_t* out;
  int count;
  std::vector<std::vector<std::uint64_t>> from_children;  // one buffer per child
  std::vector<MPI_Request> sends;                         // the current phase's, tested in order
  std::size_t next = 0;                                   // sends[0, next) have completed
  std::size_t received = 0;  // phase 0: children received; phase 1: 1 once the totals are in
  int phase = 0;             // 0: children in, 1: send up and totals from the parent, 2: sends down
};

}  // namespace

struct NonblockingAllreduce::State {
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Op op;
  int parent = -1;            // -1 at rank 0
  std::vector<int> children;  // ascending
  std::deque<Flight> flights;
  // The next phase of `f`: its sends posted (the previous phase has completed).
  void advance(Flight& f);
  // Receives `count` words from `source` into `buffer` if they have arrived (or, when `block`,
  // once they have): true when received.
  bool receive(int source, std::uint64_t* buffer, int count, bool block) const;
  bool progress(Flight& f, bool block);  // true: completed
};

NonblockingAllreduce::NonblockingAllreduce(MPI_Comm comm, MPI_Op op) : state_(new State) {
  MPI_Comm_dup(comm, &state_->comm);
  state_->op = op;
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const int low = rank == 0 ? ranks : rank & -rank;  // rank 0: every power of two below P
  if (rank > 0) state_->parent = rank - low;
  for (int m = 1; m < low && rank + m < ranks; m <<= 1) state_->children.push_back(rank + m);
}

// An all-reduce is in flight only if an error unwound the search mid-round, which ends the job:
// its buffers are left to MPI (the state is not freed) rather than waited for, which could hang.
NonblockingAllreduce::~NonblockingAllreduce() {
  if (!state_->flights.empty()) {
    state_.release();
    return;
  }
  MPI_Comm_free(&state_->comm);
}

void NonblockingAllreduce::start(const std::uint64_t* in, std::uint64_t* out, int count) {
  auto& f = state_->flights.emplace_back(Flight{in, out, count, {}, {}, 0, 0, 0});
  std::memcpy(out, in, sizeof(std::uint64_t) * static_cast<std::size_t>(count));
  f.from_children.assign(state_->children.size(),
                         std::vector<std::uint64_t>(static_cast<std::size_t>(count)));
  // A leaf sends up at once. Only the oldest all-reduce receives, so a later one's vectors wait in
  // MPI's queue, in order, until it is the oldest.
  if (state_->children.empty()) state_->advance(f);
}

void NonblockingAllreduce::State::advance(Flight& f) {
  std::vector<MPI_Request> sends;
  if (f.phase == 0) {
    // Every child's vector is in: reduce them (child order, the same on every run), send up.
    for (auto& v : f.from_children) MPI_Reduce_local(v.data(), f.out, f.count, MPI_UINT64_T, op);
    f.from_children.clear();
    if (parent >= 0) {
      // The partial sums go up from a copy, so the totals can arrive in `out` meanwhile.
      f.from_children.emplace_back(f.out, f.out + f.count);
      MPI_Isend(f.from_children[0].data(), f.count, MPI_UINT64_T, parent, kTag, comm,
                &sends.emplace_back());
      f.received = 0;
    } else {
      f.received = 1;  // rank 0 holds the totals
    }
    f.phase = 1;
  } else if (f.phase == 1) {
    for (int c : children)
      MPI_Isend(f.out, f.count, MPI_UINT64_T, c, kTag, comm, &sends.emplace_back());
    f.phase = 2;
  } else {
    throw InternalError("tree all-reduce: advanced past its end");
  }
  f.sends = std::move(sends);
  f.next = 0;
}

bool NonblockingAllreduce::State::receive(int source, std::uint64_t* buffer, int count,
                                          bool block) const {
  if (block) {
    MPI_Probe(source, kTag, comm, MPI_STATUS_IGNORE);
  } else {
    int arrived = 0;
    MPI_Iprobe(source, kTag, comm, &arrived, MPI_STATUS_IGNORE);
    if (!arrived) return false;
  }
  MPI_Recv(buffer, count, MPI_UINT64_T, source, kTag, comm, MPI_STATUS_IGNORE);
  return true;
}

bool NonblockingAllreduce::State::progress(Flight& f, bool block) {
  for (;;) {
    if (f.phase == 0 && f.received < children.size()) {
      if (!receive(children[f.received], f.from_children[f.received].data(), f.count, block))
        return false;
      ++f.received;
      continue;
    }
    if (f.next < f.sends.size()) {
      int done = 1;
      if (block)
        MPI_Wait(&f.sends[f.next], MPI_STATUS_IGNORE);
      else
        MPI_Test(&f.sends[f.next], &done, MPI_STATUS_IGNORE);
      if (!done) return false;
      ++f.next;
      continue;
    }
    if (f.phase == 1 && f.received == 0) {
      if (!receive(parent, f.out, f.count, block)) return false;
      f.received = 1;
      continue;
    }
    if (f.phase == 2) return true;
    advance(f);
  }
}

bool NonblockingAllreduce::test_oldest() {
  if (state_->flights.empty()) throw InternalError("all-reduce: none in flight");
  if (!state_->progress(state_->flights.front(), false)) return false;
  state_->flights.pop_front();
  return true;
}

void NonblockingAllreduce::wait_oldest() {
  if (state_->flights.empty()) throw InternalError("all-reduce: none in flight");
  state_->progress(state_->flights.front(), true);
  state_->flights.pop_front();
}

}  // namespace adm::dist
