#include <cmath>
#include <cstdio>
#include <utility>

#include "core/error.hpp"
#include "info/ml_cmi.hpp"
#include "methods/infogram/adverse_impact.hpp"
#include "pipelines/infogram/infogram_pipeline.hpp"
#include "pipelines/models/learner_factory.hpp"

namespace adm::pipelines {
namespace {

// The two groups an AIR compares (level names and weighted sizes) and how many small groups it
// left out, next to the ratio, so a reader sees what decided it.
void report_compared_groups(ResultSet& results, const std::string& path, const data::Column& column,
                            const methods::AirResult& air) {
  std::vector<std::string> names;
  std::vector<double> sizes, rates;
  for (const std::int32_t g : {air.lowest_group, air.highest_group}) {
    if (g < 0) continue;
    const auto k = static_cast<std::size_t>(g);
    names.push_back(column.levels()[k]);
    sizes.push_back(air.counts[k]);
    rates.push_back(air.rates[k]);
  }
  results.add(path + "_groups", names,
              "The groups the ratio compares: lowest rate, then highest (empty: undefined).");
  results.add(path + "_group_sizes", sizes, "Their (weighted) sizes.", "rows");
  results.add(path + "_group_rates", rates, "Their rates of R = 1.", "fraction");
  results.add(path + "_small_groups",
              std::vector<std::int64_t>{static_cast<std::int64_t>(air.small_groups)},
              "Non-empty groups left out for having fewer than /alfa/min_group_size rows.",
              "groups");
}

struct Response {
  std::string name;  // "outcome" or the decision column
  std::vector<std::int32_t> codes;
  std::size_t classes = 0;
};

}  // namespace

std::vector<AlfaResult> alfa_of_responses(StageContext& context,
                                          const std::vector<AlfaRequest>& requests,
                                          const std::vector<std::string>& given,
                                          const std::string& stage_suffix) {
  const auto& data = context.data;
  const auto& roles = data.roles();
  const auto& options = context.config.infogram;
  const auto learner = make_learner(context.config.learner);
  std::span<const double> weights;
  if (!roles.weights.empty()) weights = data.column(roles.weights).values();
  const info::MlCmiOptions both = options.both_estimates();
  const info::MlCmiOptions chosen = options.cmi_options();
  const auto variant = options.estimate;
  std::vector<info::CmiProblem> problems;
  for (const auto& r : requests)
    problems.push_back({data, *r.codes, r.classes, roles.sensitive, given, weights});

  // The estimates: every rank draws each response's plan (folds, then a learner seed per fit)
  // from that response's stream "alfa.estimate.<name>", exactly the draws ml_cmi makes, and the
  // fits of all responses are the tasks of one stage (2 (K + 1) fits a response). As one task per
  // response, the estimates were the InfoGram workload's serial part: ~0.5 s each at 20k rows,
  // on one rank whatever the rank count.
  std::vector<info::CmiPlan> plans;
  std::vector<std::pair<std::size_t, std::size_t>> fits;  // (response, job of its plan)
  for (std::size_t q = 0; q < requests.size(); ++q) {
    Rng plan_stream(context.config.run.seed, "alfa.estimate." + requests[q].name, 0);
    plans.push_back(info::plan_ml_cmi(problems[q], both, plan_stream));
    for (std::size_t j = 0; j < plans[q].jobs.size(); ++j) fits.emplace_back(q, j);
  }
  auto predictions =
      context.farm.run("alfa.estimate" + stage_suffix, fits.size(), [&](std::size_t t, Rng&) {
        const auto [q, j] = fits[t];
        return info::run_fit_job(*learner, problems[q], plans[q].jobs[j]);
      });

  std::vector<AlfaResult> out(requests.size());
  std::vector<std::vector<double>> p_s(requests.size());
  for (std::size_t q = 0, t = 0; q < requests.size() && context.farm.is_root(); ++q) {
    std::vector<std::vector<double>> mine;
    for (std::size_t j = 0; j < plans[q].jobs.size(); ++j, ++t)
      mine.push_back(std::move(predictions[t]));
    auto e = info::assemble_ml_cmi(problems[q], plans[q], mine, both);
    p_s[q] = std::move(e.p_s);
    out[q].in_sample = e.in_sample;
    out[q].cross_fitted = e.cross_fitted;
    out[q].alpha = variant == info::CmiVariant::CrossFitted ? e.cross_fitted : e.in_sample;
  }
  // The replicates draw from P(R | X_A), assembled on rank 0 from the fits: every rank needs it.
  if (options.bootstrap > 0) context.farm.share(p_s);
  using Group = dist::TaskFarm::TaskGroup<double>;
  std::vector<Group> replicates;
  for (std::size_t q = 0; q < requests.size(); ++q)
    replicates.push_back(Group{
        "alfa.null." + requests[q].name, options.bootstrap, [&, q](std::size_t, Rng& rng) {
          return info::bootstrap_replicate(*learner, problems[q], p_s[q], variant, chosen, rng);
        }});
  const auto null_rows = context.farm.run_groups("alfa.null" + stage_suffix, replicates);
  if (!context.farm.is_root()) return out;  // the estimates and what is written are rank 0's

  auto& results = context.results;
  for (std::size_t q = 0; q < requests.size(); ++q) {
    AlfaResult& a = out[q];
    const std::vector<double>& nulls = null_rows[q];
    a.p_value = nulls.empty() ? std::nan("") : info::bootstrap_p_value(a.alpha, nulls);
    const std::string& base = requests[q].base;
    results.add(base + "/alpha", std::vector<double>{a.alpha},
                "alpha = MI(R, S | X_A), the estimate on the configured variant.", "bits");
    results.add(base + "/alpha_in_sample", std::vector<double>{a.in_sample}, "In-sample estimate.",
                "bits");
    results.add(base + "/alpha_cross_fitted", std::vector<double>{a.cross_fitted},
                "K-fold cross-fitted estimate.", "bits");
    results.add(base + "/p_value", std::vector<double>{a.p_value},
                "(1 + #{null >= alpha}) / (B + 1), model-based bootstrap; NaN without replicates.",
                "probability");
    results.add(base + "/null", nulls, "Bootstrap null sample of alpha.", "bits");
  }
  return out;
}

AlfaResult alfa_of_response(StageContext& context, const std::string& name,
                            const std::vector<std::int32_t>& codes, std::size_t classes,
                            const std::vector<std::string>& given, const std::string& base) {
  return alfa_of_responses(context, {AlfaRequest{name, &codes, classes, base}}, given,
                           "." + name)[0];
}

// alpha = MI(R, S | X_A) for the outcome R = Y and for each model's decisions R = Yhat, with the
// model-based bootstrap: null responses drawn from P(R | X_A), both models refitted per replicate.
// The estimates' model fits (2 (K + 1) per response) are the tasks of one stage and all responses'
// replicates those of another, so both spread over the ranks (see alfa_of_responses).
void alfa_stage(StageContext& context, const std::vector<std::string>& from_infogram) {
  const auto& config = context.config;
  const auto& data = context.data;
  const auto& roles = data.roles();
  const auto& options = config.infogram;
  const auto& given = config.alfa.admissible.empty() ? from_infogram : config.alfa.admissible;
  std::span<const double> weights;
  if (!roles.weights.empty()) weights = data.column(roles.weights).values();

  std::vector<Response> responses;
  responses.push_back({"outcome", {}, 0});
  responses.back().codes = info::response_codes(data, roles.target, &responses.back().classes);
  for (const auto& p : config.alfa.predictions) {
    responses.push_back({p, {}, 0});
    responses.back().codes = info::response_codes(data, p, &responses.back().classes);
  }

  auto& results = context.results;
  auto& out = context.summary;
  results.add("/alfa/admissible", given, "X_A: the features the ALFA test conditions on.");
  results.add("/alfa/min_group_size", std::vector<double>{config.alfa.min_group_size},
              "AIR and CAIR compare only groups with at least this many (weighted) rows.", "rows");
  results.add("/alfa/sensitive", roles.sensitive, "S: the sensitive attributes.");
  out << "ALFA test alpha = MI(R, S | X_A), X_A = {" << join_names(given) << "}, S = {"
      << join_names(roles.sensitive) << "}, " << options.bootstrap << " bootstrap replicates:\n";

  std::vector<AlfaRequest> requests;
  for (const auto& r : responses)
    requests.push_back(AlfaRequest{r.name, &r.codes, r.classes, "/alfa/" + r.name});
  const auto tests = alfa_of_responses(context, requests, given, "");
  for (std::size_t q = 0; q < responses.size(); ++q) {
    const auto& r = responses[q];
    const auto& a = tests[q];
    const std::string& base = requests[q].base;
    char line[200];
    std::snprintf(line, sizeof line,
                  "  %-24s alpha %.5f bits (in-sample %.5f, cross-fitted %.5f), p = %.4f\n",
                  r.name.c_str(), a.alpha, a.in_sample, a.cross_fitted, a.p_value);
    out << line;

    if (r.classes != 2) continue;  // adverse impact is defined for a binary outcome
    const double min_size = config.alfa.min_group_size;
    for (const auto& attr : roles.sensitive) {
      const auto& column = data.column(attr);
      const auto& g = column.codes();
      const auto air = methods::adverse_impact_ratio(r.codes, g, weights, min_size);
      results.add(base + "/air/" + attr, std::vector<double>{air.ratio},
                  "Adverse impact ratio: lowest group rate of R = 1 over the highest, among groups "
                  "of at least /alfa/min_group_size rows.",
                  "ratio");
      report_compared_groups(results, base + "/air/" + attr, column, air);
      std::snprintf(line, sizeof line, "    AIR by %s: %.4f", attr.c_str(), air.ratio);
      out << line;
      if (air.lowest_group >= 0 && air.highest_group >= 0) {
        const auto lo = static_cast<std::size_t>(air.lowest_group);
        const auto hi = static_cast<std::size_t>(air.highest_group);
        std::snprintf(line, sizeof line, " ('%s', n = %.0f, over '%s', n = %.0f)",
                      column.levels()[lo].c_str(), air.counts[lo], column.levels()[hi].c_str(),
                      air.counts[hi]);
        out << line;
      }
      if (air.small_groups > 0)
        out << "; " << air.small_groups << " group(s) under " << min_size << " rows left out";
      if (!config.alfa.cair_strata.empty()) {
        const auto& strata = data.column(config.alfa.cair_strata);
        if (!strata.is_categorical())
          throw InputError(config.file + ": config key 'alfa.cair_strata': column '" +
                           strata.name() + "' must be categorical");
        const auto cair = methods::conditional_adverse_impact_ratio(r.codes, g, strata.codes(),
                                                                    weights, min_size);
        results.add(base + "/cair/" + attr, std::vector<double>{cair.value},
                    "Conditional AIR: sum over strata d of P(D = d) AIR(R, G | D = d).", "ratio");
        std::vector<double> per_stratum;
        std::int64_t small = 0;
        for (const auto& a : cair.per_stratum) {
          per_stratum.push_back(a.ratio);
          small += static_cast<std::int64_t>(a.small_groups);
        }
        results.add(base + "/cair/" + attr + "_small_groups", std::vector<std::int64_t>{small},
                    "Groups within strata left out for having fewer than /alfa/min_group_size "
                    "rows, summed over the strata.",
                    "groups");
        results.add(base + "/cair/" + attr + "_by_stratum", per_stratum,
                    "AIR(R, G | D = d) per level of the strata column (NaN: one group only).",
                    "ratio");
        results.add(base + "/cair/" + attr + "_stratum_share", cair.stratum_share,
                    "P(D = d), the weights of the per-stratum AIRs.", "fraction");
        results.add(base + "/cair/strata", strata.levels(), "Levels of the strata column.");
        std::snprintf(line, sizeof line, ", CAIR given %s: %.4f", config.alfa.cair_strata.c_str(),
                      cair.value);
        out << line;
      }
      out << "\n";
    }
  }
}

}  // namespace adm::pipelines
