#include <algorithm>
#include <cmath>
#include <cstdio>

#include "info/ml_cmi.hpp"
#include "methods/infogram/infogram_compute.hpp"
#include "pipelines/infogram/infogram_pipeline.hpp"
#include "pipelines/models/learner_factory.hpp"
#include "report/result_figures.hpp"

namespace adm::pipelines {
namespace {

using info::Names;

std::vector<double> column(const std::vector<std::vector<double>>& rows, std::size_t k) {
  std::vector<double> out;
  for (const auto& r : rows) out.push_back(r.at(k));
  return out;
}

// The stage's tasks run on every rank; their results, and all that is derived from them and
// written, on rank 0, which returns the outcome (the other ranks an empty one).
InfogramOutcome infogram_on_root(StageContext& context) {
  const auto& config = context.config;
  const auto& data = context.data;
  const auto& roles = data.roles();
  const auto& options = config.infogram;
  const auto learner = make_learner(config.learner);
  std::size_t classes = 0;
  const auto y = info::response_codes(data, roles.target, &classes);
  std::span<const double> weights;
  if (!roles.weights.empty()) weights = data.column(roles.weights).values();
  const info::MlCmiOptions cmi = options.both_estimates();

  const methods::InfogramInputs inputs{data, roles.target, roles.features, roles.sensitive,
                                       weights};
  const Names candidates = methods::candidate_features(inputs, options.mode);

  // Relevance: the learner's importance in one model of Y on all features (one task), or the
  // marginal MI(Y, X_j) (one task per feature).
  const auto relevance_of = [&](const Names& features, const std::string& stage) {
    if (options.relevance == methods::RelevanceKind::Importance) {
      auto one = context.farm.run(stage, 1, [&](std::size_t, Rng& rng) {
        return methods::importance_relevance(*learner, data, y, classes, features, weights,
                                             rng.next_u64());
      });
      return one.empty() ? std::vector<double>() : std::move(one[0]);  // empty off rank 0
    }
    return column(context.farm.run(stage, features.size(),
                                   [&](std::size_t j, Rng& rng) {
                                     const info::CmiProblem p{data,          y,  classes,
                                                              {features[j]}, {}, weights};
                                     const auto r = info::ml_cmi(*learner, p, cmi, rng);
                                     return std::vector<double>{r.value(options.estimate)};
                                   }),
                  0);
  };
  std::vector<double> relevance = relevance_of(candidates, "infogram.relevance");
  Names screened = candidates;
  auto& results = context.results;
  if (options.top_n > 0 && candidates.size() > options.top_n) {
    results.add("/infogram/screening/candidates", candidates, "Features before screening.");
    results.add("/infogram/screening/relevance_raw", relevance,
                "Relevance of every candidate in the screening model.", "learner units");
    screened.clear();
    if (context.farm.is_root())
      for (auto j : methods::top_indices(relevance, options.top_n))
        screened.push_back(candidates[j]);
    context.farm.share(screened);  // the next stage's tasks are the screened features
    relevance = relevance_of(screened, "infogram.relevance_screened");
  }

  // Net (core: given the other features) or safety (fair: given S) information. One of the two
  // models of every feature's CMI is the same for all features (core: Y ~ all features; fair:
  // Y ~ S), so it is fitted once per fold; the other is fitted per feature. Folds and learner
  // seeds come from one plan shared by every feature, so each fit is an independent task.
  const bool fair_mode = options.mode == methods::InfogramMode::Fair;
  const std::size_t boot = options.feature_bootstrap;
  const auto problem = [&](std::size_t j) {
    return info::CmiProblem{data,
                            y,
                            classes,
                            {screened[j]},
                            methods::conditioning_set(options.mode, screened, j, roles.sensitive),
                            weights};
  };
  Rng plan_stream(config.run.seed, "infogram.plan", 0);
  const info::CmiPlan plan = info::plan_ml_cmi(problem(0), cmi, plan_stream);
  const bool shared_is_full = !fair_mode;  // core shares Y ~ all; fair shares Y ~ S
  std::vector<std::size_t> shared_jobs, own_jobs;
  for (std::size_t i = 0; i < plan.jobs.size(); ++i)
    (plan.jobs[i].full == shared_is_full ? shared_jobs : own_jobs).push_back(i);
  const Names shared_cols = fair_mode ? roles.sensitive : screened;
  const auto shared =
      context.farm.run("infogram.shared", shared_jobs.size(), [&](std::size_t t, Rng&) {
        const auto& job = plan.jobs[shared_jobs[t]];
        return info::fit_and_predict(*learner, data, y, classes, shared_cols, job.train, job.eval,
                                     job.seed, weights);
      });
  const std::size_t per_feature = own_jobs.size();
  const auto own =
      context.farm.run("infogram.net", screened.size() * per_feature, [&](std::size_t t, Rng&) {
        return info::run_fit_job(*learner, problem(t / per_feature),
                                 plan.jobs[own_jobs[t % per_feature]]);
      });
  std::vector<std::vector<double>> net;              // per feature: in-sample, cross-fitted
  std::vector<std::vector<double>> given_in_sample;  // per feature: P(Y | given), all rows
  for (std::size_t j = 0; j < screened.size() && context.farm.is_root(); ++j) {
    std::vector<std::vector<double>> predictions(plan.jobs.size());
    for (std::size_t t = 0; t < shared_jobs.size(); ++t) predictions[shared_jobs[t]] = shared[t];
    for (std::size_t t = 0; t < per_feature; ++t)
      predictions[own_jobs[t]] = own[j * per_feature + t];
    auto r = info::assemble_ml_cmi(problem(j), plan, predictions, cmi);
    net.push_back({r.in_sample, r.cross_fitted});
    given_in_sample.push_back(std::move(r.p_s));
  }
  const auto net_in = column(net, 0), net_cf = column(net, 1);
  const bool cross = options.estimate == info::CmiVariant::CrossFitted;
  std::vector<double> p_values(screened.size(), std::nan(""));
  if (boot > 0) {
    // Replicate b of feature j is task j * B + b: the null draws come from P(Y | given_j), which
    // rank 0 assembled from the fits and every rank needs.
    context.farm.share(given_in_sample);
    const auto nulls =
        context.farm.run("infogram.null", screened.size() * boot, [&](std::size_t t, Rng& rng) {
          const std::size_t j = t / boot;
          return std::vector<double>{info::bootstrap_replicate(*learner, problem(j),
                                                               given_in_sample[j], options.estimate,
                                                               options.cmi_options(), rng)};
        });
    if (!context.farm.is_root()) return {};
    std::vector<double> all;
    for (std::size_t j = 0; j < screened.size(); ++j) {
      std::vector<double> mine;
      for (std::size_t b = 0; b < boot; ++b) mine.push_back(nulls[j * boot + b][0]);
      all.insert(all.end(), mine.begin(), mine.end());
      p_values[j] = info::bootstrap_p_value(cross ? net_cf[j] : net_in[j], mine);
    }
    results.add("/infogram/null", all,
                "Bootstrap null samples of the net/safety information (features in screening "
                "order, /infogram/null_features).",
                "bits", {screened.size(), boot});
    results.add("/infogram/null_features", screened, "Row order of /infogram/null.");
  }
  if (!context.farm.is_root()) return {};
  const auto infogram = methods::make_infogram(screened, relevance, cross ? net_cf : net_in,
                                               options.thresholds, options.mode);

  // Datasets in the infogram's order (by admissible index).
  const bool fair = options.mode == methods::InfogramMode::Fair;
  const std::string axis =
      fair ? "safety index F_j = MI(Y, X_j | S)" : "net information C_j = MI(Y, X_j | X_-j)";
  Names names;
  std::vector<double> rel_raw, rel, net_raw_in, net_raw_cf, net_norm, index, pv;
  std::vector<std::int64_t> admissible_flags, risky_flags;
  for (const auto& e : infogram.features) {
    const auto j = static_cast<std::size_t>(std::find(screened.begin(), screened.end(), e.name) -
                                            screened.begin());
    names.push_back(e.name);
    rel_raw.push_back(e.relevance_raw);
    rel.push_back(e.relevance);
    net_raw_in.push_back(net_in[j]);
    net_raw_cf.push_back(net_cf[j]);
    pv.push_back(p_values[j]);
    net_norm.push_back(e.net);
    index.push_back(e.admissible_index);
    admissible_flags.push_back(e.admissible ? 1 : 0);
    risky_flags.push_back(e.risky ? 1 : 0);
  }
  results.add("/infogram/features", names, "Features, ordered by admissible index.");
  results.add("/infogram/relevance_raw", rel_raw,
              "Relevance before scaling (learner importance, or MI(Y, X_j) in bits).",
              "learner units");
  results.add("/infogram/relevance", rel, "Relevance scaled by its maximum.", "fraction");
  results.add("/infogram/net_in_sample", net_raw_in,
              "In-sample ML-CMI estimate of the " + axis + ".", "bits");
  results.add("/infogram/net_cross_fitted", net_raw_cf,
              "K-fold cross-fitted ML-CMI estimate of the " + axis + ".", "bits");
  results.add("/infogram/net", net_norm, "The " + axis + " on the plot, scaled by its maximum.",
              "fraction");
  results.add("/infogram/p_value", pv,
              "Model-based bootstrap p-value of the net/safety information (NaN: not computed).",
              "probability");
  results.add("/infogram/admissible_index", index, "sqrt(R^2 + C^2) / sqrt(2).", "fraction");
  results.add("/infogram/admissible", admissible_flags, "1 outside the L-region.", "flag");
  results.add("/infogram/admissible_set", infogram.admissible(), "Admissible features.");
  results.add("/infogram/risky", risky_flags,
              "1 for a risky feature (fair mode): normalised relevance >= max(relevance "
              "threshold, /infogram/risky_relevance) and safety below the safety threshold.",
              "flag");
  results.add("/infogram/risky_set", infogram.risky(),
              "Risky features: highly relevant but unsafe, to review with domain experts.");
  results.add("/infogram/risky_relevance", std::vector<double>{options.thresholds.risky_relevance},
              "Relevance a fair-mode feature below the safety threshold needs to be risky.",
              "fraction");
  results.add("/infogram/thresholds",
              std::vector<double>{options.thresholds.relevance, options.thresholds.net},
              "L-region widths: relevance, then net/safety.", "fraction");
  // The SVG beside the result is the report's figure, drawn from the datasets just added.
  const auto drawn = report::document_of(results, "/infogram");
  results.add_file("infogram.svg", report::infogram_figure(report::ResultData(drawn, ""),
                                                           std::string(fair ? "Fair" : "Core") +
                                                               " InfoGram: " + config.run.name));

  auto& out = context.summary;
  out << (fair ? "fair" : "core") << " InfoGram (" << to_string(options.estimate)
      << " estimate on the axis, learner " << config.learner.kind << ", " << screened.size()
      << " features" << (screened.size() < candidates.size() ? " after screening" : "") << "):\n";
  char line[200];
  std::snprintf(line, sizeof line, "  %-24s %9s %9s %11s %11s %8s  %s\n", "feature", "relevance",
                fair ? "safety" : "net", "bits(in)", "bits(cv)", "p", "admissible");
  out << line;
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::snprintf(line, sizeof line, "  %-24s %9.3f %9.3f %11.5f %11.5f %8.4f  %s\n",
                  names[i].c_str(), rel[i], net_norm[i], net_raw_in[i], net_raw_cf[i], pv[i],
                  admissible_flags[i] ? "yes" : (risky_flags[i] ? "RISKY" : ""));
    out << line;
  }
  out << "  admissible set: {";
  const auto admissible = infogram.admissible();
  for (std::size_t i = 0; i < admissible.size(); ++i) out << (i ? ", " : "") << admissible[i];
  out << "}\n";
  if (fair) {
    const auto risky = infogram.risky();
    out << "  risky (relevance >= "
        << std::max(options.thresholds.relevance, options.thresholds.risky_relevance)
        << ", safety < " << options.thresholds.net << "): {";
    for (std::size_t i = 0; i < risky.size(); ++i) out << (i ? ", " : "") << risky[i];
    out << "}\n";
  }
  return {admissible, names, rel, net_norm};
}

}  // namespace

InfogramOutcome infogram_stage(StageContext& context) {
  InfogramOutcome outcome = infogram_on_root(context);
  context.farm.share(outcome);  // ALFA and the models' inputs need it on every rank
  return outcome;
}

}  // namespace adm::pipelines
