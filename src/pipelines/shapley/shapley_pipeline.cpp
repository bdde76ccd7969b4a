#include "pipelines/shapley/shapley_pipeline.hpp"

#include <algorithm>
#include <cstdio>

#include "core/error.hpp"
#include "data/discretize.hpp"
#include "info/joint_codes.hpp"
#include "methods/shapley/fairness_utility.hpp"
#include "methods/shapley/shapley_exact.hpp"
#include "methods/shapley/shapley_sampled.hpp"
#include "pipelines/audit/audit_stages.hpp"

namespace adm::pipelines {
namespace {

namespace sh = methods::shapley;

// A "shapley.subsets" task's result: its subsets' values and its work counters.
struct SubsetChunk {
  std::vector<double> values;
  sh::ChunkStats stats;
};

}  // namespace
}  // namespace adm::pipelines

namespace adm {

template <>
struct Codec<pipelines::SubsetChunk> {
  static void put(ByteWriter& w, const pipelines::SubsetChunk& c) {
    Codec<std::vector<double>>::put(w, c.values);
    const auto& s = c.stats;
    for (const auto k : {s.subsets, s.reused, s.solves, s.warm, s.remembered, s.pairings})
      Codec<std::uint64_t>::put(w, k);
  }
  static pipelines::SubsetChunk take(ByteReader& r) {
    pipelines::SubsetChunk c;
    c.values = Codec<std::vector<double>>::take(r);
    auto& s = c.stats;
    for (auto* k : {&s.subsets, &s.reused, &s.solves, &s.warm, &s.remembered, &s.pairings})
      *k = Codec<std::uint64_t>::take(r);
    return c;
  }
};

}  // namespace adm

namespace adm::pipelines {
namespace {

bool use_exact(const ExperimentConfig& config, std::size_t n) {
  const auto& m = config.shapley.method;
  return m == "exact" || (m == "auto" && n <= config.shapley.exact_max_features);
}

sh::GameData game_data(const ExperimentConfig& config, const data::Dataset& data) {
  const auto& roles = data.roles();
  sh::GameData g;
  g.y = data::to_vector(data.target().codes());
  g.a = info::joint_codes(data, roles.sensitive).codes;
  for (const auto& f : roles.features)
    g.features.push_back(data::to_vector(data.column(f).codes()));
  if (!roles.weights.empty()) g.weights = data::to_vector(data.column(roles.weights).values());
  g.pid_tolerance_bits = config.shapley.pid_tolerance;
  g.pid_max_newton_steps = config.shapley.pid_max_newton_steps;
  g.keep_uncertified = config.shapley.on_uncertified == "bracket";
  return g;
}

struct Estimate {
  std::vector<double> phi_acc, phi_d, se_acc, se_d;
  double total_acc = 0, total_d = 0;
};

Estimate exact_stage(StageContext& context, const sh::GameData& g) {
  const auto& s = context.config.shapley;
  const std::size_t n = g.n();
  const std::size_t chunks = std::min<std::size_t>(s.chunks, std::size_t{1} << n);
  // A task is a contiguous range of Gray-code ranks.
  auto chunk_results = context.farm.run("shapley.subsets", chunks, [&](std::size_t c, Rng&) {
    SubsetChunk chunk;
    chunk.values = sh::evaluate_chunk(g, sh::chunk_begin(n, chunks, c),
                                      sh::chunk_begin(n, chunks, c + 1), &chunk.stats);
    return chunk;
  });
  if (!context.farm.is_root()) return {};  // the values, and what is written, are rank 0's
  std::vector<std::int64_t> work(5, 0);
  std::vector<std::vector<double>> parts;
  for (auto& c : chunk_results) {
    const auto& st = c.stats;
    const std::uint64_t counts[] = {st.reused, st.solves, st.warm, st.remembered, st.pairings};
    for (std::size_t k = 0; k < work.size(); ++k) work[k] += static_cast<std::int64_t>(counts[k]);
    parts.push_back(std::move(c.values));
  }
  const sh::SubsetTable t = sh::assemble_chunks(n, parts);
  Estimate e;
  e.phi_acc = sh::shapley_from_values(t.u, n);
  e.phi_d = sh::shapley_from_values(t.v_d, n);
  e.se_acc.assign(n, 0.0);
  e.se_d.assign(n, 0.0);
  const std::size_t all = (std::size_t{1} << n) - 1;
  e.total_acc = t.u[all] - t.u[0];
  e.total_d = t.v_d[all] - t.v_d[0];
  auto& r = context.results;
  r.add("/shapley/work", work,
        "Subsets whose values were those of the previous subset in Gray-code order (same "
        "partition), BROJA programs solved, of which started from a neighbouring subset's "
        "solution, BROJA programs answered by an earlier solve of equal merged marginals, and "
        "joint-code updates (one feature each).",
        "count");
  const double max_gap = *std::max_element(t.gap.begin(), t.gap.end());
  r.add("/shapley/max_pid_gap", std::vector<double>{max_gap},
        "Largest certified BROJA gap over all subsets (bound on the error of every SI).", "bits");
  // The true SI(S) lies in [SI, SI + gap] (the solver's primal bounds UI from above), so the true
  // v_D(S) in [v_D, v_D + gap I(X_S; A) I(X_S; A | Y)], which bounds each phi_D.
  std::vector<double> v_error(t.v_d.size());
  std::int64_t uncertified = 0;
  for (std::size_t m = 0; m < v_error.size(); ++m) {
    v_error[m] = t.gap[m] * t.i_xa[m] * t.i_xa_y[m];
    uncertified += t.gap[m] > s.pid_tolerance ? 1 : 0;
  }
  const auto bounds = sh::shapley_error_bounds(v_error, n);
  std::vector<double> lower(n), upper(n);
  for (std::size_t i = 0; i < n; ++i) {
    lower[i] = e.phi_d[i] - bounds.below[i];
    upper[i] = e.phi_d[i] + bounds.above[i];
  }
  r.add("/shapley/uncertified_subsets", std::vector<std::int64_t>{uncertified},
        "Subsets whose SI gap exceeds shapley.pid_tolerance (kept with on_uncertified = "
        "bracket; 0 otherwise).",
        "count");
  r.add("/shapley/phi_d_lower", lower,
        "Certified lower bound on each phi_D from the subsets' BROJA gaps (pid_gap).", "bits^3");
  r.add("/shapley/phi_d_upper", upper,
        "Certified upper bound on each phi_D from the subsets' BROJA gaps (pid_gap).", "bits^3");
  if (uncertified > 0) {
    char line[200];
    std::snprintf(line, sizeof line,
                  "shapley: %lld of %zu subsets not certified to %.3g bits (largest gap %.3g "
                  "bits); phi_D kept with its bracket (/shapley/phi_d_lower, phi_d_upper)\n",
                  static_cast<long long>(uncertified), t.gap.size(), s.pid_tolerance, max_gap);
    context.summary << line;
  }
  if (s.store_subsets) {
    const std::string index =
        " Entry S is the subset whose bit i is feature i (/shapley/features).";
    r.add("/shapley/subsets/u", t.u, "u(S) = I(Y; A, X_S)." + index, "bits");
    r.add("/shapley/subsets/v_acc", t.v_acc(), "v_acc(S) = I(Y; X_S | A, X_Sc)." + index, "bits");
    r.add("/shapley/subsets/v_d", t.v_d, "v_D(S) = SI(Y; X_S, A) I(X_S; A) I(X_S; A | Y)." + index,
          "bits^3");
    r.add("/shapley/subsets/si", t.si, "SI(Y; X_S, A), BROJA shared information." + index, "bits");
    r.add("/shapley/subsets/i_xa", t.i_xa, "I(X_S; A)." + index, "bits");
    r.add("/shapley/subsets/i_xa_given_y", t.i_xa_y, "I(X_S; A | Y)." + index, "bits");
    r.add("/shapley/subsets/pid_gap", t.gap, "Certified BROJA gap of SI." + index, "bits");
  }
  return e;
}

Estimate sampled_stage(StageContext& context, const sh::GameData& g) {
  const auto& cfg = context.config.shapley.sampling;
  sh::SamplingOptions o;
  o.batch_pairs = cfg.batch_pairs;
  o.min_pairs = cfg.min_pairs;
  o.max_pairs = cfg.max_pairs;
  o.relative_error = cfg.relative_error;
  const std::uint64_t seed = context.config.run.seed;
  const sh::PairRunner runner = [&](std::size_t first, std::size_t count) {
    auto pairs =
        context.farm.run("shapley.pairs." + std::to_string(first), count, [&](std::size_t k, Rng&) {
          Rng rng(seed, "shapley.pairs", first + k);
          return sh::antithetic_pair(g, rng);
        });
    // Every rank decides from the running estimate whether to draw another batch, so each needs
    // the batch (2n values a pair: small beside a subset table).
    context.farm.share(pairs);
    return pairs;
  };
  const auto s = sh::sampled_shapley(g, o, runner);
  auto& r = context.results;
  r.add("/shapley/pairs", std::vector<std::int64_t>{static_cast<std::int64_t>(s.pairs)},
        "Antithetic permutation pairs drawn.", "count");
  r.add("/shapley/converged", std::vector<std::int64_t>{s.converged ? 1 : 0},
        "1 when every standard error met sampling.relative_error before max_pairs.", "flag");
  return {s.phi_acc, s.phi_d, s.se_acc, s.se_d, s.total_acc, s.total_d};
}

void write_summary(StageContext& context, const std::vector<std::string>& names, const Estimate& e,
                   bool exact, const std::vector<sh::UtilityRow>& rows) {
  auto& out = context.summary;
  out << "fairness-aware feature selection (" << (exact ? "exact" : "sampled")
      << " Shapley values, bits; phi_D in bits^3):\n";
  char line[256];
  std::snprintf(line, sizeof line, "  %-24s %14s %12s %14s %12s\n", "feature", "1e2 x phi_acc",
                "se", "1e6 x phi_D", "se");
  out << line;
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::snprintf(line, sizeof line, "  %-24s %14.6f %12.2e %14.6f %12.2e\n", names[i].c_str(),
                  1e2 * e.phi_acc[i], e.se_acc[i], 1e6 * e.phi_d[i], e.se_d[i]);
    out << line;
  }
  for (const auto& r : rows) {
    std::snprintf(line, sizeof line, "  alpha %-12.6g selected:", r.alpha);
    out << line;
    for (std::size_t i = 0; i < names.size(); ++i)
      if (r.selected[i]) out << " " << names[i];
    out << "\n";
  }
}

}  // namespace

void check_shapley_inputs(const ExperimentConfig& config, const data::Dataset& data) {
  const auto& roles = data.roles();
  const std::string where = config.file + ": config key ";
  if (!data.target().is_categorical())
    throw InputError(where + "'data.target': column '" + roles.target +
                     "' is numeric; the coefficients need a discrete outcome");
  if (roles.sensitive.empty())
    throw InputError(where + "'data.sensitive': the discrimination coefficient needs A");
  for (const auto& a : roles.sensitive)
    if (!data.column(a).is_categorical())
      throw InputError(where + "'data.sensitive': column '" + a + "' is numeric");
  const std::size_t n = roles.features.size();
  if (n == 0) throw InputError(where + "'data.features': no features");
  if (config.discretize.method == "none")
    for (const auto& f : roles.features)
      if (data.column(f).is_numeric())
        throw InputError(where + "'discretize.method': feature '" + f +
                         "' is numeric; the coefficients need it binned");
  if (config.shapley.method == "exact" && n > 30)
    throw InputError(where + "'shapley.method': exact enumeration of " + std::to_string(n) +
                     " features (2^" + std::to_string(n) + " subsets) is beyond 30");
  if (n > 63) throw InputError(where + "'data.features': at most 63 features");
}

void run_shapley(StageContext& context, Timings& timings) {
  timed(timings, "data", [&] { describe_data_stage(context); });
  timed(timings, "shapley", [&] {
    const data::Dataset data = binned(context.config, context.data);
    const sh::GameData g = game_data(context.config, data);
    const bool exact = use_exact(context.config, g.n());
    const Estimate e = exact ? exact_stage(context, g) : sampled_stage(context, g);
    if (!context.farm.is_root()) return;  // what follows is derived from rank 0's results
    auto alphas = context.config.shapley.alpha_values();
    if (context.config.shapley.alphas.empty()) alphas = sh::default_alpha_sweep(e.phi_acc, e.phi_d);
    const auto rows = sh::fairness_utility(e.phi_acc, e.phi_d, alphas);

    auto& r = context.results;
    const auto& names = data.roles().features;
    const std::size_t n = names.size();
    r.add("/shapley/features", names, "Features, in the order of every per-feature dataset.");
    r.add("/shapley/method", std::vector<std::string>{exact ? "exact" : "sampled"},
          "exact (all 2^n subsets) or sampled (antithetic permutations).");
    r.add("/shapley/phi_acc", e.phi_acc,
          "Marginal accuracy coefficient: Shapley value of v_acc(S) = I(Y; X_S | A, X_Sc).",
          "bits");
    r.add("/shapley/phi_d", e.phi_d,
          "Marginal discrimination coefficient: Shapley value of v_D(S) = SI(Y; X_S, A) I(X_S; A) "
          "I(X_S; A | Y).",
          "bits^3");
    r.add("/shapley/se_acc", e.se_acc, "Standard error of phi_acc (0 when exact).", "bits");
    r.add("/shapley/se_d", e.se_d, "Standard error of phi_d (0 when exact).", "bits^3");
    r.add("/shapley/total", std::vector<double>{e.total_acc, e.total_d},
          "v(all) - v(empty) of the accuracy and discrimination games (efficiency: each equals "
          "the sum of its Shapley values).",
          "bits, bits^3");
    std::vector<double> alpha, score;
    std::vector<std::int64_t> ranking, selected;
    for (const auto& row : rows) {
      alpha.push_back(row.alpha);
      score.insert(score.end(), row.score.begin(), row.score.end());
      ranking.insert(ranking.end(), row.ranking.begin(), row.ranking.end());
      selected.insert(selected.end(), row.selected.begin(), row.selected.end());
    }
    r.add("/shapley/utility/alpha", alpha, "Trade-offs of the sweep.", "bits^-2");
    r.add("/shapley/utility/score", score, "F_i = phi_acc_i - alpha phi_D_i, one row per alpha.",
          "bits", {rows.size(), n});
    r.add("/shapley/utility/ranking", ranking,
          "Feature indices by decreasing F, one row per alpha.", "index", {rows.size(), n});
    r.add("/shapley/utility/selected", selected, "1 where F_i > 0, one row per alpha.", "flag",
          {rows.size(), n});
    write_summary(context, names, e, exact, rows);
  });
}

}  // namespace adm::pipelines
