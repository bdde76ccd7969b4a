#pragma once
// One call that evaluates group fairness of binary predictions: per-group rates, the six FairCORELS
// gaps and disparate impact. report_flat.hpp turns the report into doubles for MPI.
#include <vector>

#include "fairness/gaps.hpp"
#include "fairness/group_rates.hpp"

namespace adm::fairness {

struct FairnessOptions {
  std::int32_t reference_group = -1;  // for DI ratios; -1 = the most selected group
  double di_threshold = 0.8;          // four-fifths rule
};

struct FairnessReport {
  std::size_t groups = 0;
  std::size_t rows_used = 0;
  std::size_t rows_skipped = 0;
  double total_weight = 0.0;
  GroupRates overall;
  std::vector<GroupRates> per_group;
  Gap sp, pp, pe, eopp, eodds, cuae;  // see gaps.hpp for definitions, G > 2 and NaN rules
  DisparateImpact di;

  const Gap& gap(GapMetric metric) const;
  Gap& gap(GapMetric metric);
};

FairnessReport evaluate(const FairnessInputs& inputs, const FairnessOptions& options = {});
// On a bootstrap sample: `rows` index the inputs and may repeat; nothing is copied.
FairnessReport evaluate_on_rows(const FairnessInputs& inputs, const std::vector<std::size_t>& rows,
                                const FairnessOptions& options = {});
// The same from an existing tally (e.g. one built by another layer).
FairnessReport report_from_tally(GroupTally tally, const FairnessOptions& options = {});

}  // namespace adm::fairness
