#include "methods/rulelist/fair_bounds.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "core/error.hpp"

namespace adm::methods::rulelist {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kSlack = 1e-12;  // round-off allowed when two rate intervals just touch
constexpr int kMaxSteps = 64;     // bisection steps per window problem

// One group's one rate over the box of completions (see the header): its range, the rate at zero
// errors, the least errors c(r) at rate r, and whether some completion leaves it undefined.
struct RateModel {
  bool ratio = false;     // PPV/NPV: good / (good + bad); else linear
  double w = 0.0;         // linear: c(r) = w |r - ideal|
  double cg = 0, cb = 0;  // ratio: captured good / bad rows (fixed)
  double ug = 0, ub = 0;  // ratio: uncaptured rows that are good / bad when predicted so
  double lo = 0, hi = 0, ideal = 0;
  bool excludable = false;     // some completion leaves the rate undefined ...
  double exclude_cost = kInf;  // ... at least this many errors

  double cost(double r) const {
    if (!ratio) return w * std::fabs(r - ideal);
    if (r >= hi) return 0.0;
    if (r <= 0.0) return ug;  // r = 0 < hi needs cg = 0 and no good row predicted so
    // Points of rate r: (cg + g) / (cg + cb + g + b) = r, i.e. b = (cg + g) / s - cb with
    // s = r / (1 - r); errors (ug - g) + b are linear in g, so the least is at an end of the
    // feasible g range (b within [0, ub], g within [0, ug]).
    const double s = r / (1.0 - r);
    const double gmin = std::max(0.0, cb * s - cg);
    const double gmax = std::max(gmin, std::min(ug, (cb + ub) * s - cg));
    auto at = [&](double g) { return ug - g + std::max(0.0, (cg + g) / s - cb); };
    return std::min(at(gmin), at(gmax));
  }
};

// Linear rate (c + x) / total with x in [0, span], ideal at c + best.
bool linear(double total, double c, double span, double best, RateModel& m) {
  if (total <= 0) return false;  // undefined in every completion: not part of the metric
  m.w = total;
  m.lo = c / total;
  m.hi = (c + span) / total;
  m.ideal = (c + best) / total;
  return true;
}

// Ratio good / (good + bad): cg, cb fixed; ug, ub more rows that are good / bad when predicted
// into the ratio's denominator. Undefined exactly when the denominator is 0.
bool ratio(double cg, double cb, double ug, double ub, RateModel& m) {
  if (cg + cb + ug + ub <= 0) return false;
  m.ratio = true;
  m.cg = cg, m.cb = cb, m.ug = ug, m.ub = ub;
  m.lo = cg + cb + ub > 0 ? cg / (cg + cb + ub) : 1.0;  // all bad rows in, no good one
  m.hi = cg + cb + ug > 0 ? (cg + ug) / (cg + cb + ug) : 0.0;
  m.ideal = m.hi;
  m.excludable = cg + cb <= 0;  // nothing fixed in the denominator: leave all rows out
  m.exclude_cost = m.excludable ? ug : kInf;
  return true;
}

enum class Rate { Selection, Tpr, Fpr, Ppv, Npv };

bool model(const GroupCells& c, Rate rate, RateModel& m) {
  switch (rate) {
    case Rate::Selection:  // (tp + fp + x1 + x0) / n, ideal x1 = u1, x0 = 0
      return linear(double(c.tp) + c.fp + c.tn + c.fn + c.u1 + c.u0, double(c.tp) + c.fp,
                    double(c.u1) + c.u0, c.u1, m);
    case Rate::Tpr:  // (tp + x1) / P, ideal x1 = u1
      return linear(double(c.tp) + c.fn + c.u1, c.tp, c.u1, c.u1, m);
    case Rate::Fpr:  // (fp + x0) / N, ideal x0 = 0
      return linear(double(c.fp) + c.tn + c.u0, c.fp, c.u0, 0.0, m);
    case Rate::Ppv:  // (tp + x1) / (tp + fp + x1 + x0)
      return ratio(c.tp, c.fp, c.u1, c.u0, m);
    case Rate::Npv:  // (tn + u0 - x0) / (tn + fn + (u0 - x0) + (u1 - x1))
      return ratio(c.tn, c.fn, c.u0, c.u1, m);
  }
  throw InternalError("rulelist: unknown rate");
}

// The rates a metric adds up (second: none for one rate).
std::pair<Rate, std::optional<Rate>> rates_of(fairness::GapMetric metric) {
  using fairness::GapMetric;
  switch (metric) {
    case GapMetric::SP:
      return {Rate::Selection, std::nullopt};
    case GapMetric::PP:
      return {Rate::Ppv, std::nullopt};
    case GapMetric::PE:
      return {Rate::Fpr, std::nullopt};
    case GapMetric::EOpp:
      return {Rate::Tpr, std::nullopt};
    case GapMetric::EOdds:
      return {Rate::Tpr, Rate::Fpr};
    case GapMetric::CUAE:
      return {Rate::Ppv, Rate::Npv};
  }
  throw InternalError("rulelist: unknown fairness metric");
}

// Per group: its model of each rate of the metric (first, second), or none when the group can
// never be measured by the metric. A group left undefined by a completion through either rate
// is out of the metric for that completion.
struct GroupModels {
  RateModel first, second;
  bool two = false;
  bool always_defined() const { return !first.excludable && (!two || !second.excludable); }
  double exclude_cost() const { return std::min(first.exclude_cost, second.exclude_cost); }
};

std::vector<GroupModels> models_of(const std::vector<GroupCells>& cells,
                                   fairness::GapMetric metric) {
  const auto [a, b] = rates_of(metric);
  std::vector<GroupModels> out;
  for (const auto& c : cells) {
    GroupModels g;
    g.two = b.has_value();
    if (!model(c, a, g.first)) continue;
    if (g.two && !model(c, *b, g.second)) continue;
    out.push_back(g);
  }
  return out;
}

double interval_distance(const RateModel& a, const RateModel& b) {
  return std::max({0.0, a.lo - b.hi, b.lo - a.hi});
}

// The least cost over the rates r in [lo_w, hi_w] (a window), or making the group undefined.
double group_cost(const RateModel& m, double lo_w, double hi_w, double exclude_cost) {
  double lo = std::max(lo_w, m.lo), hi = std::min(hi_w, m.hi), c = kInf;
  if (lo <= hi + kSlack) c = m.cost(std::min(std::max(m.ideal, lo), std::max(lo, hi)));
  return std::min(c, exclude_cost);
}

struct Piece {
  double lb, a, b;
  bool operator>(const Piece& o) const { return lb > o.lb; }
};

// Least total cost over window positions t with every group's rate in [t, t + width] (or the
// group undefined), as a lower bound (see the header, bound (b)).
// Linear costs, no group that can be undefined: on the feasible positions (every range meets the
// window) each group's cost is w max(0, t - ideal, ideal - width - t), so the total is convex and
// piecewise linear in t with kinks at ideal and ideal - width, and the feasible positions are the
// interval [max lo - width, min hi]: its least value is at one of those points, exactly.
// Otherwise the positions between consecutive such points are pieces, refined best-first by
// bisection until the bound exceeds `budget`, a position within the budget is found, or the steps
// run out.
double window_lb(const std::vector<RateModel>& ms, const std::vector<double>& exclude, double width,
                 double budget) {
  if (ms.size() < 2) return 0.0;
  auto piece_lb = [&](double a, double b) {
    double s = 0;
    for (std::size_t g = 0; g < ms.size() && s < kInf; ++g)
      s += group_cost(ms[g], a, b + width, exclude[g]);
    return s;
  };
  double tmin = kInf, tmax = -kInf;
  bool convex = true;
  for (std::size_t g = 0; g < ms.size(); ++g) {
    tmin = std::min(tmin, ms[g].lo - width), tmax = std::max(tmax, ms[g].hi);
    convex = convex && !ms[g].ratio && exclude[g] == kInf;
  }
  std::vector<double> points{tmin, tmax};
  for (const auto& m : ms)
    for (double t : {m.ideal, m.ideal - width, m.lo - width, m.hi})
      points.push_back(std::clamp(t, tmin, tmax));
  std::sort(points.begin(), points.end());
  double ub = kInf;
  for (double t : points) ub = std::min(ub, piece_lb(t, t));
  if (convex) return ub;
  std::vector<Piece> heap;
  for (std::size_t i = 0; i + 1 < points.size(); ++i)
    if (points[i] < points[i + 1])
      if (const double lb = piece_lb(points[i], points[i + 1]); lb < kInf)
        heap.push_back({lb, points[i], points[i + 1]});
  std::make_heap(heap.begin(), heap.end(), std::greater<>{});
  for (int step = 0; step < kMaxSteps && !heap.empty(); ++step) {
    const Piece p = heap.front();
    if (p.lb > budget || ub <= budget) return std::min(p.lb, ub);
    std::pop_heap(heap.begin(), heap.end(), std::greater<>{});
    heap.pop_back();
    const double mid = 0.5 * (p.a + p.b);
    ub = std::min(ub, piece_lb(mid, mid));
    for (const auto& [a, b] : {std::pair{p.a, mid}, std::pair{mid, p.b}}) {
      const double lb = std::max(p.lb, piece_lb(a, b));  // a sub-piece's bound is never lower
      if (lb == kInf) continue;
      heap.push_back({lb, a, b});
      std::push_heap(heap.begin(), heap.end(), std::greater<>{});
    }
  }
  return heap.empty() ? std::min(ub, kInf) : std::min(heap.front().lb, ub);
}

// Whether no completion can be measured (fewer than two groups can ever be defined).
bool never_measurable(const std::vector<GroupModels>& gm) { return gm.size() < 2; }

}  // namespace

double min_unfairness(const std::vector<GroupCells>& cells, fairness::GapMetric metric,
                      bool accept_undefined) {
  const auto gm = models_of(cells, metric);
  if (never_measurable(gm)) return accept_undefined ? 0.0 : kInf;
  double lb = 0.0;
  for (std::size_t a = 0; a < gm.size(); ++a) {
    if (!gm[a].always_defined()) continue;
    for (std::size_t b = a + 1; b < gm.size(); ++b) {
      if (!gm[b].always_defined()) continue;
      double d = interval_distance(gm[a].first, gm[b].first);
      if (gm[a].two) d += interval_distance(gm[a].second, gm[b].second);
      lb = std::max(lb, d);
    }
  }
  return lb;
}

double min_fair_errors(const std::vector<GroupCells>& cells, fairness::GapMetric metric,
                       double delta, bool accept_undefined, double budget) {
  const auto gm = models_of(cells, metric);
  if (never_measurable(gm)) return accept_undefined ? 0.0 : kInf;
  std::vector<RateModel> first, second;
  std::vector<double> exclude;
  for (const auto& g : gm) {
    first.push_back(g.first);
    second.push_back(g.second);
    exclude.push_back(g.exclude_cost());
  }
  const double lb1 = window_lb(first, exclude, delta, budget);
  if (!gm[0].two || lb1 > budget) return lb1;
  if (metric == fairness::GapMetric::EOdds)  // errors split exactly into TPR and FPR parts
    return lb1 + window_lb(second, exclude, delta, budget - lb1);
  return std::max(lb1, window_lb(second, exclude, delta, budget));  // CUAE
}

}  // namespace adm::methods::rulelist
