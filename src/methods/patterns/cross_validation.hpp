#pragma once
// Cross-validated accuracy of the paper's Table 4: for one fold, the unconstrained naive Bayes,
// the 2NB baseline and the delta-fair model are learned on the other folds and scored on it (all
// features observed; the favourable decision is predicted when P(d | z) >= 0.5).
#include <vector>

#include "core/codec.hpp"
#include "learn/naive_bayes.hpp"
#include "methods/patterns/fair_learner.hpp"

namespace adm::methods::patterns {

struct FoldAccuracy {
  double unconstrained = 0, two_nb = 0, fair = 0;
  bool fair_certified = false;  // the fold's delta-fair model has no pattern left
};

FoldAccuracy fold_accuracy(const learn::NbTable& train, const learn::NbTable& test,
                           const std::vector<bool>& sensitive, const FairLearnOptions& fair,
                           double two_nb_alpha);

}  // namespace adm::methods::patterns

namespace adm {

// A fold's accuracies as a farm task's result.
template <>
struct Codec<methods::patterns::FoldAccuracy> {
  static void put(ByteWriter& w, const methods::patterns::FoldAccuracy& a) {
    for (const double v : {a.unconstrained, a.two_nb, a.fair}) Codec<double>::put(w, v);
    Codec<std::uint8_t>::put(w, a.fair_certified ? 1 : 0);
  }
  static methods::patterns::FoldAccuracy take(ByteReader& r) {
    methods::patterns::FoldAccuracy a;
    a.unconstrained = Codec<double>::take(r);
    a.two_nb = Codec<double>::take(r);
    a.fair = Codec<double>::take(r);
    a.fair_certified = Codec<std::uint8_t>::take(r) != 0;
    return a;
  }
};

}  // namespace adm
