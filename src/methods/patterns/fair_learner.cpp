#include "methods/patterns/fair_learner.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace adm::methods::patterns {

FairLearnResult learn_fair(const learn::NbCounts& counts, const std::vector<bool>& sensitive,
                           const FairLearnOptions& options, const MineFn& miner) {
  if (options.ranking == MineMode::All)
    throw InternalError("delta-fair learner: rank patterns by discrimination or divergence");
  if (!(options.margin >= 0 && options.margin < options.delta))
    throw InputError("delta-fair learner: margin must be in [0, delta)");
  FairLearnResult out;
  out.model = learn::NaiveBayes::fit(counts, options.alpha);
  std::string status = "closed form";
  const MineOptions top{options.ranking, std::max<std::size_t>(1, options.k), true};
  for (std::size_t it = 0;; ++it) {
    const PatternModel pm(out.model, sensitive, options.delta);
    const MineResult found = miner(pm, top);
    FairIteration rec;
    rec.constraints = out.constraints.size();
    rec.mined = found.patterns.size();
    rec.nodes = found.visited;
    rec.log_likelihood = out.model.log_likelihood(counts);
    rec.solver_status = status;
    if (options.count_remaining)
      rec.remaining = static_cast<std::int64_t>(miner(pm, {MineMode::All, 0, true}).qualifying);
    out.iterations.push_back(rec);
    if (found.patterns.empty()) {
      out.fair = true;
      break;
    }
    if (it >= options.max_iterations) break;
    std::size_t added = 0;
    for (const auto& p : found.patterns)
      if (std::find(out.constraints.begin(), out.constraints.end(), p.key) ==
          out.constraints.end()) {
        out.constraints.push_back(p.key);
        ++added;
      }
    if (added == 0) break;  // the solver could not meet constraints it already had
    status = solve_constrained(counts, sensitive, out.constraints, options.delta - options.margin,
                               options.alpha, out.model);
  }
  out.log_likelihood = out.model.log_likelihood(counts);
  return out;
}

}  // namespace adm::methods::patterns
