#pragma once
// Polishing a stopped search's incumbent: a local search over rule lists, as MIP solvers improve
// an incumbent between bound steps. A search stopped by a limit reports a gap = incumbent - lower
// bound; on the FairCORELS paper's Adult problems the lower bound barely moves between runs while
// the incumbent depends on which prefixes the first phase happened to expand (NOTES, stop 39), so
// a better incumbent is what narrows the gap there.
//
// The lists visited are those the search itself would score: each rule predicts the majority
// label of the rows it newly captures (ties to the negative class), the default rule the majority
// of the rest, a rule capturing nothing new is dropped (it only costs lambda), and no list is
// longer than max_length. A list is kept only when it meets the fairness constraint and is better
// in the search's canonical order (objective, length, rule indices), so polishing is deterministic
// and never worsens the incumbent, and a list it returns is one the search could have returned.
#include <cstdint>

#include "methods/rulelist/rule_list.hpp"
#include "methods/rulelist/search.hpp"
#include "methods/rulelist/search_options.hpp"

namespace adm::methods::rulelist {

struct PolishResult {
  Incumbent best;                  // the start, or a canonically better fair list
  std::uint64_t evaluated = 0;     // lists scored
  std::uint64_t improvements = 0;  // moves taken
  bool local_optimum = false;      // no move improves `best` (false: stopped by max_lists)
};

// The objective and unfairness of `rules` in the search's rule space (see above): `list` receives
// the rules kept with their predictions and the default.
struct ScoredList {
  RuleList list;
  double objective = 0.0;
  double unfairness = 0.0;  // of options.fairness.metric (NaN when inactive or not measurable)
  bool fair = true;
};

// Scores rule lists of one problem; keeps the bit vectors it reuses between calls.
class ListScorer {
 public:
  ListScorer(const RuleSet& set, const SearchOptions& options);
  ScoredList score(const std::vector<std::uint16_t>& rules);

 private:
  const RuleSet& set_;
  const SearchOptions& options_;
  GroupCounter groups_;
  double inv_rows_;
  Bits captured_, fresh_, positive_;
};

// Best-improvement descent from `start` (a fair list the search found) over the moves: delete a
// rule, replace a rule by any other, insert any rule at any position, swap two neighbours. Stops
// at a local optimum or after `max_lists` lists were scored (0: no limit).
PolishResult polish(const RuleSet& set, const SearchOptions& options, const Incumbent& start,
                    std::uint64_t max_lists);

}  // namespace adm::methods::rulelist
