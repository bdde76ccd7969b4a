#pragma once
// Config section [shapley]: Fairness-aware feature selection (pipeline = shapley): accuracy and
// discrimination coefficients of feature subsets, their Shapley values, the fairness-utility score.
#include <cstdint>
#include <string>
#include <vector>

#include "core/config_fields.hpp"

namespace adm::pipelines {

struct ShapleySamplingSection {
  std::uint64_t batch_pairs = 32;
  std::uint64_t min_pairs = 32;
  std::uint64_t max_pairs = 4096;
  double relative_error = 0.01;
};

struct ShapleySection {
  std::string method = "auto";  // auto | exact | sampled
  std::uint64_t exact_max_features = 20;
  std::uint64_t chunks = 256;  // tasks of the exact enumeration (fixed: results ignore ranks)
  bool store_subsets = true;   // write every v(S) (exact only)
  double pid_tolerance = 1e-9;
  std::uint64_t pid_max_newton_steps = 500;  // step limit of each BROJA solve
  std::string on_uncertified = "fail";       // fail | bracket
  std::vector<std::string> alphas;           // empty: 0 and one alpha per distinct selection
  ShapleySamplingSection sampling;

  std::vector<double> alpha_values() const;
};

void describe(config::Fields& f, ShapleySamplingSection& s);
void describe(config::Fields& f, ShapleySection& s);

}  // namespace adm::pipelines
