#include "methods/fairforest/forest_protocol.hpp"

#include <algorithm>
#include <numeric>

#include "core/error.hpp"
#include "data/split.hpp"

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

std::size_t task_count(const ModelSpec& spec, const Evaluation& eval) {
  return eval.folds() * (spec.forest ? spec.trees : 1);
}

std::vector<double> run_task(const Problem& problem, const Protected* prot, const ModelSpec& spec,
                             const Evaluation& eval, std::uint64_t seed, std::size_t task) {
  const std::size_t per_fold = spec.forest ? spec.trees : 1;
  const std::size_t fold = task / per_fold, tree = task % per_fold;
  return fit_tree_task(problem, prot, spec, eval.train[fold], eval.test[fold], seed, fold, tree);
}

ModelOutcome assemble(const Problem& problem, const ModelSpec& spec, const Evaluation& eval,
                      const std::vector<std::vector<double>>& results) {
  const std::size_t per_fold = spec.forest ? spec.trees : 1;
  const std::size_t cols = problem.x.cols;
  if (results.size() != task_count(spec, eval))
    throw InternalError("fairforest: " + spec.name + " has the wrong number of task results");
  std::vector<double> pred(problem.x.rows, 0.0);
  std::vector<std::uint8_t> held(problem.x.rows, 0);
  std::vector<double> mdi(cols, 0.0);
  std::vector<double> votes(std::max<std::size_t>(problem.classes, 1));
  for (std::size_t f = 0; f < eval.folds(); ++f) {
    const auto& test = eval.test[f];
    for (std::size_t t = 0; t < per_fold; ++t) {
      const auto& r = results[f * per_fold + t];
      if (r.size() != test.size() + cols)
        throw InternalError("fairforest: a task result of " + spec.name + " has the wrong size");
      for (std::size_t c = 0; c < cols; ++c) mdi[c] += r[test.size() + c];
    }
    for (std::size_t q = 0; q < test.size(); ++q) {
      double value = 0;
      if (problem.regression()) {
        for (std::size_t t = 0; t < per_fold; ++t) value += results[f * per_fold + t][q];
        value /= static_cast<double>(per_fold);
      } else {
        std::fill(votes.begin(), votes.end(), 0.0);
        for (std::size_t t = 0; t < per_fold; ++t)
          votes[static_cast<std::size_t>(results[f * per_fold + t][q])] += 1;
        value = static_cast<double>(std::max_element(votes.begin(), votes.end()) - votes.begin());
      }
      pred[test[q]] = value;
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
