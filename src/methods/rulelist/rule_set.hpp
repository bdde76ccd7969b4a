#pragma once
// The search problem of a rule list: the antecedents (rules) with the rows each captures, the
// binary labels, the sensitive groups and the rows that no rule list can classify correctly
// (the minority of each set of rows that every rule treats alike: CORELS' equivalent points).
#include <cstdint>
#include <string>
#include <vector>

#include "methods/rulelist/bits.hpp"

namespace adm::methods::rulelist {

struct Rule {
  std::string name;  // e.g. "priors:>3" or "age:18-20 && sex:Male"
  Bits captures;     // rows where the antecedent holds
};

struct RuleSet {
  std::string source;  // where the rules came from (messages, results)
  std::size_t rows = 0;
  std::vector<Rule> rules;  // at most 65535 (indices are 16-bit in the search)
  Bits labels;              // 1 = positive class
  std::string negative_name = "0", positive_name = "1";
  std::vector<Bits> groups;  // one per sensitive group (disjoint); empty = no fairness
  std::vector<std::string> group_names;
  Bits minority;  // see equivalent_minority()

  std::size_t positives() const { return labels.count(); }
};

// The class of each row: rows with the same capture pattern over all rules share one (every rule
// list predicts them alike). Classes are numbered 0.. in the order of their patterns; `classes`
// receives how many there are.
std::vector<std::uint32_t> capture_classes(const std::vector<Rule>& rules, std::size_t rows,
                                           std::size_t* classes = nullptr);

// Rows whose label is the minority label among the rows with the same capture pattern over all
// rules (ties: the positive rows are marked). Every rule list misclassifies at least these rows
// that it leaves uncaptured (equivalent-points bound).
Bits equivalent_minority(const std::vector<Rule>& rules, const Bits& labels);

// The problem restricted to `rows` (sorted or not, no repeats), minority recomputed. Rules keep
// their indices so rule lists learned on one subset can be applied to another.
RuleSet restrict_rows(const RuleSet& set, const std::vector<std::size_t>& rows);

// Drops rules capturing no row or every row (never useful in a rule list) and, when
// `drop_duplicates`, rules whose capture vector equals an earlier rule's. Returns the number
// dropped. Order of the rules kept is unchanged.
std::size_t prune_rules(RuleSet& set, bool drop_duplicates);

// Group bit vectors from per-row group codes 0..G-1 (codes < 0: row in no group).
void set_groups(RuleSet& set, const std::vector<std::int32_t>& codes,
                std::vector<std::string> names);

// Checks sizes and limits; InternalError naming what is inconsistent.
void check_rule_set(const RuleSet& set);

}  // namespace adm::methods::rulelist
