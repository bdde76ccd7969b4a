#pragma once
// The evaluation protocol of Fair Forests (section 4.1): a model is fitted once per fold on the
// fold's training rows and predicts its held-out rows (10-fold cross-validation on German; one
// fold = the given test set on Adult). Every (fold, tree) fit is one task (fair_tree_task.hpp);
// assemble() turns the task results into one prediction per held-out row — the tree's class or
// mean, the forest's majority vote (ties to the lower class, as JSAT's most-likely class) or mean
// — and the mean label MDI per feature.
#include <cstdint>
#include <vector>

#include "core/codec.hpp"
#include "methods/fairforest/fair_tree_task.hpp"

namespace adm::methods::fairforest {

struct Evaluation {
  std::vector<std::vector<std::size_t>> train, test;  // per fold, sorted row indices
  std::size_t folds() const { return test.size(); }
};

// Cross-validation: stratified k folds (by class; by nothing for regression) of rows 0..n-1.
Evaluation cross_validation(const Problem& problem, std::size_t k, Rng& rng);
// One fold: train on rows [0, train_rows), test on [train_rows, rows).
Evaluation holdout(std::size_t train_rows, std::size_t rows);

struct ModelOutcome {
  std::vector<std::size_t> rows;   // every held-out row, ascending
  std::vector<double> prediction;  // per entry of `rows`
  std::vector<double> importance;  // mean label MDI per column over folds and trees, sums to 1
};

// Tasks of a model: fold-major, each a block of spec.trees_per_task consecutive trees of one fold
// (a single tree for DT). A task returns, per held-out row of its fold, its trees' votes per class
// (regression: each tree's means), then each tree's label MDI per column — never a tree. assemble()
// sums them in tree order, so every block size gives the same forest, bit for bit.
std::size_t task_count(const ModelSpec& spec, const Evaluation& eval);
std::vector<double> run_task(const Problem& problem, const Protected* prot, const ModelSpec& spec,
                             const Evaluation& eval, std::uint64_t seed, std::size_t task);
// InternalError if a result has the wrong size.
ModelOutcome assemble(const Problem& problem, const ModelSpec& spec, const Evaluation& eval,
                      const std::vector<std::vector<double>>& results);

}  // namespace adm::methods::fairforest

namespace adm {

// An assembled model, which rank 0 shares with every rank for the metrics and the sweep.
template <>
struct Codec<methods::fairforest::ModelOutcome> {
  static void put(ByteWriter& w, const methods::fairforest::ModelOutcome& o) {
    Codec<std::vector<std::uint64_t>>::put(w, {o.rows.begin(), o.rows.end()});
    Codec<std::vector<double>>::put(w, o.prediction);
    Codec<std::vector<double>>::put(w, o.importance);
  }
  static methods::fairforest::ModelOutcome take(ByteReader& r) {
    methods::fairforest::ModelOutcome o;
    const auto rows = Codec<std::vector<std::uint64_t>>::take(r);
    o.rows.assign(rows.begin(), rows.end());
    o.prediction = Codec<std::vector<double>>::take(r);
    o.importance = Codec<std::vector<double>>::take(r);
    return o;
  }
};

}  // namespace adm
