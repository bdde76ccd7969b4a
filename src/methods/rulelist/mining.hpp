#pragma once
// Antecedents from a categorical data set (FairCORELS Sec. 5.1): the items R (one per level of
// each feature; a 0/1 column is one item, its 1s), their negations, and the conjunctions of two
// items of different features whose support is at least sigma. The sensitive attributes are never
// items; they become the groups of the fairness constraint (several attributes: their
// intersections).
#include <string>

#include "data/dataset.hpp"
#include "methods/rulelist/rule_set.hpp"

namespace adm::methods::rulelist {

struct MiningOptions {
  bool columns_are_rules = false;  // every feature is a 0/1 column that is itself an antecedent
  bool negations = true;           // add "not item" for each item
  int max_cardinality = 2;         // 1: single items; 2: also pairs
  double min_support = 0.01;       // sigma: minimum fraction of rows a pair must capture
  bool drop_duplicates = true;     // keep only the first of rules with identical captures
};

// The target must be binary (two levels or 0/1 values; positive = second level / 1). Features
// must be categorical (discretise numeric ones first); InputError naming the column otherwise.
RuleSet mine_rules(const data::Dataset& data, const MiningOptions& options);

// Per-row code of the cross of the given categorical columns (only combinations that occur get a
// code, in order of first appearance sorted by level codes) and the names ("race=x & sex=y").
struct GroupCodes {
  std::vector<std::int32_t> codes;
  std::vector<std::string> names;
};
GroupCodes sensitive_groups(const data::Dataset& data, const std::vector<std::string>& columns);

// Binary labels of the target column (see mine_rules), with the names of the two classes.
Bits binary_labels(const data::Dataset& data, std::string* negative_name,
                   std::string* positive_name);

}  // namespace adm::methods::rulelist
