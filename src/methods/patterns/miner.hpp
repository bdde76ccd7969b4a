#pragma once
// Branch-and-bound mining of discrimination patterns (Section 3 of the paper), written as a serial
// dist::LocalSearch so dist::frontier_search runs it on one rank or many.
//
// Search tree: a set-enumeration tree over the features in their given order. A node is a pattern
// p whose highest assigned feature is f; its children give one of the features after f a value in
// y, or (sensitive features) in x. Every pattern (x possibly empty) is one node, so an exhaustive
// search visits prod_f options(f) nodes. A child is scored when generated ("visited"); its subtree
// is kept only if the bounds say some pattern in it can still qualify and beat or tie the k-th best
// score. Ties are broken by the canonical pattern key, so the answer never depends on which rank
// found a pattern first.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/fresh_memory.hpp"
#include "methods/patterns/dive_frontier.hpp"
#include "methods/patterns/kth_best.hpp"
#include "methods/patterns/node_cut.hpp"
#include "methods/patterns/pattern_model.hpp"
#include "methods/patterns/relayed_cut.hpp"
#include "methods/patterns/shared_cut.hpp"
#include "methods/patterns/top_candidates.hpp"
#include "methods/patterns/top_patterns.hpp"
#include "parallel/frontier_search.hpp"

namespace adm::methods::patterns {

enum class MineMode {
  All,  // every pattern with |Delta| > delta: the count, and the top k by |Delta| kept
  TopDiscrimination,  // the k patterns with the largest |Delta| (> delta)
  TopDivergence,      // the k patterns with the largest divergence score (> 0)
};

const char* to_string(MineMode mode);

struct MineOptions {
  MineMode mode = MineMode::TopDiscrimination;
  std::size_t k = 10;      // patterns returned (kept, in mode All)
  bool use_bounds = true;  // false: enumerate everything (for checks)
  // Nodes scored (MineResult::visited) over all ranks: the search stops before it would score
  // more; 0 = no limit. A stopped search is not certified (MineResult::complete false) and, at
  // several ranks, may differ between rank counts: which nodes fit in the budget depends on the
  // work sharing.
  std::uint64_t max_nodes = 0;
  double slice_seconds = 0.0005;  // several ranks: longest expansion between two message polls
  // Stop before a rank's process (its resident memory) exceeds this many MiB (0 = no limit): a
  // stopped mine is not certified, like one stopped by max_nodes.
  double max_memory_mb = 0;
  // Several ranks: the result is made on rank 0 only (the others get an empty one apart from
  // `complete`), for a caller that only writes it: half the bytes moved, no merge on the others.
  bool root_only = false;
};

struct MineResult {
  FoundPatterns patterns;          // best first, at most k
  std::uint64_t qualifying = 0;    // mode All: patterns with |Delta| > delta
  std::uint64_t visited = 0;       // nodes scored
  std::uint64_t expanded = 0;      // nodes whose children were generated
  double total_nodes = 0;          // nodes of the whole tree, prod_f options(f)
  double total_patterns = 0;       // patterns with non-empty x
  bool complete = true;            // false: stopped by the node budget, not certified
  bool stopped_by_memory = false;  // a rank reached max_memory_mb
};

class PatternSearch : public dist::LocalSearch {
 public:
  PatternSearch(const PatternModel& model, MineOptions options);

  // Start below a given node instead of the root (subtree checks): `prefix` assigns features
  // before `first_free` (and none after), the search covers it and its extensions.
  void start_at(const PatternKey& prefix, std::size_t first_free);

  void start() override;
  // Units of work are nodes scored: expanding a node scores each of its children.
  std::uint64_t step(std::uint64_t budget) override;
  std::uint64_t next_cost() const override;
  std::uint64_t frontier_size() const override { return frontier_.size(); }
  std::string give(std::uint64_t count) override;
  void take(const std::string& nodes) override;
  bool wants_stop() const override { return memory_stop_; }
  double threshold() const override { return -cut(); }
  void tighten(double threshold) override;
  // Top-k modes on several ranks: every rank's k-th best score alone is a weak cut, so the ranks
  // sum histograms of the scores they keep in every round (SharedCut) and each cuts at the highest
  // bin edge that the patterns found by all ranks together reach k times.
  void partition(int rank, int ranks) override;
  std::size_t summary_words() const override { return shared_ ? SharedCut::words() : 0; }
  std::size_t summary_max_words() const override { return shared_ ? SharedCut::max_words() : 0; }
  void summary(std::uint64_t round, std::uint64_t* out) override;
  void learn(std::uint64_t round, const std::uint64_t* totals) override;
  // And between rounds, counts relayed along the tree of node leaders (RelayedCut): a leader
  // hands on its node's counts and adds other nodes' to them, so the cut also rises with what
  // other nodes found, at their leaders' next poll, without waiting for a round to complete.
  void open_relays(std::size_t links) override;
  std::string relay(std::size_t link) override;
  void hear(std::size_t link, const std::string& bytes) override;
  bool relays_pending() const override;
  // And at once from the ranks of this node, through memory they share (NodeCut).
  std::size_t node_words() const override { return shared_ ? NodeCut::words() : 0; }
  void share_node(std::span<std::uint64_t> words) override;
  // The exact k-th best score over all ranks, by rounds of summed counts (KthBest): every rank
  // then sends only patterns at or above it (the k best over all ranks, and ties).
  bool closing(std::vector<std::uint64_t>& mine) override;
  void settle(const std::vector<std::uint64_t>& totals) override;
  std::string findings() const override;
  std::optional<std::size_t> findings_bytes() const override;

  // Merge the findings() of every rank into the answer, which keeps their buffers (empty where
  // frontier_search gathered them on rank 0 only).
  MineResult merge(std::vector<std::string> findings) const;

 private:
  using Node = PatternNode;
  struct Child {  // a kept child of the node being expanded: its key is that node's plus f = s
    double bound;
    std::uint32_t f;
    std::uint8_t s;
    PatternProducts prod;
  };
  // Nodes scored in one dive from the best parked node (dive_frontier.hpp). German top-200,000
  // by divergence, one rank: depth first alone 81.4M nodes scored; dives of 65,536 60.1M, of
  // 16,384 49.6M, of 4,096 44.0M, of 1,024 41.0M, of 256 38.3M, but from 1,024 down the heap's
  // work and memory (181 MB at 256) ate the gain: 4,096 took 0.81x depth first's CPU.
  static constexpr std::uint64_t kDiveUnits = 4096;
  double floor() const;
  double cut() const;  // the score a subtree must reach (tie allowed) to be kept
  double bound_of(const PatternBounds& b) const;
  bool keep(double bound) const;
  void visit(const std::uint8_t* key, const PatternProducts& prod);
  void settle_frontier();                // DiveFrontier::settle, pruned nodes dropped
  void push_children(const Node& node);  // node's key in key_
  void raise_remote_cut();
  // The score findings() sends patterns from (all of them in mode All), and how many it sends.
  double findings_cut() const;
  std::size_t candidates_at_or_above(double c) const;
  // Indices of the candidates scoring at least `c`, best first by (score, key), at most k.
  std::vector<std::uint32_t> best_in_order(double c) const;

  const PatternModel& model_;
  MineOptions options_;
  DiveFrontier frontier_;        // best bound first, in depth-first dives
  PatternKey key_;               // the node being expanded, then each child in turn
  std::vector<Child> children_;  // scratch of push_children
  std::vector<std::uint32_t> order_;
  TopCandidates best_;  // a superset of this rank's k best, selected exactly in merge()
  std::uint64_t cost_of(const Node& node) const;  // nodes its expansion scores (0: pruned)
  std::uint64_t qualifying_ = 0, visited_ = 0, expanded_ = 0;
  std::uint64_t unbilled_ = 0;      // nodes scored outside step() (the start node)
  std::vector<std::uint64_t> fan_;  // fan_[f]: children of a node whose first free feature is f
  double remote_cut_ = -1;
  // Several ranks, top-k modes: the cut of all ranks' patterns (none: one rank, or mode all),
  // and at the end the exact k-th best score over all ranks.
  std::optional<SharedCut> shared_;
  std::optional<RelayedCut> relayed_;
  std::optional<NodeCut> node_;
  std::optional<KthBest> kth_best_;
  double final_cut_ = -1;     // settle(): the k-th best score over all ranks
  bool memory_stop_ = false;  // the process passed options_.max_memory_mb
};

// The whole search on one process (no communicator).
MineResult mine_serial(const PatternModel& model, const MineOptions& options);
// Collective: the search spread over the ranks of `comm`; identical result on every rank.
MineResult mine(dist::Communicator& comm, const PatternModel& model, const MineOptions& options,
                dist::FrontierStats* stats = nullptr);

// Every pattern scored, no bounds (the reference the miner is checked against), optionally only
// the subtree of a node as in start_at.
MineResult brute_force(const PatternModel& model, const MineOptions& options);
MineResult brute_force_subtree(const PatternModel& model, const MineOptions& options,
                               const PatternKey& prefix, std::size_t first_free);

}  // namespace adm::methods::patterns
