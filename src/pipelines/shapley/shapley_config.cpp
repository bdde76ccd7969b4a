#include "pipelines/shapley/shapley_config.hpp"

#include <cmath>
#include <cstdlib>

namespace adm::pipelines {
namespace {

bool parse_alpha(const std::string& text, double& value) {
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size() && std::isfinite(value) && value >= 0;
}

}  // namespace

std::vector<double> ShapleySection::alpha_values() const {
  std::vector<double> out;
  for (const auto& a : alphas) {
    double v = 0;
    if (parse_alpha(a, v)) out.push_back(v);
  }
  return out;
}

void describe(config::Fields& f, ShapleySamplingSection& s) {
  f.count("batch_pairs", s.batch_pairs,
          "Antithetic permutation pairs per round (the stopping rule is checked between rounds).",
          {1, 1000000});
  f.count("min_pairs", s.min_pairs, "Pairs drawn before the stopping rule may stop.",
          {2, 100000000});
  f.count("max_pairs", s.max_pairs, "Pair budget: stop here even if the error target is unmet.",
          {2, 100000000});
  f.real("relative_error", s.relative_error,
         "Stop when every standard error is below this fraction of v(all) - v(empty) (for both "
         "the accuracy and the discrimination game).",
         {0.0, 1.0, true, false});
  if (f.mode() == config::Fields::Mode::Read && s.min_pairs > s.max_pairs)
    f.fail("min_pairs", "is larger than max_pairs");
}

void describe(config::Fields& f, ShapleySection& s) {
  f.text("method", s.method,
         "exact: all 2^n subsets; sampled: antithetic permutation sampling with standard errors; "
         "auto: exact up to exact_max_features, sampled beyond.",
         {"auto", "exact", "sampled"});
  f.count("exact_max_features", s.exact_max_features,
          "Largest number of features method = auto enumerates exactly.", {1, 30});
  f.count("chunks", s.chunks,
          "Tasks the 2^n subsets are split into (consecutive masks each; results do not depend "
          "on it or on the rank count).",
          {1, 1 << 20});
  f.boolean("store_subsets", s.store_subsets,
            "Write every subset's values (u, v_acc, v_D and its factors) to /shapley/subsets "
            "(exact method only; 2^n entries each).");
  f.real("pid_tolerance", s.pid_tolerance,
         "Certified accuracy (bits) of the BROJA shared information of every subset.",
         {1e-14, 1e-3});
  f.count("pid_max_newton_steps", s.pid_max_newton_steps,
          "Newton steps each BROJA solve may take (barrier and active-set polish together) before "
          "it stops with the gap it has certified so far.",
          {1, 1000000});
  f.text("on_uncertified", s.on_uncertified,
         "What a subset whose SI the solver does not certify to pid_tolerance does: fail (stop "
         "the run with an error) or bracket (keep SI with its certified gap; the gap of every "
         "subset is in /shapley/subsets/pid_gap and the resulting bounds on each phi_D in "
         "/shapley/phi_d_lower and /shapley/phi_d_upper).",
         {"fail", "bracket"});
  f.text_list("alphas", s.alphas,
              "Trade-offs alpha of the fairness-utility score F = phi_acc - alpha phi_D, as "
              "numbers in strings (e.g. [\"0\", \"1e4\"]); empty: 0 and one alpha inside each "
              "range of alpha with a distinct selection.");
  if (f.mode() == config::Fields::Mode::Read)
    for (const auto& a : s.alphas) {
      double v = 0;
      if (!parse_alpha(a, v)) f.fail("alphas", "'" + a + "' is not a finite non-negative number");
    }
  f.section("sampling", s.sampling,
            "Permutation sampling (method = sampled or auto beyond exact).");
}

}  // namespace adm::pipelines
