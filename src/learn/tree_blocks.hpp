#pragma once
// The one way a forest is cut into farm tasks: blocks of consecutive trees, block b holding trees
// [b * per_task, min(trees, (b + 1) * per_task)). Both forests use it: the random forest of the
// models pipeline (RandomForest::fit_block / predict_block, 10 trees a task) and the Fair Forests
// protocol (methods/fairforest/forest_protocol, fairforest.forest.trees_per_task). A tree is
// always grown from its own index's stream, so which block (or rank) grows it never matters.
#include <algorithm>
#include <cstddef>

namespace adm::learn {

class TreeBlocks {
 public:
  // per_task is clamped to [1, trees] (0 trees: no blocks).
  TreeBlocks(std::size_t trees, std::size_t per_task)
      : trees_(trees), per_task_(std::max<std::size_t>(1, std::min(per_task, trees))) {}

  std::size_t trees() const { return trees_; }
  std::size_t count() const { return (trees_ + per_task_ - 1) / per_task_; }
  std::size_t first(std::size_t block) const { return block * per_task_; }
  std::size_t last(std::size_t block) const { return std::min(trees_, (block + 1) * per_task_); }
  std::size_t size(std::size_t block) const { return last(block) - first(block); }

 private:
  std::size_t trees_, per_task_;
};

}  // namespace adm::learn
