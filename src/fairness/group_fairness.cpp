#include "fairness/group_fairness.hpp"

#include "core/error.hpp"

namespace adm::fairness {

const Gap& FairnessReport::gap(GapMetric metric) const {
  switch (metric) {
    case GapMetric::SP:
      return sp;
    case GapMetric::PP:
      return pp;
    case GapMetric::PE:
      return pe;
    case GapMetric::EOpp:
      return eopp;
    case GapMetric::EOdds:
      return eodds;
    case GapMetric::CUAE:
      return cuae;
  }
  throw InternalError("FairnessReport::gap: unknown metric");
}

Gap& FairnessReport::gap(GapMetric metric) {
  return const_cast<Gap&>(static_cast<const FairnessReport&>(*this).gap(metric));
}

FairnessReport report_from_tally(GroupTally tally, const FairnessOptions& options) {
  FairnessReport r;
  r.groups = tally.groups;
  r.rows_used = tally.rows_used;
  r.rows_skipped = tally.rows_skipped;
  r.total_weight = tally.total_weight;
  r.overall = tally.overall;
  r.per_group = std::move(tally.per_group);
  for (GapMetric m : kAllGapMetrics) r.gap(m) = gap(r.per_group, m);
  r.di = disparate_impact(r.per_group, options.reference_group, options.di_threshold);
  return r;
}

FairnessReport evaluate(const FairnessInputs& inputs, const FairnessOptions& options) {
  return report_from_tally(tally_groups(inputs), options);
}

FairnessReport evaluate_on_rows(const FairnessInputs& inputs, const std::vector<std::size_t>& rows,
                                const FairnessOptions& options) {
  return report_from_tally(tally_groups(inputs, rows), options);
}

}  // namespace adm::fairness
