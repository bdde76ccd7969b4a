#include "methods/fairforest/forest_protocol.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

#include "core/error.hpp"
#include "data/split.hpp"
#include "learn/tree_blocks.hpp"

namespace adm::methods::fairforest {

Evaluation cross_validation(const Problem& problem, std::size_t k, Rng& rng) {
  const std::size_t n = problem.x.rows;
  std::vector<std::int32_t> strata =
      problem.regression() ? std::vector<std::int32_t>(n, 0) : problem.labels;
  const auto folds = data::stratified_kfold(strata, static_cast<int>(k), rng);
  Evaluation e;
  for (std::size_t f = 0; f < folds.size(); ++f) {
    const auto split = data::fold_split(folds, f);
    e.train.push_back(split.train);
    e.test.push_back(split.test);
  }
  return e;
}

Evaluation holdout(std::size_t train_rows, std::size_t rows) {
  Evaluation e;
  e.train.emplace_back(train_rows);
  std::iota(e.train[0].begin(), e.train[0].end(), std::size_t{0});
  e.test.emplace_back(rows - train_rows);
  std::iota(e.test[0].begin(), e.test[0].end(), train_rows);
  return e;
}

namespace {

// A fold's trees as farm tasks (a single tree, DT, is one block of one).
learn::TreeBlocks fold_blocks(const ModelSpec& spec) {
  return spec.forest ? learn::TreeBlocks(spec.trees, spec.trees_per_task) : learn::TreeBlocks(1, 1);
}

std::size_t tasks_per_fold(const ModelSpec& spec) { return fold_blocks(spec).count(); }

// Trees [first, last) of block `block`.
std::pair<std::size_t, std::size_t> block_trees(const ModelSpec& spec, std::size_t block) {
  const auto blocks = fold_blocks(spec);
  return {blocks.first(block), blocks.last(block)};
}

}  // namespace

std::size_t task_count(const ModelSpec& spec, const Evaluation& eval) {
  return eval.folds() * tasks_per_fold(spec);
}

// Layout: classification [votes per class per held-out row] or regression [each tree's means,
// tree by tree], then each tree's MDI (tree by tree). Per-tree values, not sums, so assemble()
// adds them in tree order whatever the block size (floating-point sums are order dependent).
std::vector<double> run_task(const Problem& problem, const Protected* prot, const ModelSpec& spec,
                             const Evaluation& eval, std::uint64_t seed, std::size_t task) {
  const std::size_t fold = task / tasks_per_fold(spec);
  const auto [first, last] = block_trees(spec, task % tasks_per_fold(spec));
  const auto& test = eval.test[fold];
  const std::size_t n = test.size();
  std::vector<double> rows(problem.regression() ? 0 : n * problem.classes, 0.0), mdi;
  for (std::size_t t = first; t < last; ++t) {
    const auto r = fit_tree_task(problem, prot, spec, eval.train[fold], test, seed, fold, t);
    if (problem.regression())
      rows.insert(rows.end(), r.begin(), r.begin() + static_cast<std::ptrdiff_t>(n));
    else
      for (std::size_t q = 0; q < n; ++q)
        rows[q * problem.classes + static_cast<std::size_t>(r[q])] += 1;
    mdi.insert(mdi.end(), r.begin() + static_cast<std::ptrdiff_t>(n), r.end());
  }
  rows.insert(rows.end(), mdi.begin(), mdi.end());
  return rows;
}

ModelOutcome assemble(const Problem& problem, const ModelSpec& spec, const Evaluation& eval,
                      const std::vector<std::vector<double>>& results) {
  const std::size_t per_fold = tasks_per_fold(spec), trees = spec.forest ? spec.trees : 1;
  const std::size_t cols = problem.x.cols;
  if (results.size() != task_count(spec, eval))
    throw InternalError("fairforest: " + spec.name + " has the wrong number of task results");
  std::vector<double> pred(problem.x.rows, 0.0);
  std::vector<std::uint8_t> held(problem.x.rows, 0);
  std::vector<double> mdi(cols, 0.0);
  for (std::size_t f = 0; f < eval.folds(); ++f) {
    const auto& test = eval.test[f];
    const std::size_t n = test.size();
    std::vector<double> sum(problem.regression() ? n : n * problem.classes, 0.0);
    for (std::size_t b = 0; b < per_fold; ++b) {
      const auto& r = results[f * per_fold + b];
      const auto [first, last] = block_trees(spec, b);
      const std::size_t m = last - first;
      const std::size_t row_part = problem.regression() ? m * n : sum.size();
      if (r.size() != row_part + m * cols)
        throw InternalError("fairforest: a task result of " + spec.name + " has the wrong size");
      if (problem.regression()) {
        for (std::size_t t = 0; t < m; ++t)
          for (std::size_t q = 0; q < n; ++q) sum[q] += r[t * n + q];
      } else {
        for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += r[i];  // integer counts: exact
      }
      for (std::size_t t = 0; t < m; ++t)
        for (std::size_t c = 0; c < cols; ++c) mdi[c] += r[row_part + t * cols + c];
    }
    for (std::size_t q = 0; q < n; ++q) {
      if (problem.regression()) {
        pred[test[q]] = sum[q] / static_cast<double>(trees);
      } else {
        const auto first = sum.begin() + static_cast<std::ptrdiff_t>(q * problem.classes);
        const auto last = first + static_cast<std::ptrdiff_t>(problem.classes);
        pred[test[q]] = static_cast<double>(std::max_element(first, last) - first);
      }
      held[test[q]] = 1;
    }
  }
  ModelOutcome out;
  for (std::size_t r = 0; r < held.size(); ++r) {
    if (!held[r]) continue;
    out.rows.push_back(r);
    out.prediction.push_back(pred[r]);
  }
  const double total = std::accumulate(mdi.begin(), mdi.end(), 0.0);
  for (double& m : mdi) m = total > 0 ? m / total : 0.0;
  out.importance = std::move(mdi);
  return out;
}

}  // namespace adm::methods::fairforest
