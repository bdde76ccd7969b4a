#include "pipelines/models/models_scoring.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>
#include <span>

#include "learn/cart.hpp"
#include "learn/metrics.hpp"
#include "learn/random_forest.hpp"

namespace adm::pipelines {

std::vector<std::vector<double>> score_models(StageContext& context,
                                              const std::vector<PreparedModel>& models,
                                              const std::vector<data::TrainTest>& splits,
                                              const std::vector<std::int32_t>& y,
                                              std::size_t classes) {
  const auto& config = context.config;
  const auto& data = context.data;
  const auto subset = [&](const std::vector<std::size_t>& rows) {
    std::vector<std::int32_t> out;
    for (auto r : rows) out.push_back(y[r]);
    return out;
  };
  struct ScoreTask {
    std::size_t pair, first = 0, count = 0;  // count > 0: trees [first, first + count) of a forest
  };
  std::vector<ScoreTask> tasks;
  std::vector<std::size_t> pair_task;  // each pair's first task
  for (std::size_t m = 0; m < models.size(); ++m) {
    const auto proto = make_model(models[m].spec, models[m].inputs, config.learner);
    const auto* forest = dynamic_cast<const learn::RandomForest*>(proto.get());
    for (std::size_t pair = m * splits.size(); pair < (m + 1) * splits.size(); ++pair) {
      pair_task.push_back(tasks.size());
      if (!forest) tasks.push_back({pair});
      if (!forest) continue;
      const learn::TreeBlocks blocks(forest->params().trees, kForestBlock);
      for (std::size_t b = 0; b < blocks.count(); ++b)
        tasks.push_back({pair, blocks.first(b), blocks.size(b)});
    }
  }
  pair_task.push_back(tasks.size());
  // A forest pair's matrices and column index, built on a rank by the first of its blocks there
  // (tasks arrive in order, so one pair is kept at a time).
  struct ForestSplit {
    std::size_t pair;
    learn::FeatureMatrix train, test;
    learn::DecisionTree::ColumnIndex index;
    std::vector<std::int32_t> train_y;
  };
  std::mutex split_mutex;
  std::shared_ptr<const ForestSplit> forest_split;
  const auto split_of = [&](std::size_t pair) {
    const std::lock_guard<std::mutex> lock(split_mutex);
    if (!forest_split || forest_split->pair != pair) {
      const auto& m = models[pair / splits.size()];
      const auto& split = splits[pair % splits.size()];
      auto s = std::make_shared<ForestSplit>();
      s->pair = pair;
      s->train = learn::make_matrix(data, m.columns, split.train);
      s->test = learn::make_matrix(data, m.columns, split.test);
      s->index = learn::DecisionTree::index_columns(s->train);
      s->train_y = subset(split.train);
      forest_split = std::move(s);
    }
    return forest_split;
  };
  const auto score = [&](const std::vector<double>& proba,
                         const std::vector<std::int32_t>& test_y) {
    const auto predicted = learn::predicted_classes(proba, classes);
    double auc = std::nan(""), auc_labels = std::nan("");
    if (classes == 2) {
      std::vector<double> p1, label;
      for (std::size_t i = 0; i < test_y.size(); ++i) {
        p1.push_back(proba[i * 2 + 1]);
        label.push_back(predicted[i]);
      }
      auc = learn::roc_auc(p1, test_y);
      auc_labels = learn::roc_auc(label, test_y);
    }
    return std::vector<double>{learn::accuracy(predicted, test_y), auc, auc_labels};
  };
  const auto done = context.farm.run("models.score", tasks.size(), [&](std::size_t t, Rng&) {
    const ScoreTask& task = tasks[t];
    const auto& m = models[task.pair / splits.size()];
    const auto& split = splits[task.pair % splits.size()];
    auto learner = make_model(m.spec, m.inputs, config.learner);
    learner->reseed(Rng(config.run.seed, "models.score", task.pair).next_u64());
    if (task.count > 0) {
      const auto s = split_of(task.pair);
      return dynamic_cast<const learn::RandomForest&>(*learner).predict_block(
          s->train, s->index, learn::TreeTarget{s->train_y, classes, {}}, {}, s->test, task.first,
          task.count);
    }
    learner->fit(learn::make_matrix(data, m.columns, split.train), subset(split.train), classes);
    return score(learner->predict_proba(learn::make_matrix(data, m.columns, split.test)),
                 subset(split.test));
  });
  if (!context.farm.is_root()) return {};  // the results are rank 0's
  std::vector<std::vector<double>> scores;
  for (std::size_t pair = 0; pair + 1 < pair_task.size(); ++pair) {
    const ScoreTask& task = tasks[pair_task[pair]];
    if (task.count == 0) {
      scores.push_back(done[pair_task[pair]]);
      continue;
    }
    const ScoreTask& last = tasks[pair_task[pair + 1] - 1];
    const auto blocks =
        std::span(done).subspan(pair_task[pair], pair_task[pair + 1] - pair_task[pair]);
    scores.push_back(score(learn::RandomForest::mean_of_blocks(blocks, last.first + last.count),
                           subset(splits[pair % splits.size()].test)));
  }
  return scores;
}

}  // namespace adm::pipelines
