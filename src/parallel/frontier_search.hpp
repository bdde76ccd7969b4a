#pragma once
// Distributed branch-and-bound. A method writes its search serially as a LocalSearch (a frontier of
// nodes it can expand, give away and take in); frontier_search runs one per rank, asynchronously:
// each rank expands its own frontier and, between short steps, polls for messages. Nothing waits
// for a collective step, and no rank talks to every other one:
//   - rounds of a non-blocking all-reduce (O(log P) per rank) carry the best pruning threshold, a
//     method's richer bound summary (a fixed-size vector of sums), which ranks have work, and
//     termination: the search ends after two consecutive rounds in which every rank was idle and
//     the totals of messages sent and received did not change (Mattern's four-counter method);
//   - a method may partition its space by owner (e.g. a hash of a node's canonical key, so that
//     duplicates and symmetric nodes meet on one rank, as in hash-distributed A*): nodes it creates
//     for another rank wait in an outbox and are sent in batches;
//   - a rank whose frontier runs dry asks a rank drawn at random among those the last round showed
//     with work (stealing), so that idle ranks spread their asks over the busy ones.
// Failures and stop requests travel in the same rounds; a failing rank keeps taking part until
// every rank has seen it, then all throw the lowest failing rank's error, so nothing hangs.
//
// Identical answers at any rank count are the method's part: prune only nodes that cannot beat or
// tie the threshold, and break ties between solutions by a total order (e.g. objective, then a
// canonical key), so the solution kept does not depend on which rank found it first.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "parallel/communicator.hpp"

namespace adm::dist {

// Rounds of the search's all-reduce in flight at once (see LocalSearch::summary).
inline constexpr std::uint64_t kRoundsInFlight = 4;
// Children of a node leader in the tree that relays follow (see LocalSearch::open_relays).
inline constexpr int kRelayFanout = 4;

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
  // of a maximisation); every round of the search carries the lowest over all ranks to tighten()
  // (called only when it is lower than this rank's own).
  virtual double threshold() const = 0;
  virtual void tighten(double threshold) = 0;
  // Optional richer bound sharing, reduced by a sum over all ranks in every round (every ~0.5 ms
  // while ranks are busy, and once more when the search has ended): summary_words() numbers, the
  // same on every rank once partition() has run; the first summary_max_words() of them are reduced
  // by max instead (e.g. the highest score bin any rank has seen). summary() writes this rank's
  // part of round `round` (0, 1, ...; e.g. counts of the good scores found since its last summary)
  // into `out`, which holds zeros; learn() receives the round's sums over all ranks, this rank's
  // included, rounds in order. Up to kRoundsInFlight rounds are in flight at once, so when
  // summary(n) is called every rank has learned round n - kRoundsInFlight but maybe not the later
  // ones: a layout of the summary that depends on what was learned must depend on what was learned
  // up to round n - kRoundsInFlight only, to be the same on every rank.
  virtual std::size_t summary_words() const { return 0; }
  virtual std::size_t summary_max_words() const { return 0; }
  virtual void summary(std::uint64_t round, std::uint64_t* out) {
    (void)round;
    (void)out;
  }
  virtual void learn(std::uint64_t round, const std::uint64_t* totals) {
    (void)round;
    (void)totals;
  }
  // Optional relays between rounds. A round completes only when every rank has joined it, which on
  // a loaded or oversubscribed node can take many polls; relays reach a rank's neighbours at their
  // next poll. Relays run between the nodes' leaders only (each node's lowest rank; one node: no
  // relays): they form a tree (the i-th leader's parent is leader (i - 1) / kRelayFanout, so a
  // leader has at most kRelayFanout + 1 links, and news crosses O(log nodes) links), and a leader
  // speaks for its node, whose ranks it hears through node memory (node_words). open_relays() says
  // how many links this rank has (0 on a rank that is no leader). relay(link) returns what the
  // method has for that neighbour (empty: no message), e.g. the counts of good scores its node
  // found, or it heard on its other links, since its last message on that link; hear() receives a
  // neighbour's. A tree has no cycles, so what a leader forwards on every link but the one it came
  // in on reaches every node exactly once. A rank with relays_pending() is not quiet (it will
  // send), so the search does not end before they are heard.
  virtual void open_relays(std::size_t links) { (void)links; }
  virtual std::string relay(std::size_t link) {
    (void)link;
    return {};
  }
  virtual void hear(std::size_t link, const std::string& bytes) {
    (void)link;
    (void)bytes;
  }
  virtual bool relays_pending() const { return false; }
  // Optional memory shared by the ranks of a node, which see each other's updates at once (no
  // round, no message): node_words() 64-bit words (the same on every rank once partition() has
  // run), zeroed, given to share_node() before start(). Ranks update them with atomic operations
  // only (std::atomic_ref), e.g. counts of good scores that all ranks of a node add up. The memory
  // lives until the search's findings are gathered.
  virtual std::size_t node_words() const { return 0; }
  virtual void share_node(std::span<std::uint64_t> words) { (void)words; }
  // Optional closing rounds, after the last summary and before findings(): while closing() returns
  // true it has filled `mine` (the same size on every rank), and settle() receives the sums over
  // all ranks (e.g. a top-k search's counts of scores by their leading bits, until the exact k-th
  // best score is known, so that findings() sends exactly what belongs to the k best). Whether
  // another round follows may depend only on what settle() received, never on this rank's own
  // state.
  virtual bool closing(std::vector<std::uint64_t>& mine) {
    (void)mine;
    return false;
  }
  virtual void settle(const std::vector<std::uint64_t>& totals) { (void)totals; }
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
  bool complete = false;           // every frontier emptied: the answer is certified
  bool stopped_by_budget = false;  // max_nodes reached
  bool stopped_by_method = false;  // a rank's wants_stop()
  std::uint64_t waves = 0;         // rounds completed (several ranks)
  std::uint64_t steals = 0;        // work requests answered with nodes, over all ranks
  std::uint64_t leases = 0;        // node-budget shares granted by rank 0
  std::uint64_t nodes_total = 0;   // units of work over all ranks (on every rank)
  std::uint64_t round_bytes = 0;   // the size of a round's reduced vector
  // Per rank, in rank order, on rank 0 only (the other ranks get empty lists: gathering them to
  // every rank would cost O(P) each):
  std::vector<std::uint64_t> nodes;         // units of work (expansions) done by each rank
  std::vector<std::uint64_t> steals_given;  // work requests (or hungry ranks) served with nodes
  std::vector<double> busy_seconds;         // time each rank spent expanding
  std::vector<double> take_seconds;         // time each rank spent taking in and giving nodes
  std::vector<double> idle_seconds;         // time each rank had nothing to expand
  // MPI traffic of the search (parallel/traffic.hpp: point-to-point messages, and each round as
  // this rank's vector out and the totals in), from its start to the end of the findings' gather.
  std::vector<std::uint64_t> messages_sent, messages_received, bytes_sent, bytes_received;
  std::vector<std::uint64_t> peak_rss;        // bytes: each process's peak resident set at the end
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
