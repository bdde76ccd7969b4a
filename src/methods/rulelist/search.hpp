#pragma once
// Certifiably optimal (fair) rule lists: CORELS' branch-and-bound (Angelino et al. 2018) with
// FairCORELS' acceptance rule (Algorithm 1: a rule list becomes the incumbent only if
// UNF <= 1 - epsilon). Written serially against dist::LocalSearch so frontier_search can run it
// on any number of ranks; begin/step/end (start, step, result) let a caller stop and resume.
//
// Same answer at any rank count: a node is pruned only when nothing below it can beat or tie the
// best objective, and rule lists of equal objective are ordered by (length, rule indices), so the
// incumbent kept is the least rule list in that total order whichever rank finds it first.
#include <chrono>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "methods/rulelist/fair_prune.hpp"
#include "methods/rulelist/pending_prefixes.hpp"
#include "methods/rulelist/permutation_map.hpp"
#include "methods/rulelist/prefix_codec.hpp"
#include "methods/rulelist/prefix_queue.hpp"
#include "methods/rulelist/prefix_trie.hpp"
#include "methods/rulelist/rule_list.hpp"
#include "methods/rulelist/search_options.hpp"
#include "parallel/frontier_search.hpp"

namespace adm::methods::rulelist {

struct SearchStats {
  std::uint64_t expanded = 0;        // prefixes whose children were generated
  std::uint64_t children = 0;        // (prefix, rule) pairs looked at
  std::uint64_t queued = 0;          // prefixes put into the queue
  std::uint64_t dropped_at_pop = 0;  // left the queue but pruned by a better incumbent
  std::uint64_t pruned_support = 0, pruned_accurate_support = 0, pruned_hierarchical = 0,
                pruned_lookahead = 0, pruned_equivalent = 0, pruned_permutation = 0;
  std::uint64_t pruned_fair_unfairness = 0, pruned_fair_errors = 0;  // fair_bounds.hpp (a), (b)
  std::uint64_t pruned_fair_classes = 0;                             // fair_classes.hpp (c)
  std::uint64_t fairness_checks = 0, fairness_rejections = 0, incumbent_updates = 0;
  std::uint64_t routed = 0;  // children sent to the rank that owns their rule set
  std::uint64_t peak_trie_nodes = 0, peak_queue = 0;
  double peak_bytes = 0.0;  // search structures (trie, queue, permutation map)
  bool stopped_by_memory = false, stopped_by_trie = false, stopped_by_time = false;
  void add(const SearchStats& other);  // sums counts, maxima of peaks
};

struct Incumbent {
  bool found = false;
  RuleList list;
  double objective = 0.0;
  double unfairness = 0.0;  // of the constrained metric (NaN when unconstrained / no groups)
};

// Whether a is better than b in the canonical order (objective, length, rule indices).
bool canonically_better(double objective_a, const RuleList& a, double objective_b,
                        const RuleList& b);
bool canonically_better(double objective_a, const std::vector<std::uint16_t>& a, double objective_b,
                        const std::vector<std::uint16_t>& b);

struct SearchResult {
  Incumbent best;
  SearchStats stats;
  bool complete = false;  // the queue emptied: best is certified optimal
  // Lowest lower bound of a rule list not yet evaluated (inf: none left), over every rank.
  double open_bound = std::numeric_limits<double>::infinity();
};

// What a stopped search still proves: no rule list beats min(open bound, incumbent). NaN when an
// unsafe bound may have pruned the optimum (no bound is then valid).
double lower_bound(const SearchResult& result, const SearchOptions& options);
// Incumbent objective - lower bound (NaN without an incumbent or a valid bound).
double optimality_gap(const SearchResult& result, const SearchOptions& options);

class RulelistSearch final : public dist::LocalSearch {
 public:
  RulelistSearch(const RuleSet& set, SearchOptions options);

  // begin: evaluate the empty rule list and queue it (rank 0 of a distributed search only).
  // Several ranks: a prefix belongs to the rank given by a hash of its rule *set*, so all
  // permutations of a set meet in one permutation map (as one shared map does for CORELS' threads)
  // and the frontiers of all ranks hold an even mix of good and bad prefixes. Where the map is
  // keyed by captured classes (a constraint with bound (c)), by a hash of the class set instead.
  void partition(int rank, int ranks) override;
  void start() override;
  std::uint64_t step(std::uint64_t budget) override;
  bool done() const { return queue_.empty(); }
  // end: the best rule list found here and the counts.
  SearchResult result() const;

  std::uint64_t frontier_size() const override { return queue_.size(); }
  std::string give(std::uint64_t count) override;
  void take(const std::string& nodes) override;
  std::size_t outbox_bytes(int rank) const override;
  std::string drain_outbox(int rank) override;
  double threshold() const override { return threshold_; }
  void tighten(double threshold) override;
  bool wants_stop() const override { return stop_; }
  std::string findings() const override;
  // Lowest lower bound of the extensions of a queued prefix (inf: the queue is empty).
  double open_bound() const;

 private:
  void expand(const QueueEntry& entry);
  // A queued prefix (a trie node, or a pending one: search_receive.cpp): its errors and length,
  // its rules and predictions; release: it left the queue.
  struct PrefixHead {
    std::uint32_t errors;
    std::size_t depth;
  };
  PrefixHead head_of(std::uint32_t queued) const;
  void prefix_of(std::uint32_t queued, std::vector<std::uint16_t>& rules,
                 std::vector<std::uint8_t>& predictions) const;
  void release(std::uint32_t queued);
  // The trie path of a received prefix (its first `depth` rules), inner nodes shared through
  // received_paths_, its last node queued (a pending prefix's: until its expansion ends).
  std::uint32_t build_path(const std::vector<std::uint16_t>& rules,
                           const std::vector<std::uint8_t>& predictions, std::size_t depth,
                           std::uint32_t errors);
  // Fills prefix_, predictions_, captured_, in_prefix_ (and positive_ when need_cells_).
  void load_prefix(std::uint32_t queued);
  void capture(const std::vector<std::uint16_t>& rules, const std::vector<std::uint8_t>& preds);
  // The groups' (tp, fp) as a permutation-map key suffix (empty: the plain CORELS map), in key_.
  std::string_view perm_key(const std::vector<GroupCells>& cells);
  // Counts one of the prefix-level (rule < 0) or child-level (the child adds `rule`) fairness
  // prunes (false: keep the prefix); raises `least` (when not null) to the bounds' least errors on
  // the uncaptured rows.
  bool fair_pruned(const std::vector<GroupCells>& cells, std::size_t errors, std::size_t length,
                   int rule, std::size_t* least);
  // `cells`: the groups' counts of the prefix being considered (its unfairness then needs no
  // pass over the rows), or null.
  void consider(double objective, std::uint8_t default_prediction,
                const std::vector<GroupCells>* cells = nullptr);
  double bound(std::size_t errors, std::size_t length) const {
    return objective_value(errors, length, inv_rows_, options_.regularization);
  }
  void check_limits();
  // What an expansion or a received batch may add to the structures.
  struct Growth {
    std::size_t queue = 0;    // queue entries (and permutation-map admissions)
    std::size_t trie = 0;     // trie nodes
    std::size_t paths = 0;    // received_paths_ entries
    std::size_t pending = 0;  // pending prefixes
  };
  // False: `more` would not fit under max_memory_mb.
  bool make_room(const Growth& more);
  std::size_t live_nodes() const { return trie_.live() + pending_.live(); }
  double structure_bytes() const;
  // Under max_memory_mb: the bytes the structures may take (the cap less the process's memory at
  // the start and the room kept for messages and the open bound), and the most bytes one give()
  // may send (0: no cap).
  double structure_budget() const;
  std::size_t give_bytes() const;
  // Queues a received prefix, or only records its bound when it does not fit (false).
  bool admit_received(const WirePrefix& p, bool check_room);
  // The lowest bound of a prefix not yet expanded here: queued, or received and not queued.
  double unfinished_bound() const;
  std::size_t received_paths_bytes(std::size_t entries) const;
  int owner(std::uint64_t set_hash) const;
  // search_owners.cpp: the map keyed by captured classes; the hash of the expanded prefix's set
  // (rules, or classes when class_keyed_; fills prefix_classes_) and of its child adding `rule`.
  void key_map_by_classes();
  std::uint64_t prefix_set_hash();
  std::uint64_t child_set_hash(std::uint64_t prefix_hash, std::size_t rule) const;
  std::uint32_t path_node(std::uint32_t parent, std::uint16_t rule, bool prediction);

  const RuleSet& set_;
  SearchOptions options_;
  Bounds bounds_;
  double inv_rows_;
  double support_floor_;  // lambda * n, less a relative margin so round-off never over-prunes
  GroupCounter groups_;
  FairPrune fair_;
  bool fair_perm_ = false;    // permutation map keyed by the groups' counts too
  bool class_keyed_ = false;  // ... and by captured classes, not rule sets (fair_classes.hpp)
  bool need_cells_ = false;   // per-group counts of prefixes (under a fairness constraint)
  PrefixTrie trie_;
  PendingPrefixes pending_;  // received prefixes queued before their trie path (search_receive.cpp)
  PrefixQueue queue_;
  PermutationMap permutations_;
  Incumbent best_;
  double threshold_;
  bool stop_ = false;
  // time_limit runs on each rank's own clock from construction; the engine's waves spread the stop.
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  SearchStats stats_;
  int rank_ = 0, ranks_ = 1;
  std::vector<std::uint64_t> rule_hash_;  // a random key per rule; a set's hash is their sum
  std::vector<std::uint64_t> class_hash_, prefix_classes_;  // the same per class (class_keyed_)
  std::vector<std::string> outbox_;  // prefixes owned by each other rank, wire format
  // Inner trie nodes of received prefixes, by (parent, rule), so received paths share them.
  std::unordered_map<std::uint64_t, std::uint32_t> received_paths_;
  // Scratch for the prefix being expanded.
  std::vector<std::uint16_t> prefix_;
  std::vector<std::uint8_t> predictions_;
  std::vector<char> in_prefix_;
  Bits captured_, uncaptured_, scratch_;
  Bits positive_;  // captured rows predicted positive (fairness bounds only)
  std::vector<GroupCells> cells_, child_cells_;
  ClassState classes_;  // bound (c)'s view of the prefix being expanded
  std::string key_;     // perm_key's buffer
  // max_memory_mb bounds the process: what it held before the search is the cap's first part.
  double baseline_bytes_ = 0;
  // Prefixes received when no room was left are not queued (the rank stops); the lowest bound of
  // their extensions keeps the reported lower bound valid.
  double dropped_bound_ = std::numeric_limits<double>::infinity();
  std::uint64_t limit_checks_ = 0;  // check_limits() calls (the resident set is read every 64th)
  std::uint64_t taken_since_check_ = 0;  // prefixes take() received since it last checked limits
  WirePrefix received_;                  // take()'s scratch, reused: no allocation per batch
};

// begin, step until the queue empties or `max_nodes` prefixes were expanded (0 = no limit), end.
SearchResult run_serial(const RuleSet& set, const SearchOptions& options,
                        std::uint64_t max_nodes = 0);

// The best of every rank's findings() (canonical order) with their stats summed; `per_rank`
// receives each rank's stats when not null.
SearchResult merge_findings(const std::vector<std::string>& findings,
                            std::vector<SearchStats>* per_rank = nullptr);

}  // namespace adm::methods::rulelist
