#pragma once
// Fairness-aware bounds for the rule-list search (issue 14): what the rows a prefix leaves
// uncaptured can still do for the fairness metric, and what it costs in errors.
//
// Relaxation. A prefix fixes the predictions of the rows it captures; the rules and default that
// follow predict the other rows. Every completion therefore predicts positive some subset of the
// uncaptured rows, i.e. in each sensitive group g some x1 in [0, u1] of its uncaptured positives
// and some x0 in [0, u0] of its uncaptured negatives. We let (x1, x0) range over the real box
// [0, u1] x [0, u0] of every group independently. Every completion is a point of this box, so a
// minimum over the box is at most the minimum over completions: both bounds below are valid LOWER
// bounds and never cut the fair optimum. The metrics are those of src/fairness/gaps.hpp (the
// largest gap over pairs of groups where the metric is defined; a group whose rate is undefined
// is left out, and fewer than two defined groups give NaN, fair only with accept_undefined).
//
// (a) min_unfairness: a lower bound of the unfairness of every completion. Each rate of a group
//     moves in an interval [lo, hi] over the box (selection rate, TPR, FPR are affine in x; PPV
//     and NPV are monotone in x1 and x0, so their extremes are at corners). For any completion and
//     any pair (a, b) of groups defined in every completion, |r_a - r_b| >= dist([lo_a, hi_a],
//     [lo_b, hi_b]); the metric (a sum of one or two such gaps for one pair, maximised over pairs)
//     is therefore at least the largest over such pairs of the summed interval distances. Groups
//     that some completion leaves undefined (PPV/NPV with no fixed positive/negative prediction)
//     are left out of the pairs, which only lowers the bound.
//
// (b) min_fair_errors: a lower bound of the errors among the uncaptured rows of the groups made by
//     any completion whose unfairness is <= delta (or NaN, with accept_undefined). Errors split by
//     group: (u1 - x1) + x0. For one rate, making it r costs a group at least c(r), the least
//     errors over the box with that rate: zero at the "ideal" rate (every uncaptured row
//     predicted right) and monotone away from it (moving from any point towards the ideal point
//     changes the rate continuously and lowers the errors linearly). Linear for the selection
//     rate (n |r - ideal|), TPR (P (ideal - r)) and FPR (N (r - ideal)); for PPV/NPV, the points
//     with that rate lie on a line through the box along which the errors are linear, so c(r) is
//     the smaller value at the two ends of that segment. A gap <= delta over pairs puts every
//     defined group's rate into one window [t, t + delta]; for the window position t the least
//     cost is sum_g c_g(ideal_g projected onto [t, t + delta] n [lo_g, hi_g]) (or the cost of
//     making g undefined, where that is possible). For t in a piece [a, b], every window lies in
//     [a, b + delta], so the same sum with that wider window is a lower bound over the piece; a
//     best-first bisection of the t range refines the pieces until the bound exceeds the budget
//     (prune), a window position is found within the budget (do not prune), or a fixed number of
//     steps is spent (do not prune: the bound returned is still valid).
//     Two rates: EOdds = |dTPR| + |dFPR| <= delta implies each gap <= delta, and its errors split
//     exactly into a TPR part (x1) and an FPR part (x0), so the bound is the sum of the two
//     one-rate bounds. CUAE = |dPPV| + |dNPV| <= delta implies |dPPV| <= delta and |dNPV| <= delta;
//     each of the two one-rate bounds (a group may instead be made undefined by either rate) is a
//     lower bound, so their maximum is.
#include <cstdint>
#include <vector>

#include "fairness/gaps.hpp"

namespace adm::methods::rulelist {

// One sensitive group's rows under a prefix: captured, by (prediction, label); uncaptured, by
// label.
struct GroupCells {
  std::uint32_t tp = 0, fp = 0, tn = 0, fn = 0;
  std::uint32_t u1 = 0, u0 = 0;
};

// (a) Lower bound of the unfairness of every completion (0 when nothing can be said; +inf when no
// completion is measurable and `accept_undefined` is false).
double min_unfairness(const std::vector<GroupCells>& cells, fairness::GapMetric metric,
                      bool accept_undefined);

// (b) Lower bound of the errors among the groups' uncaptured rows of every completion with
// unfairness <= delta (+inf: none). `budget`: the search prunes when the bound exceeds it, so the
// computation may stop as soon as the answer to "bound > budget?" is known; the value returned is
// a valid lower bound either way.
double min_fair_errors(const std::vector<GroupCells>& cells, fairness::GapMetric metric,
                       double delta, bool accept_undefined, double budget);

}  // namespace adm::methods::rulelist
