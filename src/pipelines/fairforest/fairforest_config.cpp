#include "pipelines/fairforest/fairforest_config.hpp"

#include <algorithm>
#include <set>

#include "fairness/bootstrap_ci.hpp"

namespace adm::pipelines {

void describe(config::Fields& f, FairTreeSection& s) {
  f.count("max_depth", s.max_depth, "Deepest level of the tree (root = 0).", {0, 60});
  f.count("min_split", s.min_split, "Rows a node needs before a split is tried.", {1, 1000000000});
  f.count("min_leaf", s.min_leaf, "Rows each child must keep.", {1, 1000000000});
}

void describe(config::Fields& f, FairForestTreesSection& s) {
  f.count("trees", s.trees, "Trees per forest (each a bootstrap sample of the training rows).",
          {1, 100000});
  f.count("mtry", s.mtry,
          "Candidate columns drawn at each node; 0 = floor(sqrt(p)) for classification and "
          "regression alike (JSAT's RandomForest), p = the columns that may be split on.",
          {0, 100000});
  f.count("max_depth", s.max_depth, "Deepest level of each tree (root = 0).", {0, 60});
  f.count("min_split", s.min_split, "Rows a node needs before a split is tried.", {1, 1000000000});
  f.count("min_leaf", s.min_leaf, "Rows each child must keep.", {1, 1000000000});
  f.count("trees_per_task", s.trees_per_task,
          "Trees one farm task grows (they return vote counts, not trees): larger blocks cut the "
          "farm's per-task cost on small data. Results do not depend on it.",
          {1, 100000});
}

void describe(config::Fields& f, FairforestSection& s) {
  f.text("task", s.task,
         "classification (binary target: accuracy, Delta) or regression (numeric target: RMSE).",
         {"classification", "regression"});
  f.text("protected_nominal", s.protected_nominal,
         "Categorical column protected by DT_F and RF_F (normalised Gini penalty, eq. 3) and on "
         "which Discrimination (eq. 6/7) is measured, e.g. a derived 'age >= 25'.");
  f.text("protected_numeric", s.protected_numeric,
         "Numeric column protected by DT_Fc and RF_Fc (mean-shift penalty, eq. 5) and on which "
         "MaxD (eq. 8) is measured (empty: no _c models).");
  f.text_list("models", s.models,
              "Models to fit, any of DT, DT_F, DT_Fc, RF, RF_F, RF_Fc (F: fair, c: numeric "
              "protected attribute).");
  f.count("folds", s.folds, "Cross-validation folds (when there is no test_source).", {2, 1000});
  f.path("test_source", s.test_source,
         "Test CSV read with the [data] settings: models are fitted on the data and evaluated on "
         "it (empty: cross-validation).");
  f.boolean("split_on_protected", s.split_on_protected,
            "Let fair trees split on the protected attribute itself (and on the column it is "
            "derived from). Default: it is not a candidate.");
  f.boolean("any_gain", s.any_gain,
            "Fair trees split a node on its best candidate even when the fair gain is <= 0, as "
            "JSAT's stump (best gain starts at -1); false: only positive fair gains split.");
  f.section("tree", s.tree, "The single trees DT, DT_F, DT_Fc.");
  f.section("forest", s.forest, "The forests RF, RF_F, RF_Fc.");
  f.count("inconsistency_k", s.inconsistency_k, "Neighbours k of Inconsistency (eq. 9).",
          {1, 1000000});
  f.count("bootstrap", s.bootstrap,
          "Bootstrap replicates of the metrics' percentile intervals (0 = none).", {0, 1000000});
  f.real("confidence", s.confidence, "Confidence level of the intervals.", {0.0, 1.0, true, true});
  f.count("maxd_min_group", s.maxd_min_group,
          "Rows each side of a threshold must keep for the second MaxD (maxd_min_group: "
          "bias-corrected, basic bootstrap interval) beside the paper's eq. (8), where a side of "
          "one row may decide the maximum; the paper's MaxD is reported unchanged.",
          {1, 1000000000});
  f.boolean("sweep", s.sweep,
            "Table 5: a plain forest's Discrimination of every feature, then a fair forest "
            "protecting each feature in turn (its Discrimination and the model's accuracy).");
  f.text_list("sweep_features", s.sweep_features, "Features of the sweep (empty: every feature).");
  f.text("importance_model", s.importance_model,
         "Fair model whose MDI importance is drawn beside RF's (Figures 1-2); empty: none.");
  if (f.mode() != config::Fields::Mode::Read) return;
  if (const auto why = fairness::too_few_replicates(s.bootstrap, s.confidence); !why.empty())
    f.fail("bootstrap", why);
  const std::set<std::string> known = {"DT", "DT_F", "DT_Fc", "RF", "RF_F", "RF_Fc"};
  std::set<std::string> seen;
  for (const auto& m : s.models) {
    if (!known.count(m))
      f.fail("models", "unknown model '" + m + "' (expected DT, DT_F, DT_Fc, RF, RF_F, RF_Fc)");
    if (!seen.insert(m).second) f.fail("models", "model '" + m + "' is listed twice");
  }
  if (!s.importance_model.empty() && !known.count(s.importance_model))
    f.fail("importance_model", "unknown model '" + s.importance_model + "'");
}

}  // namespace adm::pipelines
