#include "info/pid_degenerate.hpp"

#include <algorithm>
#include <vector>

#include "core/error.hpp"

namespace adm::info {
namespace {

// Whether `to` takes one value per value of `from`.
bool is_function(std::span<const std::int32_t> from, std::span<const std::int32_t> to,
                 std::size_t n_from) {
  std::vector<std::int32_t> image(n_from, -1);
  for (std::size_t i = 0; i < from.size(); ++i) {
    auto& v = image[static_cast<std::size_t>(from[i])];
    if (v < 0) v = to[i];
    if (v != to[i]) return false;
  }
  return true;
}

}  // namespace

SourceDependence source_dependence(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
                                   std::size_t n1, std::size_t n2) {
  if (a.size() != b.size()) throw InternalError("source_dependence: sources differ in rows");
  if (is_function(a, b, n1)) return SourceDependence::R2OfR1;
  if (is_function(b, a, n2)) return SourceDependence::R1OfR2;
  return SourceDependence::None;
}

PidResult pid_of_dependent(const PidMarginals& m, SourceDependence dependence) {
  if (dependence == SourceDependence::None)
    throw InternalError("pid_of_dependent: the sources are not dependent");
  PidResult out = pid_of_marginals(m);
  // The function of the other carries no unique information; the other's unique information is
  // what it adds (>= 0 mathematically; round-off in the two sums is clamped).
  if (dependence == SourceDependence::R2OfR1) {
    out.si = m.i2;
    out.ui1 = std::max(0.0, m.i1 - m.i2);
    out.i12 = m.i1;
  } else {
    out.si = m.i1;
    out.ui2 = std::max(0.0, m.i2 - m.i1);
    out.i12 = m.i2;
  }
  out.certified = true;
  return out;
}

}  // namespace adm::info
