#pragma once
// Plug-in information measures, in bits, computed from (weighted) cell counts. This is the one
// place where the formulas live; the sample-level functions (measures.hpp) only count and call
// these, and other layers can call them on their own contingency tables.
//
// Conventions shared by every function here:
//  - counts are non-negative and finite (weighted counts allowed); N = their sum must be > 0,
//    otherwise adm::InputError.
//  - Miller–Madow: H_MM = H + (m - 1) / (2 N ln 2), m = number of cells with a NONZERO count and
//    N = the total count (the sum of weights when weighted: with weights normalised to mean 1 this
//    is the sample size; with another scale the correction scales with 1/sum(w)). For MI/CMI the
//    correction is applied through I(X;Y|Z) = H(X,Z) + H(Y,Z) - H(X,Y,Z) - H(Z), i.e. + (m_xz +
//    m_yz - m_xyz - m_z) / (2 N ln 2). It is usually negative, so a corrected MI can be
//    (legitimately) below 0; it is not clamped.
//  - MI/CMI are summed cell by cell as c_xyz log2(c_xyz c_z / (c_xz c_yz)) / N: no cancellation of
//    large log N terms, and exactly 0 on a table whose cells are exact products of its margins.
//    Remaining round-off below 0 is clamped to 0 only when |value| < 1e-12 (kRoundOff).
#include <cstdint>
#include <span>
#include <vector>

namespace adm::info {

inline constexpr double kRoundOff = 1e-12;

// H in bits of the distribution given by cell counts (zero cells allowed and ignored).
double entropy_from_counts(std::span<const double> counts, bool miller_madow = false);

// I(X;Y) from a dense joint count table laid out row-major [x][y]: counts[x * ny + y].
double mutual_information_from_table(std::span<const double> counts, std::size_t nx, std::size_t ny,
                                     bool miller_madow = false);

// I(X;Y|Z) from a dense 3-way table laid out [z][x][y] (z slowest): counts[(z * nx + x) * ny + y].
double conditional_mutual_information_from_table(std::span<const double> counts, std::size_t nx,
                                                 std::size_t ny, std::size_t nz,
                                                 bool miller_madow = false);

// Sparse form: the nonempty joint cells, each pointing at its (x,z), (y,z) and z margin cell. The
// margins must be the sums of the joint cells that point at them (not re-checked). Plain MI is the
// case of a single z cell.
struct CellTable {
  std::vector<double> xyz;
  std::vector<std::int32_t> xz_of, yz_of, z_of;  // one entry per joint cell
  std::vector<double> xz, yz, z;                 // margin counts (zero entries allowed)
};

double conditional_mutual_information(const CellTable& table, bool miller_madow = false);

}  // namespace adm::info
