#pragma once
// What the rule-list search optimises and how: CORELS' objective and bounds (each switchable),
// the search order, limits, and FairCORELS' fairness constraint UNF <= 1 - epsilon.
#include <cstdint>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "fairness/gaps.hpp"

namespace adm::methods::rulelist {

// Order in which prefixes leave the queue (ties: insertion order; DFS: newest first).
enum class Strategy {
  Bfs,           // shortest prefix first
  BfsObjective,  // shortest first, then lowest objective (FairCORELS' "BFS objective-aware")
  LowerBound,    // best-first by lower bound
  Curiosity,     // best-first by lower bound / fraction of rows captured (CORELS)
  Objective,     // best-first by objective
  Dfs            // longest prefix first
};
const char* to_string(Strategy s);

// CORELS bounds (Angelino et al., JMLR 2018). Those marked "replacement" prove a prefix
// suboptimal by exhibiting a better rule list with other predictions, which may be less fair; with
// an active fairness constraint they are switched off unless `fair_unsafe_bounds` is set.
struct Bounds {
  bool hierarchical = true;       // Thm 1: prune when b(prefix) > best objective
  bool lookahead = true;          // Lemma 2: children cost one more lambda
  bool support = true;            // Thm 10 (replacement): each rule captures >= lambda*n rows
  bool accurate_support = true;   // Thm 11 (replacement): ... classifies >= lambda*n correctly
  bool equivalent_points = true;  // Thm 15: uncaptured equivalent-point minorities are errors
  bool permutation_map = true;    // Cor. 16 (replacement): one prefix per set of rules
  // Fairness-aware bounds (issue 14, fair_bounds.hpp), used only under a constraint; both safe.
  bool fair_unfairness = true;  // (a) prune when no completion can be fair
  bool fair_errors = true;      // (b) prune when no fair completion can beat the incumbent
  // Under a constraint, the permutation map keyed by the rule set AND each group's captured
  // (tp, fp): such permutations give every completion the same unfairness, so it stays safe.
  bool fair_permutation_map = true;
  // (c) fair_classes.hpp: bound (b) with the uncaptured rows predicted by capture class (SP, PE,
  // EOpp, EOdds only).
  bool fair_classes = true;
};

struct FairnessConstraint {
  bool active = false;
  fairness::GapMetric metric = fairness::GapMetric::SP;
  double epsilon = 0.0;           // accept a rule list when UNF <= 1 - epsilon
  bool accept_undefined = false;  // UNF not measurable (NaN: a rate with no rows) counts as fair
  bool accepts(double unfairness) const;
};

struct SearchOptions {
  double regularization = 0.01;  // lambda of the paper: objective = error + lambda * rules
  std::size_t max_length = 0;    // longest rule list considered (0 = only the bounds limit it)
  Strategy strategy = Strategy::Curiosity;
  std::uint64_t best_first_after = 0;  // expansions (per rank) before the queue turns best-first
  Bounds bounds;
  FairnessConstraint fairness;
  bool fair_unsafe_bounds = false;  // keep replacement bounds under a constraint (FairCORELS)
  // Stop when the prefix trie holds more nodes, a received prefix waiting in the queue counting as
  // one (pending_prefixes.hpp); 0 = no limit.
  std::uint64_t max_trie_nodes = 0;
  double max_memory_mb = 0.0;  // stop before the process's resident MiB exceed this (0 = none)
  double time_limit = 0.0;     // seconds each rank searches before it stops (0 = no limit)
};

// The bounds actually used (replacement bounds off under a fairness constraint, see Bounds).
Bounds effective_bounds(const SearchOptions& options);

// Whether the permutation map must tell prefixes apart by their groups' counts (a constraint
// without fair_unsafe_bounds).
bool fair_keyed_permutations(const SearchOptions& options);

// Whether a search that ran to the end proves its answer optimal: not when replacement bounds
// are kept under a fairness constraint (they may prune the fair optimum).
bool certifiable(const SearchOptions& options);

// A search option that is out of range or cannot work, naming the option it is about
// (regularization, max_length, epsilon or time_limit), so a caller can name its own key.
class SearchOptionError : public InputError {
 public:
  SearchOptionError(std::string option, std::string problem)
      : InputError("rulelist: " + option + " " + problem),
        option_(std::move(option)),
        problem_(std::move(problem)) {}
  const std::string& option() const { return option_; }
  const std::string& problem() const { return problem_; }  // what() without the option's name

 private:
  std::string option_, problem_;
};

// SearchOptionError when the search could not end (no bound and no max_length, or
// regularization = 0 without max_length) or a value is out of range.
void check_search_options(const SearchOptions& options);

}  // namespace adm::methods::rulelist
