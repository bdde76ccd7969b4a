#pragma once
// Private to src/parallel: the rounds of an asynchronous search. A round is one non-blocking
// all-reduce (MPI_Iallreduce, through parallel/nonblocking_allreduce.hpp) of a fixed-size vector:
// each rank joins when it polls (an idle rank at once, a busy one at most every 0.5 ms) and the
// round completes when every rank has joined. Its cost per rank grows as log P (the all-gather of
// every rank's entry it replaced grew as P), and it carries
//   - termination: messages sent and received (sums) and whether every rank was quiet (min); the
//     search is over after two consecutive rounds in which every rank was quiet and the totals did
//     not change, with as many messages received as sent (Mattern's four-counter method; one round
//     is not enough, since counts read at different times can balance while a message is in
//     flight);
//   - failures and stop requests: the lowest failing rank (min), the ranks wanting to stop (sum);
//   - the pruning threshold (min) and the method's bound summary (maxima and sums,
//     LocalSearch::summary);
//   - which ranks had work to give (one bit per rank, bitwise or; ranks r and r + 1024 share a bit
//     beyond 1024 ranks), so that a rank out of work asks one of them at random, not all the same;
//   - the nodes left in all frontiers (sum): a search stopped by its node budget had some.
// Up to kInFlight rounds may be in flight at once (they complete in order): a round completes only
// when the last rank joins it, and on a loaded machine that can take milliseconds, so a busy rank
// does not wait for one round before it starts the next, and bounds still travel every 0.5 ms.
#include <mpi.h>

#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "parallel/frontier_search.hpp"
#include "parallel/nonblocking_allreduce.hpp"

namespace adm::dist {

// What one rank puts into a round.
struct RoundEntry {
  bool quiet = false;  // idle, nothing in flight from it (asks, leases, outboxes)
  std::uint64_t sent = 0, received = 0, frontier = 0;
  bool failed = false, stop = false, has_work = false;
  double threshold = 0;  // lower is better
};

// What a completed round says about all ranks together.
struct RoundTotals {
  bool all_quiet = false;
  std::uint64_t sent = 0, received = 0, stops = 0, frontier = 0;
  int lowest_failed = -1;  // -1: none failed
  double threshold = 0;
};

class SearchRounds {
 public:
  // The method's summary: `summary_words` in all, the first `max_words` of them reduced by max
  // and the rest by sum; the same on every rank.
  SearchRounds(MPI_Comm comm, int rank, int ranks, std::size_t max_words,
               std::size_t summary_words);
  ~SearchRounds();
  SearchRounds(const SearchRounds&) = delete;
  SearchRounds& operator=(const SearchRounds&) = delete;

  static constexpr std::size_t kInFlight = kRoundsInFlight;
  bool posted() const { return !flights_.empty(); }
  std::size_t in_flight() const { return flights_.size(); }
  // The index of the next round to be posted (0, 1, ...; the same round on every rank).
  std::uint64_t next_round() const { return posted_count_; }
  // The method's part of the next round, to be filled before post() (zeros until then).
  std::uint64_t* summary() { return next_.data() + summary_at_; }
  // Joins the next round (fewer than kInFlight may be in flight); complete() tests the oldest in
  // flight, finish() waits for it.
  void post(const RoundEntry& mine);
  bool complete();
  void finish();
  // After a completed round: its totals, the method's summary summed over all ranks, and whether
  // `rank` had work to give.
  const RoundTotals& totals() const { return totals_; }
  const std::uint64_t* summary_totals() const { return result_.data() + summary_at_; }
  // After a completed round: its index.
  std::uint64_t completed_round() const { return count_ - 1; }
  bool had_work(int rank) const;
  // Whether the search is over (see above).
  bool over() const { return over_; }
  std::uint64_t count() const { return count_; }
  std::size_t bytes_per_round() const { return next_.size() * sizeof(std::uint64_t); }

 private:
  struct Flight {  // a posted round: MPI reads `vector` and writes `result` until it completes
    std::vector<std::uint64_t> vector, result;
  };
  void completed();
  int rank_, ranks_;
  std::size_t map_words_, summary_at_, sum_at_;
  std::vector<std::uint64_t> next_, result_;  // the next round's vector, the last round's sums
  std::deque<Flight> flights_;                // oldest first (a deque: posted buffers never move)
  MPI_Op op_ = MPI_OP_NULL;
  std::optional<NonblockingAllreduce> reduce_;  // the rounds' transport, made once op_ is
  bool over_ = false;
  std::uint64_t count_ = 0, posted_count_ = 0;
  RoundTotals totals_;
  bool previous_all_quiet_ = false;
  std::uint64_t previous_sent_ = 0, previous_received_ = 0;
};

}  // namespace adm::dist
