#include "pipelines/models/models_config.hpp"

namespace adm::pipelines {

void describe(config::Fields& f, ModelSpec& s) {
  f.text("name", s.name, "Name of the model in results (unique).");
  if (f.mode() == config::Fields::Mode::Read && s.name.empty()) f.fail("name", "must not be empty");
  f.text("kind", s.kind,
         "Learner: tree (CART), glm (logistic / multinomial regression), lasso (L1 logistic with "
         "penalty factors, FINElasso), forest (random forest with weighted split candidates), gbm.",
         {"tree", "glm", "lasso", "forest", "gbm"});
  f.text("features", s.features,
         "Feature set: admissible (the InfoGram's X_A), all (every feature), columns (the list).",
         {"admissible", "all", "columns"});
  f.text_list("columns", s.columns, "Columns of the model when features = \"columns\".");
  f.text_list("add", s.add, "Columns appended to the feature set (e.g. a proxy, for Model R).");
  f.text("criterion", s.criterion, "Tree split criterion.", {"gini", "entropy"});
  f.integer("max_depth", s.max_depth, "Tree: maximum depth (root = 0).", {0, 60});
  f.integer("min_split", s.min_split, "Tree: rows a node needs before a split is tried.",
            {2, 1000000000});
  f.integer("min_leaf", s.min_leaf, "Tree: rows each child must keep.", {1, 1000000000});
  f.real("cp", s.cp, "Tree: complexity parameter of growth (rpart's cp).", {0.0, 1.0});
  f.text("prune", s.prune,
         "Tree: cost-complexity pruning with the complexity chosen by K-fold CV: cv_min (lowest "
         "CV error), cv_1se (simplest tree within one standard error), none.",
         {"none", "cv_min", "cv_1se"});
  f.boolean("rank_transform", s.rank_transform,
            "Tree/forest: replace numeric inputs by their empirical CDF (as for gene data).");
  f.boolean("stepwise", s.stepwise, "GLM: backward stepwise selection by AIC.");
  f.text("penalty", s.penalty,
         "Lasso penalty factors: safety (1/F_j of the fair InfoGram, infinite for F_j = 0), "
         "relevance (1/R_j), none (plain lasso).",
         {"safety", "relevance", "none"});
  f.text("lambda", s.lambda, "Lasso: lambda by K-fold CV, min (lowest error) or 1se.",
         {"min", "1se"});
  f.integer("trees", s.trees, "Forest: number of trees.", {1, 100000});
  f.integer("mtry", s.mtry, "Forest: split candidates per node (0 = floor(sqrt(features))).",
            {0, 100000});
  f.text("candidates", s.candidates,
         "Forest: draw split candidates with probability proportional to the InfoGram's F_j "
         "(safety; remark 20) or uniformly (an ordinary random forest).",
         {"safety", "uniform"});
  f.boolean("alfa", s.alfa, "ALFA test of this model's decisions (when models.alfa is on).");
}

void describe(config::Fields& f, ModelsSection& s) {
  f.real("test_fraction", s.test_fraction, "Share of rows in each random stratified test split.",
         {0.0, 1.0, true, true});
  f.count("repeats", s.repeats, "Random train/test splits every model is scored on.", {1, 100000});
  f.count("folds", s.folds, "K of the K-fold CV inside a fit (tree pruning, lasso lambda).",
          {2, 100});
  f.boolean(
      "alfa", s.alfa,
      "ALFA test of each model's decisions: alpha = MI(Yhat, S | X_A) with bootstrap p-value.");
  f.section_list("model", s.model, "The models, all scored on the same splits.");
}

}  // namespace adm::pipelines
