#pragma once
// Config section [models]: admissible models (paper Secs. 3.1.3-3.2.5). The InfoGram picks the
// admissible features and their weights F_j; each [[models.model]] is a learner on a feature set
// (COREtree/FINEtree, COREglm/FINEglm, FINElasso, safety-weighted forest, or a reference model such
// as Model R = tree on X_A plus a sensitive proxy); all models are scored on the same random
// stratified train/test splits (accuracy, AUC) and their decisions ranked by the ALFA test.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/config_fields.hpp"

namespace adm::pipelines {

struct ModelSpec {
  std::string name;
  std::string kind = "tree";  // tree | glm | lasso | forest | gbm
  // Feature set: admissible (the InfoGram's X_A), all (every feature), or columns (the list).
  std::string features = "admissible";
  std::vector<std::string> columns;  // when features = "columns"
  std::vector<std::string> add;      // appended to the set (e.g. Model R's "relationship")
  // tree
  std::string criterion = "gini";
  std::int64_t max_depth = 30;
  std::int64_t min_split = 20;
  std::int64_t min_leaf = 7;
  double cp = 0.01;
  std::string prune = "cv_min";  // none | cv_min | cv_1se: cost-complexity pruning by K-fold CV
  bool rank_transform = false;   // inputs -> empirical CDF (gene data)
  // glm
  bool stepwise = false;  // backward selection by AIC
  // lasso: penalty factors w_j = 1 / F_j (safety), 1 / R_j (relevance) or 1 (none)
  std::string penalty = "safety";
  std::string lambda = "min";  // min | 1se
  // forest
  std::int64_t trees = 100;
  std::int64_t mtry = 0;              // 0 = floor(sqrt(features))
  std::string candidates = "safety";  // split candidates drawn prop. to F_j (safety) or uniform
  bool alfa = true;                   // ALFA test of this model's decisions (when models.alfa)
};

struct ModelsSection {
  double test_fraction = 0.2;  // share of rows in each random test split
  std::uint64_t repeats = 10;  // random stratified splits (paper: 50 for WDBC, 100 prostate)
  std::uint64_t folds = 10;    // K of the K-fold CV inside a fit (pruning, lasso lambda)
  bool alfa = true;            // ALFA test of each model's decisions given X_A
  std::vector<ModelSpec> model;
};

void describe(config::Fields& f, ModelSpec& s);
void describe(config::Fields& f, ModelsSection& s);

}  // namespace adm::pipelines
