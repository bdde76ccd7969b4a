#pragma once
// Group gaps: the six FairCORELS unfairness measures generalised to G >= 2 groups, and the
// disparate-impact ratio (four-fifths rule).
//
// Definitions (Aïvodji et al., "FairCORELS", shared/papers/fair-rule-lists-faircorels.txt,
// Sec. 2.1), for two groups a, b:
//   SP    (Def. 1) |P(Yhat=1|a) - P(Yhat=1|b)|                     selection-rate gap
//   PP    (Def. 2) |P(Y=1|Yhat=1,a) - P(Y=1|Yhat=1,b)|             PPV gap
//   PE    (Def. 3) |P(Yhat=1|Y=0,a) - P(Yhat=1|Y=0,b)|             FPR gap
//   EOpp  (Def. 4) |P(Yhat=1|Y=1,a) - P(Yhat=1|Y=1,b)|             TPR gap
//   EOdds (Def. 5) |TPR gap| + |FPR gap|                           a SUM of two gaps
//   CUAE  (Def. 6) |PPV gap| + |NPV gap|, NPV = P(Y=0|Yhat=0)      a SUM of two gaps
// The sums follow the paper's Definitions 5-6 and the reference C++ search (ORIGIN.md: its Python
// helper reports equalized odds as a max instead; we follow the paper and the search).
//
// G > 2: the value is the largest gap over PAIRS of groups. For one rate that is max - min; for
// EOdds/CUAE it is max over pairs (a,b) of |dTPR(a,b)| + |dFPR(a,b)| — not (max TPR gap) + (max FPR
// gap), which can add gaps of two different pairs and overstate the worst pair. For G = 2 all of
// these equal the paper's formulas.
//
// Undefined rates: a group whose rate (any of the two, for a sum) is NaN — denominator 0, e.g. no
// positives for TPR, or an empty group — is left out. The gap is taken over the groups where the
// metric is defined, `undefined_groups` says how many were left out, and the value is NaN when
// fewer than two groups remain. Consumers must treat NaN as "not measurable", never as 0.
#include <cstdint>
#include <vector>

#include "fairness/group_rates.hpp"

namespace adm::fairness {

struct Gap {
  double value = kNaN;
  std::size_t defined_groups = 0;
  std::size_t undefined_groups = 0;
  // The pair attaining the value, group_a < group_b (first such pair in (a, b) order on ties);
  // -1 when the value is NaN. The per-group rates show which side is favoured.
  std::int32_t group_a = -1;
  std::int32_t group_b = -1;
};

enum class GapMetric { SP, PP, PE, EOpp, EOdds, CUAE };
inline constexpr GapMetric kAllGapMetrics[] = {GapMetric::SP,   GapMetric::PP,    GapMetric::PE,
                                               GapMetric::EOpp, GapMetric::EOdds, GapMetric::CUAE};
const char* to_string(GapMetric metric);  // "sp", "pp", "pe", "eopp", "eodds", "cuae"

Gap gap(const std::vector<GroupRates>& per_group, GapMetric metric);

enum class Verdict { Pass, Fail, Undefined };

struct DisparateImpact {
  // min / max selection rate over groups where it is defined; NaN when fewer than 2 such groups or
  // when every defined rate is 0 (0/0).
  double ratio = kNaN;
  // Selection rate of each group / that of the reference group (NaN where either is undefined, or
  // the reference rate is 0).
  std::vector<double> ratio_vs_reference;
  // Default: the defined group with the highest selection rate (lowest index on ties); -1 if none.
  std::int32_t reference_group = -1;
  double threshold = 0.8;
  // Four-fifths rule on `ratio` (every group >= threshold x the most selected group). A relative
  // tolerance of 1e-12 keeps 0.4/0.5 from failing by round-off. Undefined when ratio is NaN.
  Verdict verdict = Verdict::Undefined;
  std::size_t undefined_groups = 0;
};

// reference_group = -1 picks the group with the highest selection rate; threshold in (0, 1].
DisparateImpact disparate_impact(const std::vector<GroupRates>& per_group,
                                 std::int32_t reference_group = -1, double threshold = 0.8);

}  // namespace adm::fairness
