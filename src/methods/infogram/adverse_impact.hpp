#pragma once
// Adverse impact ratio (AIR, a.k.a. disparate impact) and its conditional version CAIR, paper
// appendix A.4 ("Beware of the spurious bias problem").
//
// AIR(Y, G) = lowest / highest group rate of the favourable outcome, rate_g = P(Y = 1 | G = g).
// The appendix writes the ratio as female/male in (6.3) and male/female in (6.4)-(6.5): in each
// case the less favoured group over the more favoured one, i.e. the EEOC four-fifths rule of its
// footnote 18 ("no less than 80% of that of the highest-accepted group"). With G > 2 it is min_g /
// max_g, the same as fairness::DisparateImpact::ratio.
//
// CAIR(Y, G | D) = integral of AIR(Y, G | D = d) dF_D (6.7) = sum_d P(D = d) AIR(Y, G | D = d)
// (6.8): the within-stratum AIRs averaged with the (weighted) stratum shares.
//
// Minimum group size: groups (within a stratum, for CAIR) whose weighted size is below
// `min_group_size` are left out of the min / max. Without it, an attribute with many small groups
// (age with 56-73 levels) has a group of one or two people with rate 0, and that group alone makes
// the ratio 0.
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace adm::methods {

inline constexpr double kAirNaN = std::numeric_limits<double>::quiet_NaN();

struct AirResult {
  // min / max over groups whose rate is defined (present in the data) and that are not below the
  // minimum size (their rates are still reported); NaN when fewer than two such
  // groups, or when every rate is 0 (0/0).
  double ratio = kAirNaN;
  std::vector<double> rates;                           // per group, NaN where the group is absent
  std::vector<double> counts;                          // per group, weighted
  std::int32_t lowest_group = -1, highest_group = -1;  // the groups the ratio compares
  std::size_t small_groups = 0;  // non-empty groups left out for being below the minimum size
};

struct CairResult {
  double value = kAirNaN;
  std::vector<double> stratum_share;  // P(D = d), weighted, over all rows
  std::vector<AirResult> per_stratum;
  // Strata whose AIR is undefined (one group only, or no favourable outcome) are left out and the
  // shares of the others renormalised; this counts them. value is NaN if none is defined.
  std::size_t undefined_strata = 0;
};

// y: 1 = favourable outcome, 0 = not; group: 0..G-1 (G = max + 1); weights empty = unit, else one
// finite non-negative weight per row (a frequency table expands through its counts as weights).
AirResult adverse_impact_ratio(std::span<const std::int32_t> y, std::span<const std::int32_t> group,
                               std::span<const double> weights = {}, double min_group_size = 0.0);

// stratum: 0..D-1, the conditioning variable (e.g. department).
CairResult conditional_adverse_impact_ratio(std::span<const std::int32_t> y,
                                            std::span<const std::int32_t> group,
                                            std::span<const std::int32_t> stratum,
                                            std::span<const double> weights = {},
                                            double min_group_size = 0.0);

}  // namespace adm::methods
