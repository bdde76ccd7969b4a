#pragma once
// Everything the audit needs from the rows, as counts: a rank tallies the records of its slice
// (AuditTallier), the tallies are merged in rank order (merge), and the audit's results and checks
// are computed from the merged tally alone. Two passes when numeric features are binned: the first
// (census) finds the values to cut at, the second counts the cells with the cuts; one otherwise.
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "data/cell_counts.hpp"
#include "data/slice_records.hpp"
#include "data/split_plan.hpp"

namespace adm::data {

struct FilterCounts {
  std::vector<std::uint64_t> level_rows;   // categorical: rows reaching the filter, per level
  std::vector<std::uint64_t> wanted_rows;  // numeric `in`: rows reaching it, per wanted value
  std::uint64_t passed = 0;
};

struct AuditTally {
  std::uint64_t rows = 0;              // rows of the dataset (after filters and `missing`)
  std::vector<std::uint64_t> missing;  // per dataset column, over those rows
  std::vector<FilterCounts> filters;
  std::uint64_t missing_line = 0;    // missing = "error": first row with a missing role value
  std::uint64_t missing_column = 0;  // ... and its first missing role column
  std::vector<std::uint64_t> target_counts;  // per (recoded) target level
  std::uint64_t non_integer_line = 0;        // numeric target with data.positive: first non-integer
  std::string non_integer_text;
  std::vector<std::vector<std::uint64_t>> sensitive_counts;  // per attribute, per file level
  // The decision column: its first distinct texts (at most 3, by first line), first missing line.
  std::vector<std::pair<std::string, std::uint64_t>> decision_texts;
  std::uint64_t decision_missing_line = 0;
  std::vector<std::map<double, std::uint64_t>> values;  // per binned feature: value -> rows
  bool has_cells = false;
  std::vector<CellCounts> info;  // per feature: (feature, target, sensitive...)
  CellCounts fair;               // (target, decision, sensitive...)

  std::string to_bytes() const;
  static AuditTally from_bytes(const std::string& bytes);
  void merge(const AuditTally& later);  // `later` = the next rank's rows
};

// Bins of each feature (empty for a categorical one): cut points of the discretizer.
using FeatureCuts = std::vector<std::vector<double>>;

class AuditTallier {
 public:
  // `cuts` = nullptr: census only (no cells; values of binned features are collected).
  AuditTallier(const SplitPlan& plan, const FeatureCuts* cuts, std::uint64_t keep_records);
  void add(const SliceRecord& record);
  AuditTally& tally() { return tally_; }

 private:
  bool keep(const SliceRecord& record, SplitPlan::Row& row);
  void count_cells(const SplitPlan::Row& row);

  const SplitPlan& plan_;
  const FeatureCuts* cuts_;
  std::uint64_t keep_records_;
  AuditTally tally_;
  SplitPlan::Row row_;
  std::vector<std::int32_t> tuple_;
};

}  // namespace adm::data
