#pragma once
// The accuracy and discrimination coefficients of a feature subset S (Khodadadian, Nafea,
// Ghassami, Kiyavash: "Information theoretic measures for fairness-aware feature selection"),
// plug-in estimates in bits on discrete data:
//   v_acc(S) = I(Y; X_S | A, X_Sc) = u(all) - u(Sc),  with u(S) = I(Y; A, X_S)      (eq. 2.5)
//   v_D(S)   = SI(Y; X_S, A) * I(X_S; A) * I(X_S; A | Y)                             (eq. 2.6)
// SI is the BROJA shared information (info/pid.hpp). A is one code per row: a single sensitive
// attribute or the intersection of several. The Shapley value of v_acc equals that of u
// (Appendix F of the paper), so the games evaluated per subset are u and v_D.
#include <cstdint>
#include <vector>

#include "info/joint_codes.hpp"

namespace adm::methods::shapley {

struct GameData {
  std::vector<std::int32_t> y;                      // target codes
  std::vector<std::int32_t> a;                      // sensitive codes (joint of the attributes)
  std::vector<std::vector<std::int32_t>> features;  // one code vector per feature
  std::vector<double> weights;                      // empty: every row weighs 1
  double pid_tolerance_bits = 1e-9;
  std::size_t pid_max_newton_steps = 500;
  // false: a subset whose SI is not certified to the tolerance throws InputError; true: its SI is
  // kept with the gap certified so far (SubsetValues::gap).
  bool keep_uncertified = false;

  std::size_t n() const { return features.size(); }
};

struct SubsetValues {
  double u = 0;       // I(Y; A, X_S)
  double si = 0;      // SI(Y; X_S, A)
  double i_xa = 0;    // I(X_S; A)
  double i_xa_y = 0;  // I(X_S; A | Y)
  double v_d = 0;     // si * i_xa * i_xa_y
  double gap = 0;     // certified error bound of si (bits)
};

// Throws the InputError of a subset whose SI was not certified to g.pid_tolerance_bits (gap in
// bits), unless g.keep_uncertified.
void check_certified(const GameData& g, bool certified, double gap_bits);

// Values of the subset whose joint feature codes are `xs` (cardinality 1: the empty set), from the
// sample-level measures: the definition, against which SubsetEvaluator (the fast path of exact and
// sampled Shapley) is tested.
SubsetValues subset_values(const GameData& g, const info::JointCodes& xs);

// Values of the subset `mask` (bit i = feature i); at most 63 features.
SubsetValues subset_values(const GameData& g, std::uint64_t mask);

// Joint codes of the features in `mask`.
info::JointCodes subset_codes(const GameData& g, std::uint64_t mask);

}  // namespace adm::methods::shapley
