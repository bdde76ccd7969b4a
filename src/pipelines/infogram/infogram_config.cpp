#include "pipelines/infogram/infogram_config.hpp"

namespace adm::methods {

void describe(config::Fields& f, InfogramOptions& o) {
  f.choice("mode", o.mode,
           "core: net information MI(Y, X_j | X_-j) on the y-axis; fair: safety index "
           "MI(Y, X_j | S), with the sensitive columns left out of the features.",
           {{"core", InfogramMode::Core}, {"fair", InfogramMode::Fair}});
  f.real("relevance_threshold", o.thresholds.relevance,
         "Width of the L-region's vertical slice: features with normalised relevance below it "
         "are inadmissible.",
         {0.0, 1.0});
  f.real("net_threshold", o.thresholds.net,
         "Width of the L-region's horizontal slice (net or safety information, normalised).",
         {0.0, 1.0});
  f.real("risky_relevance", o.thresholds.risky_relevance,
         "Fair mode: a feature below the safety threshold whose normalised relevance is at least "
         "this (and the relevance threshold) is flagged risky: highly predictive, mostly through "
         "S; flagged in the result and labelled on the plot for review.",
         {0.0, 1.0});
  f.choice("relevance", o.relevance,
           "x-axis: the learner's importance (scaled by its max) or the marginal MI(Y, X_j).",
           {{"importance", RelevanceKind::Importance}, {"mi", RelevanceKind::MutualInformation}});
  f.choice(
      "estimate", o.estimate, "ML-CMI estimate: in_sample (the paper's) or K-fold cross_fitted.",
      {{"in_sample", info::CmiVariant::InSample}, {"cross_fitted", info::CmiVariant::CrossFitted}});
  f.integer("folds", o.folds,
            "Folds of the cross-fitted estimate (0 = skip it: in-sample only, about (K+1)x fewer "
            "fits; needed for tiny or count-table data).",
            {0, 100});
  if (f.mode() == config::Fields::Mode::Read && o.folds == 1) f.fail("folds", "must be 0 or >= 2");
  if (f.mode() == config::Fields::Mode::Read && o.folds == 0 &&
      o.estimate == info::CmiVariant::CrossFitted)
    f.fail("folds", "is 0, but estimate = \"cross_fitted\" needs folds >= 2");
  f.count("bootstrap", o.bootstrap,
          "Model-based bootstrap replicates for ALFA p-values (0 = no p-values).", {0, 1000000});
  f.count("feature_bootstrap", o.feature_bootstrap,
          "Model-based bootstrap replicates per feature for p-values of its net (core) or safety "
          "(fair) information (0 = none; costs B x features x 2 fits).",
          {0, 1000000});
  f.count("top_n", o.top_n, "Screening: keep the N most relevant features (0 = all).");
  f.real("prob_floor", o.prob_floor,
         "Probabilities are floored here before the log of the CMI estimator.",
         {0.0, 1e-2, true, false});
}

}  // namespace adm::methods
