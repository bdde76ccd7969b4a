#pragma once
// CORELS' own input files, so results can be compared with CORELS on identical rule sets:
//   .out    one antecedent per line: "{item}" or "{item1,item2}" then one 0/1 per row (capture)
//   .label  two lines, "{name:negative}" then "{name:positive}", each followed by 0/1 per row
//   .minor  one line "{name}" then 0/1 per row: CORELS' equivalent-points minority vector
// and, our addition for fairness, a groups file in the same layout: one line per sensitive group
// "{group}" then 0/1 per row (each row in at most one group).
#include <string>

#include "methods/rulelist/rule_set.hpp"

namespace adm::methods::rulelist {

struct CorelsFiles {
  std::string out;     // required
  std::string label;   // required
  std::string minor;   // optional: empty = compute the minority from the rules
  std::string groups;  // optional: empty = no sensitive groups
};

// Reads the files; InputError naming file, line and what is wrong (unequal row counts, a token
// other than 0/1, a missing "{name}"). Rules are kept as given (no pruning), so rule indices match
// the line numbers of the .out file.
RuleSet read_corels(const CorelsFiles& files);

}  // namespace adm::methods::rulelist
