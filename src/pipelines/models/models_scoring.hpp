#pragma once
// The models pipeline's scoring stage (farm stage "models.score"): every model fitted on the
// training rows of every random split and scored on its test rows. A (model, split) pair is one
// task, except a forest's: a task per block of kForestBlock trees, each returning its trees'
// summed test predictions (the trees stay where they were grown), so a forest's split fits spread
// over the ranks like its fit on all rows. The pair's learner is seeded from
// Rng(seed, "models.score", pair) whichever task fits it, so results do not depend on the ranks.
#include <cstdint>
#include <string>
#include <vector>

#include "data/split.hpp"
#include "learn/tree_blocks.hpp"
#include "pipelines/models/model_factory.hpp"
#include "pipelines/stage.hpp"

namespace adm::pipelines {

// Trees per farm task of a forest (on all rows, and on each scoring split; learn::TreeBlocks cuts
// them): fixed, because a block returns its trees' sums, so the block size sets the order of the
// floating-point additions. (Fair Forests' tasks return per-tree values instead, so their block
// size is a config key: its per-row votes are small, a random forest's OOB and fitted sums are
// not.)
inline constexpr std::size_t kForestBlock = 10;

// A [[models.model]] entry with its columns and the InfoGram values its learner needs.
struct PreparedModel {
  ModelSpec spec;
  std::vector<std::string> columns;
  ModelInputs inputs;
};

// Per pair m * splits.size() + r (model m, split r): {test accuracy, ROC AUC, AUC of the predicted
// labels}, the AUCs NaN unless the outcome is binary. y: the class code of every dataset row.
std::vector<std::vector<double>> score_models(StageContext& context,
                                              const std::vector<PreparedModel>& models,
                                              const std::vector<data::TrainTest>& splits,
                                              const std::vector<std::int32_t>& y,
                                              std::size_t classes);

}  // namespace adm::pipelines
