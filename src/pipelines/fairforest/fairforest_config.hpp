#pragma once
// Config section [fairforest]: Fair Forests (pipeline = fairforest;
// ../shared/papers/fair-forests.txt): DT, DT^F, DT^F_c, RF, RF^F, RF^F_c for classification or
// regression, evaluated on held-out predictions (cross-validation or a test file) with
// Discrimination, MaxD, Inconsistency, accuracy / RMSE; optionally the Table 5 sweep that
// protects every feature in turn.
#include <cstdint>
#include <string>
#include <vector>

#include "core/config_fields.hpp"

namespace adm::pipelines {

// A single CART tree (DT, DT^F, DT^F_c). Defaults follow JSAT's DecisionTree, which the paper
// used untuned: unlimited depth (60 is our CART's limit), at least 10 rows to split.
struct FairTreeSection {
  std::uint64_t max_depth = 60;
  std::uint64_t min_split = 10;
  std::uint64_t min_leaf = 1;
};

// A bagged forest (RF, RF^F, RF^F_c). Defaults follow JSAT's RandomForest(): 100 trees,
// floor(sqrt(p)) candidates per node, unlimited depth, at least 3 rows to split, bootstrap of n.
struct FairForestTreesSection {
  std::uint64_t trees = 100;
  std::uint64_t mtry = 0;  // 0 = floor(sqrt(p)), p the columns that may be split on
  std::uint64_t max_depth = 60;
  std::uint64_t min_split = 3;
  std::uint64_t min_leaf = 1;
  std::uint64_t trees_per_task = 10;  // farm granularity; results do not depend on it
};

struct FairforestSection {
  std::string task = "classification";  // classification | regression
  std::string protected_nominal;        // column protected by DT^F / RF^F (categorical)
  std::string protected_numeric;        // column protected by DT^F_c / RF^F_c (numeric)
  std::vector<std::string> models = {"DT", "DT_F", "DT_Fc", "RF", "RF_F", "RF_Fc"};
  std::uint64_t folds = 10;  // cross-validation folds (ignored with test_source)
  std::string test_source;   // CSV read with the [data] settings: train on data, test on it
  bool split_on_protected = false;
  bool any_gain = true;
  FairTreeSection tree;
  FairForestTreesSection forest;
  std::uint64_t inconsistency_k = 5;
  std::uint64_t bootstrap = 200;  // replicates for the metrics' percentile intervals
  double confidence = 0.95;
  std::uint64_t maxd_min_group = 30;        // rows each side of a threshold for the min-group MaxD
  bool sweep = false;                       // Table 5: protect every feature in turn
  std::vector<std::string> sweep_features;  // empty = every feature
  std::string importance_model = "RF_F";    // fair model whose MDI is set beside RF's (Figs 1-2)
};

void describe(config::Fields& f, FairTreeSection& s);
void describe(config::Fields& f, FairForestTreesSection& s);
void describe(config::Fields& f, FairforestSection& s);

}  // namespace adm::pipelines
