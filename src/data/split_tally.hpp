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
#include "data/order_search.hpp"
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
  // Census, per binned feature: rows with a value, and value -> rows until a rank sees more than
  // SplitAuditSettings::value_table_limit distinct values (then `overflow`, and the table empty).
  std::vector<std::uint64_t> value_rows;
  std::vector<std::uint8_t> overflow;
  std::vector<std::map<double, std::uint64_t>> values;
  std::vector<std::uint64_t> histogram;  // refinement pass: the searches' counters, in order
  bool has_cells = false;
  std::vector<CellCounts> info;  // per feature: (feature, target, sensitive...)
  CellCounts fair;               // (target, decision, sensitive...)

  std::string to_bytes() const;
  static AuditTally from_bytes(const std::string& bytes);
  // `later` = the next rank's rows; a merged value table over `value_limit` values overflows.
  void merge(const AuditTally& later, std::uint64_t value_limit);
};

// Bins of each feature (empty for a categorical one): cut points of the discretizer.
using FeatureCuts = std::vector<std::vector<double>>;

// What a pass over the rows collects besides the checks' data.
enum class TallyPass {
  Census,  // values of binned features (for cut points)
  Refine,  // histogram counters of the order searches (features with too many values)
  Cells,   // the cells, with the cut points
};

class AuditTallier {
 public:
  // `cuts` for Cells, `searches` (one per feature, empty ones for the others) for Refine.
  AuditTallier(const SplitPlan& plan, TallyPass pass, std::uint64_t keep_records,
               const FeatureCuts* cuts = nullptr,
               const std::vector<OrderSearch>* searches = nullptr);
  void add(const SliceRecord& record);
  AuditTally& tally() { return tally_; }
  const SplitPlan& plan() const { return plan_; }

 private:
  bool keep(const SliceRecord& record, SplitPlan::Row& row);
  void count_cells(const SplitPlan::Row& row);

  void collect_values(const SplitPlan::Row& row);

  const SplitPlan& plan_;
  TallyPass pass_;
  const FeatureCuts* cuts_;
  const std::vector<OrderSearch>* searches_;
  std::uint64_t keep_records_;
  AuditTally tally_;
  SplitPlan::Row row_;
  std::vector<std::int32_t> tuple_;
};

}  // namespace adm::data
