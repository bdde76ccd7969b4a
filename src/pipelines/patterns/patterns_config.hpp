#pragma once
// Config section [patterns]: fair naive Bayes (pipeline = patterns): discrimination-pattern mining
// and delta-fair learning (../shared/papers/fair-naive-bayes-patterns.txt).
#include <cstdint>
#include <string>
#include <vector>

#include "core/config_fields.hpp"

namespace adm::pipelines {

struct PatternsFairSection {
  bool enabled = false;
  std::string ranking = "top_discrimination";  // top_discrimination | top_divergence
  std::uint64_t k = 1;                         // patterns added per iteration
  std::uint64_t max_iterations = 100;
  double margin = 1e-6;
  bool count_remaining = true;
};

struct PatternsSection {
  std::string favourable = "1";         // level of the target that is the favourable decision d
  std::vector<std::string> order;       // feature order of the search tree (empty: file order)
  double alpha = 0.0;                   // Laplace smoothing of the naive Bayes parameters
  double delta = 0.1;                   // discrimination threshold
  std::string mode = "top_divergence";  // all | top_discrimination | top_divergence
  std::uint64_t k = 10;
  std::uint64_t max_nodes = 0;    // node budget of the mine over all ranks (0 = run to the end)
  double slice_seconds = 0.0005;  // several ranks: longest expansion between two message polls
  double max_memory_mb = 0;       // stop the mine before a rank's process exceeds this (0 = none)
  bool reference_swapped_prior = false;  // mine the model with P(D) swapped, as the authors' code
  PatternsFairSection fair;
  std::uint64_t cv_folds = 0;  // 0 = no cross-validated accuracy (Table 4 uses 10)
  double twonb_alpha = 1.0;    // Laplace smoothing inside the 2NB baseline's per-group models
};

void describe(config::Fields& f, PatternsFairSection& s);
void describe(config::Fields& f, PatternsSection& s);

}  // namespace adm::pipelines
