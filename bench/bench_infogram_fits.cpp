// The learner fits an InfoGram run needs, timed one by one in a plain loop (no task farm, no
// checkpoint journal, no result file), so bench/infogram_overhead.sh can set the pipeline's wall
// time against the time its fits take. The list mirrors src/pipelines/infogram_stage.cpp and
// alfa_stage.cpp as of this commit:
//   relevance      1 fit of Y ~ candidates (+1 of Y ~ screened when top_n screens)
//   shared         the model every feature's CMI shares (fair: Y ~ S; core: Y ~ all), in-sample
//                  and on each of the K training folds: 1 + K fits
//   net/safety     per feature the other model, in-sample and per fold: (1 + K) fits each
//   ALFA estimate  MI(Y, S | X_A), both models, in-sample and per fold: 2 (1 + K) fits
//   ALFA nulls     per replicate both models in-sample on a null response: 2 fits
// Each fit is timed in three parts: building its matrices (train and eval rows), XGBoost's fit,
// and the prediction; the fits' process CPU time is summed too (cpu_fit). Per-feature null
// bootstraps (infogram.feature_bootstrap) are not included. Usage: bench_infogram_fits CONFIG
// ADMISSIBLE_CSV [ALFA_REPLICATES]
//   ADMISSIBLE_CSV: X_A as comma-separated names (from the run's /infogram/admissible_set).
#include <chrono>
#include <cstdio>
#include <ctime>
#include <sstream>

#include "core/elapsed.hpp"
#include "core/error.hpp"
#include "data/load.hpp"
#include "info/ml_cmi.hpp"
#include "methods/infogram/infogram_compute.hpp"
#include "pipelines/experiment_config.hpp"
#include "pipelines/models/learner_factory.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using adm::info::Names;

struct Totals {
  std::size_t fits = 0;
  double matrix = 0, fit = 0, predict = 0;
  double cpu_fit = 0;  // process CPU time of the fits (robust to other load on the machine)
  double all() const { return matrix + fit + predict; }
};

struct Timer {
  const adm::learn::ProbabilisticClassifier& prototype;
  const adm::data::Dataset& data;
  std::size_t classes;
  Totals total;

  // One fit of y ~ cols on `train`, predicted on `eval`; returns the probabilities.
  std::vector<double> run(std::span<const std::int32_t> y, const Names& cols,
                          const std::vector<std::size_t>& train,
                          const std::vector<std::size_t>& eval, std::uint64_t seed, Totals& part) {
    auto t0 = Clock::now();
    const auto xt = adm::learn::make_matrix(data, cols, train);
    const auto xe = adm::learn::make_matrix(data, cols, eval);
    std::vector<std::int32_t> yt(train.size());
    for (std::size_t i = 0; i < train.size(); ++i) yt[i] = y[train[i]];
    const double m = adm::seconds_since(t0);
    auto model = prototype.clone();
    model->reseed(seed);
    t0 = Clock::now();
    const std::clock_t c0 = std::clock();
    model->fit(xt, yt, classes);
    const double cf = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    const double f = adm::seconds_since(t0);
    t0 = Clock::now();
    auto p = model->predict_proba(xe);
    const double pr = adm::seconds_since(t0);
    for (Totals* t : {&part, &total}) {
      ++t->fits;
      t->matrix += m;
      t->fit += f;
      t->predict += pr;
      t->cpu_fit += cf;
    }
    return p;
  }
};

std::vector<std::size_t> all_rows(std::size_t n) {
  std::vector<std::size_t> r(n);
  for (std::size_t i = 0; i < n; ++i) r[i] = i;
  return r;
}

void print(const char* stage, const Totals& t) {
  std::printf("  %-14s %5zu fits  matrices %8.3f s  fit %8.3f s  predict %8.3f s  total %8.3f s\n",
              stage, t.fits, t.matrix, t.fit, t.predict, t.all());
}

}  // namespace

int main(int argc, char** argv) try {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s CONFIG ADMISSIBLE_CSV [ALFA_REPLICATES]\n", argv[0]);
    return 2;
  }
  const auto config = adm::pipelines::load_config(argv[1]);
  Names admissible;
  {
    std::stringstream in(argv[2]);
    for (std::string name; std::getline(in, name, ',');)
      if (!name.empty()) admissible.push_back(name);
  }
  const std::size_t replicates =
      argc > 3 ? std::stoul(argv[3]) : static_cast<std::size_t>(config.infogram.bootstrap);
  const auto data = adm::data::load_dataset(config.data);
  const auto& roles = data.roles();
  if (!roles.weights.empty()) throw adm::InputError("bench: weights are not supported here");
  const auto learner = adm::pipelines::make_learner(config.learner);
  const auto& options = config.infogram;
  const bool fair = options.mode == adm::methods::InfogramMode::Fair;
  std::size_t classes = 0;
  const auto y = adm::info::response_codes(data, roles.target, &classes);
  const std::size_t n = data.rows();
  const auto rows = all_rows(n);
  Timer timer{*learner, data, classes, {}};
  adm::Rng rng(config.run.seed, "bench.infogram_fits", 0);

  // Relevance (and the screened refit).
  Totals relevance;
  const adm::methods::InfogramInputs inputs{data, roles.target, roles.features, roles.sensitive};
  const Names candidates = adm::methods::candidate_features(inputs, options.mode);
  timer.run(y, candidates, rows, {rows.front()}, rng.next_u64(), relevance);
  Names screened = candidates;
  if (options.top_n > 0 && candidates.size() > options.top_n) {
    auto model = learner->clone();
    model->fit(adm::learn::make_matrix(data, candidates), y, classes);
    screened.clear();
    for (auto j : adm::methods::top_indices(model->importance(), options.top_n))
      screened.push_back(candidates[j]);
    timer.run(y, screened, rows, {rows.front()}, rng.next_u64(), relevance);
  }

  // Shared model and per-feature models, on the pipeline's plan (same folds for every feature).
  const auto both = options.both_estimates();
  const adm::info::CmiProblem first{
      data,
      y,
      classes,
      {screened[0]},
      adm::methods::conditioning_set(options.mode, screened, 0, roles.sensitive)};
  const auto plan = adm::info::plan_ml_cmi(first, both, rng);
  Totals shared, net;
  const Names shared_cols = fair ? roles.sensitive : screened;
  for (const auto& job : plan.jobs)
    if (job.full != fair) timer.run(y, shared_cols, job.train, job.eval, job.seed, shared);
  for (std::size_t j = 0; j < screened.size(); ++j) {
    Names cols{screened[j]};
    const auto given = adm::methods::conditioning_set(options.mode, screened, j, roles.sensitive);
    cols.insert(cols.end(), given.begin(), given.end());
    for (const auto& job : plan.jobs)
      if (job.full == fair) {
        // core: the per-feature model is Y ~ X_-j (full == false); fair: Y ~ X_j + S.
        timer.run(y, fair ? cols : given, job.train, job.eval, job.seed, net);
      }
  }

  // ALFA: MI(Y, S | X_A) on both estimates, then the null replicates (in-sample).
  Totals estimate, nulls;
  if (!roles.sensitive.empty() && config.alfa.enabled && !admissible.empty()) {
    const adm::info::CmiProblem alfa{data, y, classes, roles.sensitive, admissible};
    const auto alfa_plan = adm::info::plan_ml_cmi(alfa, both, rng);
    Names full = roles.sensitive;
    full.insert(full.end(), admissible.begin(), admissible.end());
    std::vector<double> p_s;
    for (const auto& job : alfa_plan.jobs) {
      auto p = timer.run(y, job.full ? full : admissible, job.train, job.eval, job.seed, estimate);
      if (!job.full && job.fold < 0) p_s = std::move(p);
    }
    for (std::size_t b = 0; b < replicates; ++b) {
      adm::Rng null_rng(config.run.seed, "bench.null", b);
      const auto y_null = adm::info::draw_null_response(p_s, classes, null_rng);
      timer.run(y_null, full, rows, rows, null_rng.next_u64(), nulls);
      timer.run(y_null, admissible, rows, rows, null_rng.next_u64(), nulls);
    }
  }

  std::printf(
      "fits of a %s InfoGram on %zu rows, %zu features (%zu after screening), %zu folds, "
      "%zu ALFA replicates:\n",
      fair ? "fair" : "core", n, candidates.size(), screened.size(), plan.folds.size(), replicates);
  print("relevance", relevance);
  print("shared", shared);
  print("net/safety", net);
  print("alfa estimate", estimate);
  print("alfa nulls", nulls);
  print("all", timer.total);
  std::printf("sum_fit %.6f\nsum_fit_predict %.6f\nsum_all %.6f\nfits %zu\ncpu_fit %.6f\n",
              timer.total.fit, timer.total.fit + timer.total.predict, timer.total.all(),
              timer.total.fits, timer.total.cpu_fit);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "bench_infogram_fits: %s\n", e.what());
  return 2;
}
