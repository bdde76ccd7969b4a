#include "methods/shapley/coefficients.hpp"

#include <cstdio>

#include "core/error.hpp"
#include "info/measures.hpp"
#include "info/pid.hpp"

namespace adm::methods::shapley {

info::JointCodes subset_codes(const GameData& g, std::uint64_t mask) {
  if (g.n() > 63) throw InputError("shapley: at most 63 features");
  info::CodeColumns cols;
  for (std::size_t j = 0; j < g.n(); ++j)
    if (mask >> j & 1U) cols.emplace_back(g.features[j]);
  return info::joint_codes(cols, info::MissingPolicy::Error, g.y.size());
}

void check_certified(const GameData& g, bool certified, double gap_bits) {
  if (certified || g.keep_uncertified) return;
  char text[400];
  std::snprintf(text, sizeof text,
                "shapley: the BROJA solver did not certify SI of a subset to %.3g bits (gap %.3g "
                "bits after at most %zu Newton steps); raise shapley.pid_max_newton_steps or "
                "shapley.pid_tolerance, or set shapley.on_uncertified = \"bracket\" to keep the "
                "certified bracket",
                g.pid_tolerance_bits, gap_bits, g.pid_max_newton_steps);
  throw InputError(text);
}

SubsetValues subset_values(const GameData& g, const info::JointCodes& xs) {
  info::InfoOptions options;
  options.weights = g.weights;
  SubsetValues v;
  const std::span<const std::int32_t> x(xs.codes);
  v.u = info::mutual_information({g.y}, {g.a, x}, options);
  if (xs.cardinality <= 1) return v;  // the empty set (or constant features): v_D = 0
  v.i_xa = info::mutual_information({x}, {g.a}, options);
  v.i_xa_y = info::conditional_mutual_information({x}, {g.a}, {g.y}, options);
  info::PidOptions po;
  po.tolerance_bits = g.pid_tolerance_bits;
  po.max_newton_steps = g.pid_max_newton_steps;
  const auto p = info::pid(g.y, x, g.a, g.weights, po);
  check_certified(g, p.certified, p.gap_bits);
  v.si = p.si;
  v.gap = p.gap_bits;
  v.v_d = v.si * v.i_xa * v.i_xa_y;
  return v;
}

SubsetValues subset_values(const GameData& g, std::uint64_t mask) {
  return subset_values(g, subset_codes(g, mask));
}

}  // namespace adm::methods::shapley
