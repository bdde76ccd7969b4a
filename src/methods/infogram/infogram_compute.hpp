#pragma once
// The per-feature numbers of the infogram, estimated with any probabilistic learner, and a serial
// driver that computes them all. Each number is an independent unit with its own random stream
// (named below, indexed by the feature's position in `features`), so a task farm that runs the
// units elsewhere and calls make_infogram() gets the same infogram as compute_infogram().
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "info/ml_cmi.hpp"
#include "methods/infogram/infogram.hpp"
#include "methods/infogram/infogram_config.hpp"

namespace adm::methods {

using info::Names;

inline constexpr const char* kStreamRelevance = "infogram.relevance";       // index 0
inline constexpr const char* kStreamRelevanceMi = "infogram.relevance_mi";  // index j
inline constexpr const char* kStreamNet = "infogram.net";                   // index j

struct InfogramInputs {
  const data::Dataset& data;
  std::string target;  // categorical
  Names features;      // candidates; in fair mode any sensitive column among them is dropped
  Names sensitive;     // S, required in fair mode
  std::span<const double> weights = {};
};

// The features the infogram is built on, before screening (fair mode: features minus S).
Names candidate_features(const InfogramInputs& in, InfogramMode mode);

// Relevance unit (importance): one fit of Y ~ features on all rows, seeded with `learner_seed`;
// the learner's importance per feature (raw scale).
std::vector<double> importance_relevance(const learn::ProbabilisticClassifier& prototype,
                                         const data::Dataset& data, std::span<const std::int32_t> y,
                                         std::size_t classes, const Names& features,
                                         std::span<const double> weights,
                                         std::uint64_t learner_seed);

// The conditioning set of feature `j`'s net information: the other screened features (core) or
// the sensitive columns (fair).
Names conditioning_set(InfogramMode mode, const Names& screened, std::size_t j,
                       const Names& sensitive);

// Information unit: MI(Y, feature | conditioning) by ML-CMI (conditioning empty: marginal MI, the
// alternative relevance). Draws folds and seeds from rng.
info::MlCmiResult feature_information(const learn::ProbabilisticClassifier& prototype,
                                      const data::Dataset& data, std::span<const std::int32_t> y,
                                      std::size_t classes, const std::string& feature,
                                      const Names& conditioning, std::span<const double> weights,
                                      const InfogramOptions& options, Rng& rng);

// Serial driver: relevance of every candidate, screening to options.top_n by relevance, then the
// net (core) or safety (fair) information of each screened feature, then make_infogram. Features
// screened out do not appear in the result. Streams: kStreamRelevance (0) seeds the importance fit;
// kStreamRelevanceMi (j) and kStreamNet (j) drive the units of candidate j.
InfogramResult compute_infogram(const learn::ProbabilisticClassifier& prototype,
                                const InfogramInputs& in, const InfogramOptions& options,
                                std::uint64_t seed);

}  // namespace adm::methods
