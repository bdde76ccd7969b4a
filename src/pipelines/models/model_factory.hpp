#pragma once
// Turns one [[models.model]] entry into a learner: CART tree (pruned by K-fold CV), logistic /
// multinomial GLM (optionally backward stepwise by AIC), FINElasso, weighted random forest, or
// gradient boosting. Every learner is a ProbabilisticClassifier, so the models pipeline scores
// them all the same way.
#include <memory>
#include <string>
#include <vector>

#include "core/result_set.hpp"
#include "learn/classifier.hpp"
#include "pipelines/experiment_config.hpp"

namespace adm::pipelines {

struct ModelInputs {
  // Per column of the model's feature matrix: the InfoGram's normalised safety (fair) or net
  // (core) value F_j and relevance R_j, 0 for columns the InfoGram did not score.
  std::vector<double> safety;
  std::vector<double> relevance;
  std::size_t folds = 10;  // CV inside a fit
};

std::unique_ptr<learn::ProbabilisticClassifier> make_model(const ModelSpec& spec,
                                                           const ModelInputs& inputs,
                                                           const LearnerSection& learner);

// Adds a fitted model's parameters under `base`: tree nodes (learn/tree_export.hpp), GLM
// coefficient table, lasso coefficients at the chosen lambda with the CV curve, forest OOB error.
// `levels`: the level names of each column (learn::level_names), so trees name their levels.
void export_model(const learn::ProbabilisticClassifier& model,
                  const std::vector<std::string>& names, const learn::LevelLabels& levels,
                  ResultSet& results, const std::string& base);

// A readable description of a fitted model (tree rules with level names, coefficient table), ""
// if none.
std::string describe_model(const learn::ProbabilisticClassifier& model,
                           const std::vector<std::string>& names, const learn::LevelLabels& levels);

}  // namespace adm::pipelines
