#include "pipelines/fairforest/fairforest_models.hpp"

#include <algorithm>
#include <cmath>

namespace adm::pipelines {

methods::fairforest::ModelSpec fairforest_spec(const FairforestSection& cfg,
                                               const std::string& name,
                                               const methods::fairforest::Protected* prot,
                                               std::size_t cols) {
  methods::fairforest::ModelSpec spec;
  spec.name = name;
  spec.forest = name.starts_with("RF");
  spec.fair = prot != nullptr;
  spec.any_gain = cfg.any_gain;
  spec.tree.cp = 0;  // no tuning: trees are not pruned
  if (spec.forest) {
    spec.trees = cfg.forest.trees;
    spec.trees_per_task = cfg.forest.trees_per_task;
    spec.tree.max_depth = cfg.forest.max_depth;
    spec.tree.min_split = cfg.forest.min_split;
    spec.tree.min_leaf = cfg.forest.min_leaf;
    const std::size_t p = cols - (prot ? prot->excluded.size() : 0);
    const auto root = static_cast<std::size_t>(std::floor(std::sqrt(static_cast<double>(p))));
    spec.tree.mtry = cfg.forest.mtry > 0 ? std::min<std::size_t>(cfg.forest.mtry, p)
                                         : std::max<std::size_t>(1, root);
  } else {
    spec.tree.max_depth = cfg.tree.max_depth;
    spec.tree.min_split = cfg.tree.min_split;
    spec.tree.min_leaf = cfg.tree.min_leaf;
  }
  return spec;
}

}  // namespace adm::pipelines
