#pragma once
// Fairness-aware bound (c) of the rule-list search (issue 14): the fewest errors of a fair
// completion when the uncaptured rows are predicted by capture CLASS, not row by row.
//
// Classes. Two rows that every rule of the set captures alike (same capture vector) are predicted
// alike by every rule list: each rule either captures both or neither, and the default treats them
// alike. The sensitive attribute is not a rule, so a class may mix groups. A prefix leaves some
// classes uncaptured (a class is captured whole or not at all); every completion predicts each of
// them positive (x_c = 1) or negative (x_c = 0).
//
// Relaxation. Let x range over [0, 1]^C for the uncaptured classes. The errors on them are
// E(x) = sum_c n1_c (1 - x_c) + n0_c x_c (n1, n0: the class's positive / negative rows), at least
// their minority sum_c min(n0_c, n1_c) (CORELS' equivalent points). For a linear rate (selection,
// TPR, FPR) each group's rate is r_g(x) = (F_g + sum_c x_c w_gc) / T_g with F_g fixed by the
// prefix and T_g, w_gc constants (the group's rows, positives or negatives; w_gc those of class c
// among them). For any pair (a, b) of groups whose rate is defined (T > 0, the same in every
// completion), a fair completion has |r_a - r_b| <= delta: one linear function
// d(x) = d_0 + sum_c a_c x_c, a_c = w_ac / T_a - w_bc / T_b, in [-delta, delta]. So
//     LP(a, b) = min E(x) over x in [0, 1]^C with -delta <= d(x) <= delta
// is at most the errors of every fair completion (a completion is an integer point of it; the
// other pairs' constraints are dropped, which only lowers the minimum), and so is the maximum of
// LP(a, b) over pairs. Exact solution: start at x* = the class majority (x*_c = 1 iff n1_c > n0_c;
// E(x*) = the minority, and E(x) = E(x*) + sum_c |n1_c - n0_c| |x_c - x*_c|). If d(x*) lies in the
// window, LP = E(x*). If d(x*) > delta, the minimum over {d <= delta} is a fractional knapsack:
// moving class c off x* changes d by a_c (x*_c = 1: down to 0, lowering d by a_c when a_c > 0; x*_c
// = 0: up to 1, lowering d by -a_c when a_c < 0) at |n1_c - n0_c| errors per full move, linearly;
// the cheapest way to lower d by D = d(x*) - delta takes moves in increasing order of cost per unit
// of d (the last one in part). That optimum ends at d = delta >= -delta, so it is the minimum over
// the window too. d(x*) < -delta is symmetric. If the moves cannot cover D, no x is fair: +inf. The
// orders depend only on the class and the pair (a_c uses the groups' constant sizes), so they are
// sorted once per search; a prefix's bound walks them, skipping captured classes, and may stop as
// soon as the partial sum (a lower bound of the whole) exceeds the budget. Two rates (EOdds =
// |dTPR| + |dFPR| <= delta): each gap is <= delta, so each one-rate LP is a lower bound and their
// maximum is. Both at once (issue 30): |u| + |v| = max(|u + v|, |u - v|), so EOdds' constraint is
// exactly |dTPR + dFPR| <= delta and |dTPR - dFPR| <= delta; each of these is again one linear
// function of x in [-delta, delta] (coefficients a_c(TPR) +- a_c(FPR)), so its LP is the same
// fractional knapsack and a lower bound too. The bound is the maximum over the four (two one-rate,
// two joint): a joint one is larger where both gaps are open (it charges the moves that close
// one gap and widen the other). PPV/NPV (PP, CUAE) are not linear in x: no class bound there (the
// row-wise bound (b) of fair_bounds.hpp still applies).
#include <cstdint>
#include <vector>

#include "fairness/gaps.hpp"
#include "methods/rulelist/bits.hpp"
#include "methods/rulelist/fair_bounds.hpp"
#include "methods/rulelist/rule_set.hpp"

namespace adm::methods::rulelist {

// A class leaving x* (see above): how much it changes d, and the errors it costs.
struct ClassMove {
  std::uint32_t cls;
  double gain, cost;  // |a_c|, |n1_c - n0_c|
};

// What bound (c) needs of one prefix: its uncaptured rows, counts over them, and the moves of its
// uncaptured classes (made by one ClassBound's load, valid for that bound only).
struct ClassState {
  Bits uncaptured;
  std::vector<std::uint32_t> ideal;  // per rate and group: uncaptured rows x* counts in the rate
  std::uint32_t minority = 0;        // uncaptured rows of their class's minority label
  std::vector<std::vector<ClassMove>> moves;  // per pair side: lowering d, raising d
};

class ClassBound {
 public:
  // Whether bound (c) exists for the metric (the linear-rate ones: SP, PE, EOpp, EOdds).
  static bool applies(fairness::GapMetric metric);

  ClassBound(const RuleSet& set, fairness::GapMetric metric);
  std::size_t classes() const { return rep_.size(); }
  // The classes rule `rule` captures.
  const Bits& rule_classes(std::size_t rule) const { return rule_classes_[rule]; }
  // Whether this bound is never below bounds (a) and (b) of fair_bounds.hpp: two groups, both in
  // the metric, one rate. Then (b) is the same LP over the row box, of which the class box is a
  // subset, so (c) >= (b); and (a) > delta means no point of the row box is fair, so none of the
  // class box either and (c) is +inf.
  bool covers_rows() const { return groups_ == 2 && rates_.size() == 1 && sides_.size() == 1; }
  // The number of linear constraints |d(x)| <= delta bounded (pairs x (rates, + joint ones)).
  std::size_t sides() const { return sides_.size(); }

  // The state of a prefix capturing `captured`.
  void load(const Bits& captured, ClassState& out) const;

  // Lower bound of the errors on the uncaptured rows of every completion with unfairness <= delta
  // (+inf: none), for the prefix whose state is `state` (rule < 0) or for its child adding `rule`;
  // `cells`: the counts of that prefix or child. Stops early once the answer exceeds `budget`
  // (the value returned is a valid lower bound either way).
  double min_errors(const std::vector<GroupCells>& cells, const ClassState& state, int rule,
                    double delta, double budget) const;

 private:
  using Move = ClassMove;
  struct Side {  // d = gap of rate[0] + sign * gap of rate[1] (terms = 1: rate[0] alone)
    int rate[2];
    double sign;
    int terms;
    std::size_t a, b;
    std::vector<Move> down, up;  // moves lowering / raising d, cheapest per unit first
  };
  double walk(const std::vector<Move>& moves, double need, double base, double budget,
              int rule) const;

  const RuleSet& set_;
  std::size_t groups_;
  std::vector<int> rates_;  // 0 selection, 1 TPR, 2 FPR
  std::vector<Side> sides_;
  std::vector<std::uint32_t> rep_;  // a row of each class
  std::vector<Bits> rule_classes_;  // per rule: the classes it captures
  std::vector<Bits> ideal_masks_;   // per rate and group: rows of x*-positive classes counted
  Bits minority_;
};

}  // namespace adm::methods::rulelist
