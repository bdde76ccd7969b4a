#pragma once
// A FairnessReport as a flat vector of doubles: the task farm moves std::vector<double>, and
// bootstrap replicates become rows of a (replicates x metrics) matrix for bootstrap_ci.
#include <span>
#include <string>
#include <vector>

#include "fairness/group_fairness.hpp"

namespace adm::fairness {

// Flat form, one double per name of metric_names(G), in this order:
//   groups, rows_used, rows_skipped, total_weight;
//   overall.<f> then group[g].<f> for g = 0..G-1, with <f> in kRateFields order;
//   <m>.value, <m>.defined_groups, <m>.undefined_groups, <m>.group_a, <m>.group_b for
//     m = sp, pp, pe, eopp, eodds, cuae;
//   di.ratio, di.reference_group, di.threshold, di.verdict (1 pass, 0 fail, NaN undefined),
//     di.undefined_groups, then di.ratio_vs_reference[g] for g = 0..G-1.
// NaN entries stay NaN. Length = flat_size(G).
inline constexpr const char* kRateFields[] = {
    "rows",           "count", "tp",  "fp",  "tn",  "fn",  "base_rate",
    "selection_rate", "tpr",   "fpr", "fnr", "ppv", "npv", "accuracy"};

std::size_t flat_size(std::size_t groups);
std::vector<std::string> metric_names(std::size_t groups);
std::vector<double> to_vector(const FairnessReport& report);
// The reverse; InputError when the length does not match the group count in v[0].
FairnessReport from_vector(std::span<const double> v);

}  // namespace adm::fairness
