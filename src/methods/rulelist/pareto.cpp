#include "methods/rulelist/pareto.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/error.hpp"

namespace adm::methods::rulelist {

std::vector<double> epsilon_grid(double lo, double hi, std::size_t count) {
  if (count == 0) throw InputError("rulelist: the epsilon grid needs at least one value");
  std::vector<double> out(count, lo);
  for (std::size_t i = 1; i < count; ++i)
    out[i] = lo + (hi - lo) * static_cast<double>(i) / static_cast<double>(count - 1);
  return out;
}

FoldOutcome fit_fold(const RuleSet& train, const RuleSet& test, const SearchOptions& options,
                     std::uint64_t max_nodes) {
  FoldOutcome o;
  const auto r = run_serial(train, options, max_nodes);
  o.complete = r.complete && certifiable(options);  // unsafe bounds: completed, not certified
  o.expanded = r.stats.expanded;
  o.found = r.best.found;
  if (!o.found) return o;
  o.list = encode(r.best.list);
  o.train_objective = r.best.objective;
  o.train_unfairness = r.best.unfairness;
  const auto e = evaluate(test, r.best.list, options.regularization);
  o.test_error = 1.0 - e.accuracy;
  const auto m = static_cast<std::size_t>(options.fairness.metric);
  o.test_unfairness = e.unfairness[m];
  return o;
}

ParetoPoint average(double epsilon, const std::vector<FoldOutcome>& folds) {
  ParetoPoint p;
  p.epsilon = epsilon;
  double err = 0, unf = 0;
  std::size_t unf_n = 0;
  for (const auto& f : folds) {
    if (!f.found) continue;
    ++p.folds;
    err += f.test_error;
    if (!std::isnan(f.test_unfairness)) unf += f.test_unfairness, ++unf_n;
  }
  p.error = p.folds ? err / static_cast<double>(p.folds) : std::nan("");
  p.unfairness = unf_n ? unf / static_cast<double>(unf_n) : std::nan("");
  return p;
}

std::vector<std::size_t> non_dominated(const std::vector<ParetoPoint>& points) {
  auto usable = [&](const ParetoPoint& p) {
    return p.folds > 0 && !std::isnan(p.error) && !std::isnan(p.unfairness);
  };
  std::vector<std::size_t> front;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto& p = points[i];
    if (!usable(p)) continue;
    bool dominated = false;
    for (std::size_t j = 0; j < points.size() && !dominated; ++j) {
      const auto& q = points[j];
      if (j == i || !usable(q)) continue;
      const bool no_worse = q.error <= p.error && q.unfairness <= p.unfairness;
      const bool better = q.error < p.error || q.unfairness < p.unfairness;
      const bool earlier_twin = !better && no_worse && j < i;
      dominated = (no_worse && better) || earlier_twin;
    }
    if (!dominated) front.push_back(i);
  }
  std::sort(front.begin(), front.end(), [&](std::size_t a, std::size_t b) {
    return points[a].unfairness != points[b].unfairness
               ? points[a].unfairness < points[b].unfairness
               : points[a].error < points[b].error;
  });
  return front;
}

}  // namespace adm::methods::rulelist
