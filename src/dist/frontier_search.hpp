#pragma once
// Distributed branch-and-bound. A method writes its search serially as a LocalSearch (a frontier of
// nodes it can expand, give away and take in); frontier_search runs one per rank, asynchronously:
// each rank expands its own frontier and, between short steps, polls for messages. Nothing waits
// for a collective round, so
//   - a better pruning threshold (or a method's richer bound summary) is sent to every rank as
//     soon as it is found;
//   - a method may partition its space by owner (e.g. a hash of a node's canonical key, so that
//     duplicates and symmetric nodes meet on one rank, as in hash-distributed A*): nodes it creates
//     for another rank wait in an outbox and are sent in batches;
//   - a rank whose frontier runs dry asks the rank with the largest frontier for work (stealing);
//   - termination is detected by waves of a non-blocking all-gather of (idle, messages sent,
//     messages received): the search ends after two consecutive waves in which every rank was idle
//     and the totals did not change (Mattern's four-counter method), so no message is in flight.
// Failures and stop requests travel in the same waves; a failing rank keeps taking part until
// every rank has seen it, then all throw the lowest failing rank's error, so nothing hangs.
//
// Identical answers at any rank count are the method's part: prune only nodes that cannot beat or
// tie the threshold, and break ties between solutions by a total order (e.g. objective, then a
// canonical key), so the solution kept does not depend on which rank found it first.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dist/communicator.hpp"

namespace adm::dist {

class LocalSearch {
 public:
  virtual ~LocalSearch() = default;
  // Called on every rank before start(): this rank's place. A method that routes nodes to owner
  // ranks (see outbox_bytes) remembers it; the default keeps every node local.
  virtual void partition(int rank, int ranks) {
    (void)rank;
    (void)ranks;
  }
  // Called on rank 0 only, once: put the root node(s) into the local frontier.
  virtual void start() = 0;
  // Expand nodes of the local frontier costing at most `budget` units of work in all (a unit is
  // what max_nodes counts: an expansion, unless the method says otherwise); returns the units used.
  // With a non-empty frontier a step makes progress even if its first node costs more than
  // `budget`; the search passes at least next_cost().
  virtual std::uint64_t step(std::uint64_t budget) = 0;
  // Units the next expansion would cost at most (>= 1; a method whose nodes cost more than one
  // unit, e.g. one per child scored, says so, so that a node budget is never overrun).
  virtual std::uint64_t next_cost() const { return 1; }
  // Nodes waiting in the local frontier.
  virtual std::uint64_t frontier_size() const = 0;
  // Remove up to `count` nodes from the local frontier and serialise them for a rank that ran dry
  // (a method should give a fair share of its good nodes, and large subtrees); take() on another
  // rank must accept the text, and also every outbox's contents.
  virtual std::string give(std::uint64_t count) = 0;
  virtual void take(const std::string& nodes) = 0;
  // Routing: bytes waiting for `rank`, and those bytes (the outbox is emptied).
  virtual std::size_t outbox_bytes(int rank) const {
    (void)rank;
    return 0;
  }
  virtual std::string drain_outbox(int rank) {
    (void)rank;
    return {};
  }
  // Pruning threshold known here (lower is better: a best objective, or minus the k-th best score
  // of a maximisation) and one learned from the other ranks, never worse than the local one.
  virtual double threshold() const = 0;
  virtual void tighten(double threshold) = 0;
  // Optional richer bound sharing: what this rank found since its last summary (e.g. counts of new
  // good scores), sent to every rank when not empty (rate-limited) and once more when the search
  // has ended; learn() receives each of another rank's summaries, in the order they were made.
  virtual std::string summary() { return {}; }
  virtual void learn(int rank, const std::string& summary) {
    (void)rank;
    (void)summary;
  }
  // True when the summaries tell the other ranks all that threshold() would (the search then
  // sends no threshold messages: a top-k mine's summaries give every rank a cut at least as high
  // as any rank's own, and the messages cost each rank a send and a receive every 0.5 ms).
  virtual bool summary_has_threshold() const { return false; }
  // Optional closing round, after the last summaries and before findings(): what each rank returns
  // from closing() reaches every rank's settle(), in rank order (e.g. a top-k search's scores near
  // its cut, so that findings() sends exactly what belongs to the k best over all ranks).
  virtual std::string closing() const { return {}; }
  virtual void settle(const std::vector<std::string>& closings) { (void)closings; }
  // True when the method wants the whole search to stop (memory cap, own node limit).
  virtual bool wants_stop() const { return false; }
  // This rank's findings, serialised; merged by the method after the search.
  virtual std::string findings() const = 0;
  // Optional: the exact size findings() will return, when the method knows it cheaply before making
  // them (with findings to rank 0 only, rank 0 then allocates its receive buffers while the other
  // ranks make theirs). A method gives it on every rank or on none.
  virtual std::optional<std::size_t> findings_bytes() const { return std::nullopt; }
};

struct FrontierOptions {
  // Several ranks: the longest expansion between two polls for messages (bounds, work requests,
  // termination waves). Steps are sized adaptively to stay under it.
  double slice_seconds = 0.0005;
  std::uint64_t step_budget = 256;  // one rank: nodes per step() call; several: the largest step
  // Stop before the units of work (see LocalSearch::step) over all ranks would exceed this (0 =
  // none). Several ranks lease their shares from rank 0, so the budget holds exactly there too.
  std::uint64_t max_nodes = 0;
  // Where every rank's findings() go: to every rank, or to rank 0 only (the other ranks get an
  // empty list), for a method whose answer only the coordinator needs (e.g. to write it).
  bool findings_on_root_only = false;
};

// What the search did. Everything except `complete` and the stop flags depends on scheduling
// (which rank expanded what), so results files keep these under /timing.
struct FrontierStats {
  bool complete = false;                      // every frontier emptied: the answer is certified
  bool stopped_by_budget = false;             // max_nodes reached
  bool stopped_by_method = false;             // a rank's wants_stop()
  std::uint64_t waves = 0;                    // termination waves completed (several ranks)
  std::uint64_t steals = 0;                   // work requests answered with nodes, over all ranks
  std::uint64_t leases = 0;                   // node-budget shares granted by rank 0
  std::vector<std::uint64_t> nodes;           // units of work (expansions) done by each rank
  std::vector<double> busy_seconds;           // time each rank spent expanding
  std::vector<double> take_seconds;           // time each rank spent taking in and giving nodes
  std::vector<double> idle_seconds;           // time each rank had nothing to expand
  std::vector<std::uint64_t> messages_sent;   // point-to-point messages sent by each rank
  std::vector<std::uint64_t> bytes_sent;      // their payload bytes
  std::vector<std::uint64_t> routed_batches;  // outbox batches (routed nodes) sent by each rank
  double search_seconds = 0;    // this rank: wall time until the search was seen to be over
  double findings_seconds = 0;  // this rank: then the closing round, findings() and their gather
  std::uint64_t total_nodes() const;
};

// Collective. Runs the search to completion (or a stop) and returns every rank's findings(), in
// rank order, on every rank (or on rank 0 only, see FrontierOptions). Works with one rank (no MPI
// launcher) as a plain serial search.
std::vector<std::string> frontier_search(Communicator& comm, LocalSearch& search,
                                         const FrontierOptions& options, FrontierStats* stats);

}  // namespace adm::dist
