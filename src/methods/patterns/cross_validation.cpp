#include "methods/patterns/cross_validation.hpp"

#include "methods/patterns/baselines.hpp"

namespace adm::methods::patterns {

FoldAccuracy fold_accuracy(const learn::NbTable& train, const learn::NbTable& test,
                           const std::vector<bool>& sensitive, const FairLearnOptions& fair,
                           double two_nb_alpha) {
  FoldAccuracy out;
  const auto counts = learn::NbCounts::of(train);
  out.unconstrained = learn::NaiveBayes::fit(counts, fair.alpha).accuracy(test);
  TwoNaiveBayes two;
  two.fit(train, sensitive, two_nb_alpha);
  out.two_nb = two.accuracy(test);
  FairLearnOptions o = fair;
  o.count_remaining = false;
  const auto learned =
      learn_fair(counts, sensitive, o,
                 [](const PatternModel& m, const MineOptions& mo) { return mine_serial(m, mo); });
  out.fair = learned.model.accuracy(test);
  out.fair_certified = learned.fair;
  return out;
}

}  // namespace adm::methods::patterns
