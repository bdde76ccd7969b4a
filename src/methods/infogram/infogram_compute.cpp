#include "methods/infogram/infogram_compute.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "data/dataset.hpp"

namespace adm::methods {
namespace {
bool contains(const Names& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}
}  // namespace

Names candidate_features(const InfogramInputs& in, InfogramMode mode) {
  Names out;
  for (const auto& f : in.features) {
    if (f == in.target) throw InputError("infogram: the target '" + f + "' is also a feature");
    if (mode == InfogramMode::Fair && contains(in.sensitive, f)) continue;
    if (contains(out, f)) throw InputError("infogram: feature '" + f + "' listed twice");
    out.push_back(f);
  }
  if (mode == InfogramMode::Fair && in.sensitive.empty())
    throw InputError("infogram: fair mode needs sensitive columns");
  if (out.empty()) throw InputError("infogram: no features");
  return out;
}

std::vector<double> importance_relevance(const learn::ProbabilisticClassifier& prototype,
                                         const data::Dataset& data, std::span<const std::int32_t> y,
                                         std::size_t classes, const Names& features,
                                         std::span<const double> weights,
                                         std::uint64_t learner_seed) {
  std::vector<std::int32_t> yv(y.begin(), y.end());
  auto model = prototype.clone();
  model->reseed(learner_seed);
  model->fit(learn::make_matrix(data, features), yv, classes, weights);
  auto imp = model->importance();
  if (imp.size() != features.size())
    throw InternalError("importance_relevance: the learner returned the wrong number of scores");
  return imp;
}

Names conditioning_set(InfogramMode mode, const Names& screened, std::size_t j,
                       const Names& sensitive) {
  if (mode == InfogramMode::Fair) return sensitive;
  Names rest;
  for (std::size_t i = 0; i < screened.size(); ++i)
    if (i != j) rest.push_back(screened[i]);
  return rest;
}

info::MlCmiResult feature_information(const learn::ProbabilisticClassifier& prototype,
                                      const data::Dataset& data, std::span<const std::int32_t> y,
                                      std::size_t classes, const std::string& feature,
                                      const Names& conditioning, std::span<const double> weights,
                                      const InfogramOptions& options, Rng& rng) {
  const info::CmiProblem problem{data, y, classes, {feature}, conditioning, weights};
  return info::ml_cmi(prototype, problem, options.cmi_options(), rng);
}

InfogramResult compute_infogram(const learn::ProbabilisticClassifier& prototype,
                                const InfogramInputs& in, const InfogramOptions& options,
                                std::uint64_t seed) {
  const Names candidates = candidate_features(in, options.mode);
  std::size_t classes = 0;
  const auto y = info::response_codes(in.data, in.target, &classes);
  std::vector<double> relevance;
  if (options.relevance == RelevanceKind::Importance) {
    Rng rng(seed, kStreamRelevance, 0);
    relevance = importance_relevance(prototype, in.data, y, classes, candidates, in.weights,
                                     rng.next_u64());
  } else {
    for (std::size_t j = 0; j < candidates.size(); ++j) {
      Rng rng(seed, kStreamRelevanceMi, j);
      relevance.push_back(feature_information(prototype, in.data, y, classes, candidates[j], {},
                                              in.weights, options, rng)
                              .value(options.estimate));
    }
  }
  const auto keep = top_indices(relevance, options.top_n);
  Names screened;
  std::vector<double> screened_relevance, net;
  for (std::size_t j : keep) {
    screened.push_back(candidates[j]);
    screened_relevance.push_back(relevance[j]);
  }
  for (std::size_t i = 0; i < screened.size(); ++i) {
    Rng rng(seed, kStreamNet, keep[i]);
    const Names cond = conditioning_set(options.mode, screened, i, in.sensitive);
    net.push_back(feature_information(prototype, in.data, y, classes, screened[i], cond, in.weights,
                                      options, rng)
                      .value(options.estimate));
  }
  return make_infogram(screened, screened_relevance, net, options.thresholds, options.mode);
}

}  // namespace adm::methods
