#include "pipelines/fairforest/fairforest_sweep.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "methods/fairforest/feature_discrimination.hpp"
#include "pipelines/fairforest/fairforest_models.hpp"

namespace adm::pipelines {
namespace {

namespace ff = methods::fairforest;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Mean and sample standard deviation of the non-NaN values.
std::vector<double> mean_sd(const std::vector<double>& v) {
  double n = 0, sum = 0, sq = 0;
  for (const double x : v)
    if (!std::isnan(x)) n += 1, sum += x;
  if (n == 0) return {kNaN, kNaN};
  const double mean = sum / n;
  for (const double x : v)
    if (!std::isnan(x)) sq += (x - mean) * (x - mean);
  return {mean, n > 1 ? std::sqrt(sq / (n - 1)) : kNaN};
}

double utility(const ff::Problem& pb, const ff::ModelOutcome& o) {
  double s = 0;
  for (std::size_t q = 0; q < o.rows.size(); ++q) {
    const std::size_t r = o.rows[q];
    s += pb.regression() ? (o.prediction[q] - pb.values[r]) * (o.prediction[q] - pb.values[r])
                         : (o.prediction[q] == pb.labels[r] ? 1.0 : 0.0);
  }
  s /= static_cast<double>(o.rows.size());
  return pb.regression() ? std::sqrt(s) : s;
}

}  // namespace

void run_fairforest_sweep(StageContext& context, Timings& timings, const FairforestData& d,
                          const ff::Evaluation& eval, const ff::ModelOutcome& standard) {
  const auto& config = context.config;
  const auto& cfg = config.fairforest;
  const auto& pb = d.problem;
  const data::Dataset* test = d.test ? &*d.test : nullptr;
  std::vector<std::string> names = cfg.sweep_features.empty() ? d.features : cfg.sweep_features;
  // A feature that cannot be protected (constant) keeps NaN rows and no tasks.
  std::vector<std::optional<ff::Protected>> prot(names.size());
  std::vector<ff::ModelSpec> spec(names.size());
  std::vector<std::size_t> first(names.size() + 1, 0);
  for (std::size_t j = 0; j < names.size(); ++j) {
    try {
      prot[j] = protected_column(config, context.data, test, d.features, names[j],
                                 "fairforest.sweep_features");
      spec[j] = fairforest_spec(cfg, "RF_F", &*prot[j], pb.x.cols);
      spec[j].name = "sweep/" + names[j];
    } catch (const InputError&) {
      prot[j].reset();
    }
    first[j + 1] = first[j] + (prot[j] ? ff::task_count(spec[j], eval) : 0);
  }
  std::vector<std::vector<double>> results;
  timed(timings, "fairforest.sweep", [&] {
    results = context.farm.run("fairforest.sweep", first.back(), [&](std::size_t i, Rng&) {
      std::size_t j = 0;
      while (first[j + 1] <= i) ++j;
      return ff::run_task(pb, &*prot[j], spec[j], eval, config.run.seed, i - first[j]);
    });
  });
  if (!context.farm.is_root()) return;  // the results, and what is written of them, are rank 0's

  std::vector<double> raw(names.size(), kNaN), protected_disc(names.size(), kNaN),
      protected_utility(names.size(), kNaN);
  // Each fair forest's held-out predictions, one row per feature (NaN: not protected), over the
  // evaluated rows of the plain forest (every model is evaluated on the same rows), so the
  // protected Discrimination can be recomputed from the file.
  const std::size_t evaluated = standard.rows.size();
  std::vector<double> predictions(names.size() * evaluated, kNaN);
  for (std::size_t j = 0; j < names.size(); ++j) {
    if (!prot[j]) continue;
    raw[j] = ff::feature_discrimination(*prot[j], standard.rows, standard.prediction);
    const std::vector<std::vector<double>> mine(
        results.begin() + static_cast<std::ptrdiff_t>(first[j]),
        results.begin() + static_cast<std::ptrdiff_t>(first[j + 1]));
    const auto o = ff::assemble(pb, spec[j], eval, mine);
    protected_disc[j] = ff::feature_discrimination(*prot[j], o.rows, o.prediction);
    protected_utility[j] = utility(pb, o);
    if (o.rows != standard.rows)
      throw InternalError("fairforest sweep: '" + names[j] + "' was evaluated on other rows");
    std::copy(o.prediction.begin(), o.prediction.end(),
              predictions.begin() + static_cast<std::ptrdiff_t>(j * evaluated));
  }
  const std::string u = pb.regression() ? "rmse" : "accuracy";
  auto& out = context.results;
  out.add("/fairforest/sweep/feature", names, "Protected feature of each row of the sweep.");
  out.add("/fairforest/sweep/raw_discrimination", raw,
          "Discrimination (eq. 7, or MaxD eq. 8 for a numeric feature) of the plain forest RF "
          "with respect to the feature; NaN: the feature cannot be protected (constant).",
          "1");
  out.add("/fairforest/sweep/protected_discrimination", protected_disc,
          "The same Discrimination of a fair forest protecting that feature.", "1");
  out.add("/fairforest/sweep/protected_" + u, protected_utility,
          "Held-out " + u + " of the fair forest protecting that feature.", "1");
  out.add("/fairforest/sweep/prediction", predictions,
          "Held-out prediction (class code, or mean for regression) of the fair forest protecting "
          "each feature (rows: /fairforest/sweep/feature; columns: /fairforest/rows; NaN: "
          "the feature cannot be protected). protected_discrimination is computed from these.",
          "1", {names.size(), evaluated});
  const auto r = mean_sd(raw), p = mean_sd(protected_disc), a = mean_sd(protected_utility);
  out.add("/fairforest/sweep/summary", std::vector<double>{r[0], r[1], p[0], p[1], a[0], a[1]},
          "Table 5: mean and sample sd of raw_discrimination, protected_discrimination and "
          "protected_" +
              u + " over the features.",
          "1", {3, 2});
  context.summary << "  sweep over " << names.size() << " features: raw discrimination "
                  << fixed(r[0]) << " (sd " << fixed(r[1]) << "), protected " << fixed(p[0])
                  << " (sd " << fixed(p[1]) << "), " << u << " " << fixed(a[0]) << " (sd "
                  << fixed(a[1]) << ")\n";
}

}  // namespace adm::pipelines
