#pragma once
// The PID in closed form when one source is a function of the other on the support of the joint
// (equal sources, a relabelling, a coarsening). If R2 = f(R1), the observed P itself is in Delta_P
// and has I_P(T; R2 | R1) = 0, the least possible value, so
//   UI(T; R2 \ R1) = 0,  SI = I(T; R2),  UI(T; R1 \ R2) = I(T; R1) - I(T; R2),
// and I(T; R1, R2) = I(T; R1), so CI = 0 (symmetrically when R1 = g(R2)). The BROJA program of
// such a joint has its optimum on a vertex whose KKT system is singular (the row and column
// constraints coincide on the optimal support), where a numerical certificate loses the last
// digits; these cases need no solve.
#include <cstdint>
#include <span>

#include "info/pid.hpp"

namespace adm::info {

enum class SourceDependence { None, R2OfR1, R1OfR2 };

// Whether b is a function of a (checked first) or a of b over the rows (codes compact: a in
// [0, n1), b in [0, n2)).
SourceDependence source_dependence(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
                                   std::size_t n1, std::size_t n2);

// The decomposition of marginals whose joint has the given dependence (not None): exact, gap 0,
// certified, no Newton step; i12 = the larger of i1, i2 and ci = 0.
PidResult pid_of_dependent(const PidMarginals& m, SourceDependence dependence);

}  // namespace adm::info
