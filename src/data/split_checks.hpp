#pragma once
// The whole-file loader's and the audit's data-dependent checks, made on the merged tally of a
// file read in slices (split_tally.hpp), in the loader's order and with its messages: filters
// (levels that occur, rows left), missing values, the positive level, non-empty sensitive groups,
// a binary decision column. Returns the sensitive groups that remain, as the loader drops empty
// ones.
#include <cstdint>
#include <string>
#include <vector>

#include "data/split_plan.hpp"
#include "data/split_tally.hpp"

namespace adm::data {

struct KeptGroups {
  std::vector<std::string> levels;    // non-empty groups, in level order
  std::vector<std::int32_t> code_of;  // file level code -> kept code (-1: dropped)
};

std::vector<KeptGroups> check_split_tally(const SplitPlan& plan, const AuditTally& tally);

}  // namespace adm::data
