#include "pipelines/patterns/patterns_config.hpp"

namespace adm::pipelines {

void describe(config::Fields& f, PatternsFairSection& s) {
  f.boolean("enabled", s.enabled,
            "Learn a delta-fair naive Bayes model (cutting planes: mine, constrain, re-solve).");
  f.text("ranking", s.ranking, "Which top-k patterns each iteration adds as constraints.",
         {"top_discrimination", "top_divergence"});
  f.count("k", s.k, "Patterns mined and added per iteration.", {1, 100000});
  f.count("max_iterations", s.max_iterations, "Stop after this many re-solves.", {1, 100000});
  f.real("margin", s.margin,
         "Constraints are |Delta| <= delta - margin, so solver tolerance cannot leave a pattern.",
         {0.0, 0.01});
  f.boolean("count_remaining", s.count_remaining,
            "Count all remaining patterns (an exhaustive mine) after every iteration.");
}

void describe(config::Fields& f, PatternsSection& s) {
  f.text("favourable", s.favourable, "Level of the target that is the favourable decision d.");
  f.text_list("order", s.order,
              "Feature order of the search tree: every feature and sensitive attribute once "
              "(empty: their order in the file). It changes node counts, never the answer.");
  f.real("alpha", s.alpha, "Laplace smoothing of the naive Bayes parameters (0 = plain ML).",
         {0.0, 1e6});
  f.real("delta", s.delta, "Discrimination threshold: patterns have |Delta| > delta.",
         {0.0, 1.0, false, true});
  f.text("mode", s.mode,
         "all (every pattern with |Delta| > delta: the count, and the top k kept), "
         "top_discrimination (top k by |Delta|) or top_divergence (top k by divergence score).",
         {"all", "top_discrimination", "top_divergence"});
  f.count("k", s.k, "Patterns returned (kept, in mode all; at least 1 in the top-k modes).",
          {0, 10000000});
  // A top-k mine prunes with its k-th best score: with k = 0 there is none, and it would walk the
  // whole tree to return nothing. Mode all still counts every pattern, so k = 0 is fine there.
  if (f.mode() == config::Fields::Mode::Read && s.k == 0 && s.mode != "all")
    f.fail("k", "must be at least 1 in the top-k modes (mode = " + s.mode + ")");
  f.count(
      "max_nodes", s.max_nodes,
      "Node budget of the mine: nodes scored over all ranks (/timing/patterns/mine/nodes_visited); "
      "the mine stops before it would score more (0 = no limit). A stopped mine is not "
      "certified (/patterns/mine/complete = 0); "
      "the delta-fair learner's mines always run to the end.");
  f.real("max_memory_mb", s.max_memory_mb,
         "Stop the mine before a rank's process (its resident memory) would exceed this many MiB "
         "(0 = no limit); the node budget does not bound memory (a large k keeps k candidates). "
         "A stopped mine is not certified (/patterns/mine/complete = 0).",
         {0, 1e9});
  f.real("slice_seconds", s.slice_seconds,
         "Distributed mine: longest expansion between two polls for bounds, work and "
         "termination messages.",
         {0.0, 1.0, true, false});
  f.boolean("reference_swapped_prior", s.reference_swapped_prior,
            "Mine the model with P(d) and P(d-bar) swapped, as the authors' loader does (for "
            "reproducing the paper's Section 3 figures); learning is unaffected.");
  f.section("fair", s.fair, "The delta-fair learner.");
  f.count("cv_folds", s.cv_folds,
          "Stratified folds for cross-validated accuracy of unconstrained, 2NB and delta-fair "
          "models (0 = none).",
          {0, 1000});
  f.real("twonb_alpha", s.twonb_alpha, "Laplace smoothing of the 2NB baseline's group models.",
         {0.0, 1e6});
  if (f.mode() == config::Fields::Mode::Read && s.cv_folds == 1)
    f.fail("cv_folds", "must be 0 (none) or at least 2");
}

}  // namespace adm::pipelines
