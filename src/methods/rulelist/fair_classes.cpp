#include "methods/rulelist/fair_classes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"

namespace adm::methods::rulelist {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

enum Rate { kSelection = 0, kTpr = 1, kFpr = 2, kRates = 3 };

// A group's rate from a prefix's counts: the rows x* (or the prefix) predicts positive among
// those the rate counts (fixed part) and how many rows the rate counts (constant).
double fixed_part(const GroupCells& c, int rate) {
  switch (rate) {
    case kSelection:
      return double(c.tp) + c.fp;
    case kTpr:
      return c.tp;
    default:
      return c.fp;
  }
}
double total(const GroupCells& c, int rate) {
  switch (rate) {
    case kSelection:
      return double(c.tp) + c.fp + c.tn + c.fn + c.u1 + c.u0;
    case kTpr:
      return double(c.tp) + c.fn + c.u1;
    default:
      return double(c.fp) + c.tn + c.u0;
  }
}

}  // namespace

bool ClassBound::applies(fairness::GapMetric metric) {
  using fairness::GapMetric;
  return metric == GapMetric::SP || metric == GapMetric::PE || metric == GapMetric::EOpp ||
         metric == GapMetric::EOdds;
}

ClassBound::ClassBound(const RuleSet& set, fairness::GapMetric metric)
    : set_(set), groups_(set.groups.size()), minority_(set.rows) {
  using fairness::GapMetric;
  if (!applies(metric)) throw InternalError("rulelist: no class bound for this metric");
  if (metric == GapMetric::SP) rates_ = {kSelection};
  if (metric == GapMetric::PE) rates_ = {kFpr};
  if (metric == GapMetric::EOpp) rates_ = {kTpr};
  if (metric == GapMetric::EOdds) rates_ = {kTpr, kFpr};
  std::size_t count = 0;
  const auto id = capture_classes(set.rules, set.rows, &count);
  rep_.assign(count, 0);
  std::vector<double> n0(count, 0), n1(count, 0);
  // w[(rate * G + g) * C + c]: class c's rows in group g counted by the rate; t: the group's.
  std::vector<double> w(kRates * groups_ * count, 0), t(kRates * groups_, 0);
  for (std::size_t row = set.rows; row-- > 0;) {
    const std::uint32_t c = id[row];
    rep_[c] = static_cast<std::uint32_t>(row);
    const bool y = set.labels.get(row);
    (y ? n1 : n0)[c] += 1;
    for (std::size_t g = 0; g < groups_; ++g) {
      if (!set.groups[g].get(row)) continue;
      for (int rate : {int(kSelection), y ? int(kTpr) : int(kFpr)}) {
        w[(rate * groups_ + g) * count + c] += 1;
        t[rate * groups_ + g] += 1;
      }
    }
  }
  // x*: each class predicted as its majority (ties negative, as equivalent_minority).
  auto ideal = [&](std::uint32_t c) { return n1[c] > n0[c]; };
  for (std::size_t row = 0; row < set.rows; ++row)
    if (set.labels.get(row) != ideal(id[row])) minority_.set(row);
  for (int rate = 0; rate < kRates; ++rate)
    for (std::size_t g = 0; g < groups_; ++g) {
      Bits mask(set.rows);
      for (std::size_t row = 0; row < set.rows; ++row) {
        const bool counted = rate == kSelection || set.labels.get(row) == (rate == kTpr);
        if (set.groups[g].get(row) && counted && ideal(id[row])) mask.set(row);
      }
      ideal_masks_.push_back(std::move(mask));
    }
  for (const auto& rule : set.rules) {
    Bits b(count);
    for (std::size_t c = 0; c < count; ++c)
      if (rule.captures.get(rep_[c])) b.set(c);
    rule_classes_.push_back(std::move(b));
  }
  // A group is in the metric iff all its rates are defined (the same in every completion).
  auto defined = [&](std::size_t g) {
    for (int rate : rates_)
      if (t[rate * groups_ + g] <= 0) return false;
    return true;
  };
  // The sides: each rate alone, and for two rates (EOdds) their sum and difference.
  std::vector<Side> shapes;
  for (int rate : rates_) shapes.push_back({{rate, rate}, 0.0, 1, 0, 0, {}, {}});
  if (rates_.size() == 2)
    for (double sign : {1.0, -1.0})
      shapes.push_back({{rates_[0], rates_[1]}, sign, 2, 0, 0, {}, {}});
  for (const Side& shape : shapes)
    for (std::size_t a = 0; a < groups_; ++a)
      for (std::size_t b = a + 1; b < groups_; ++b) {
        if (!defined(a) || !defined(b)) continue;
        Side s = shape;
        s.a = a;
        s.b = b;
        auto coefficient = [&](int rate, std::uint32_t c) {
          return w[(rate * groups_ + a) * count + c] / t[rate * groups_ + a] -
                 w[(rate * groups_ + b) * count + c] / t[rate * groups_ + b];
        };
        for (std::uint32_t c = 0; c < count; ++c) {
          double ac = coefficient(s.rate[0], c);
          if (s.terms == 2) ac += s.sign * coefficient(s.rate[1], c);
          if (ac == 0) continue;
          // Leaving x*: a class at 1 goes to 0 (d changes by -ac), one at 0 goes to 1 (+ac).
          const bool lowers = ideal(c) ? ac > 0 : ac < 0;
          (lowers ? s.down : s.up).push_back({c, std::fabs(ac), std::fabs(n1[c] - n0[c])});
        }
        for (auto* moves : {&s.down, &s.up})
          std::sort(moves->begin(), moves->end(), [](const Move& x, const Move& y) {
            const double rx = x.cost / x.gain, ry = y.cost / y.gain;
            return rx != ry ? rx < ry : x.cls < y.cls;
          });
        sides_.push_back(std::move(s));
      }
}

void ClassBound::load(const Bits& captured, ClassState& out) const {
  out.uncaptured = ~captured;
  out.ideal.resize(ideal_masks_.size());
  for (std::size_t m = 0; m < ideal_masks_.size(); ++m)
    out.ideal[m] = static_cast<std::uint32_t>(fast_count_and(out.uncaptured, ideal_masks_[m]));
  out.minority = static_cast<std::uint32_t>(fast_count_and(out.uncaptured, minority_));
  // The moves of the uncaptured classes only, in the same order.
  out.moves.resize(2 * sides_.size());
  for (std::size_t s = 0; s < sides_.size(); ++s)
    for (int dir = 0; dir < 2; ++dir) {
      auto& kept = out.moves[2 * s + dir];
      kept.clear();
      for (const Move& m : dir == 0 ? sides_[s].down : sides_[s].up)
        if (!captured.get(rep_[m.cls])) kept.push_back(m);
    }
}

// The cheapest way to change d by `need` with `moves` (classes the child's rule captures are
// skipped), or a partial sum once base + it exceeds `budget`; +inf when the moves cannot.
double ClassBound::walk(const std::vector<Move>& moves, double need, double base, double budget,
                        int rule) const {
  double extra = 0;
  const Bits* skip = rule >= 0 ? &rule_classes_[static_cast<std::size_t>(rule)] : nullptr;
  for (const Move& m : moves) {
    if (skip && skip->get(m.cls)) continue;
    if (m.gain >= need) return extra + m.cost * (need / m.gain);
    extra += m.cost;
    need -= m.gain;
    if (base + extra > budget) return extra;
  }
  return kInf;
}

double ClassBound::min_errors(const std::vector<GroupCells>& cells, const ClassState& state,
                              int rule, double delta, double budget) const {
  auto count = [&](const Bits& mask, std::uint32_t parent) {
    if (rule < 0) return static_cast<double>(parent);
    const Bits& r = set_.rules[static_cast<std::size_t>(rule)].captures;
    return static_cast<double>(parent - fast_count_and3(state.uncaptured, r, mask));
  };
  const double base = count(minority_, state.minority);
  double best = base;
  for (std::size_t s = 0; s < sides_.size() && best <= budget; ++s) {
    const Side& side = sides_[s];
    auto rate = [&](int which, std::size_t g) {
      const std::size_t m = which * groups_ + g;
      return (fixed_part(cells[g], which) + count(ideal_masks_[m], state.ideal[m])) /
             total(cells[g], which);
    };
    double d = rate(side.rate[0], side.a) - rate(side.rate[0], side.b);
    if (side.terms == 2) d += side.sign * (rate(side.rate[1], side.a) - rate(side.rate[1], side.b));
    double extra = 0;
    if (d > delta)
      extra = walk(state.moves[2 * s], d - delta, base, budget, rule);
    else if (d < -delta)
      extra = walk(state.moves[2 * s + 1], -delta - d, base, budget, rule);
    best = std::max(best, base + extra);
  }
  return best;
}

}  // namespace adm::methods::rulelist
