#pragma once
// The InfoGram method's options: how the per-feature numbers are estimated and how the infogram and
// the ALFA tests read them. The pipeline reads them as its [infogram] config section
// (pipelines/infogram_config.hpp), as every pipeline's config wiring lives with the pipeline.
#include <cstdint>
#include <string>

#include "info/ml_cmi.hpp"
#include "methods/infogram/infogram.hpp"

namespace adm::methods {

enum class RelevanceKind {
  Importance,         // the learner's importance in the model of Y on all (screened-in) features
  MutualInformation,  // the ML-estimated marginal MI(Y, X_j) (S empty), one estimate per feature
};
const char* to_string(RelevanceKind kind);  // "importance", "mi"

struct InfogramOptions {
  InfogramMode mode = InfogramMode::Core;
  Thresholds thresholds;
  RelevanceKind relevance = RelevanceKind::Importance;
  info::CmiVariant estimate = info::CmiVariant::InSample;  // which ML-CMI estimate the axes use
  std::int64_t folds = 5;         // cross-fitting folds (used by the cross_fitted estimate)
  std::uint64_t bootstrap = 500;  // B of the model-based bootstrap tests (ALFA); 0 = no p-values
  std::uint64_t feature_bootstrap = 0;  // B per feature for p-values of C_j / F_j; 0 = none
  std::uint64_t top_n = 50;  // screening: keep the N most relevant features; 0 = keep all
  double prob_floor = info::kDefaultProbFloor;

  info::MlCmiOptions cmi_options() const;  // the ML-CMI settings these imply
  // In-sample and cross-fitted together: what the pipeline computes and reports for estimates
  // (bootstrap replicates need only cmi_options()).
  info::MlCmiOptions both_estimates() const;
};

}  // namespace adm::methods
