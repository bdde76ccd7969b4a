#include "info/count_measures.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "core/error.hpp"

namespace adm::info {
namespace {

double checked_total(std::span<const double> counts, const char* what) {
  double total = 0.0;
  for (double c : counts) {
    if (!(c >= 0.0) || !std::isfinite(c))
      throw InputError(std::string(what) + ": counts must be finite and non-negative");
    total += c;
  }
  if (!(total > 0.0)) throw InputError(std::string(what) + ": no data (total count is 0)");
  return total;
}

std::size_t nonzero_cells(std::span<const double> counts) {
  std::size_t m = 0;
  for (double c : counts) m += c > 0.0 ? 1 : 0;
  return m;
}

// Miller–Madow term (cells - 1) / (2 N ln 2) for a signed cell-count difference.
double miller_madow_term(double cell_difference, double total) {
  return cell_difference / (2.0 * total * std::numbers::ln2);
}

}  // namespace

double entropy_from_counts(std::span<const double> counts, bool miller_madow) {
  const double n = checked_total(counts, "entropy_from_counts");
  // -sum p log p with each term p log2(1/p) >= 0: no cancellation.
  double h = 0.0;
  for (double c : counts)
    if (c > 0.0) h += (c / n) * std::log2(n / c);
  if (miller_madow) h += miller_madow_term(static_cast<double>(nonzero_cells(counts)) - 1.0, n);
  return h;
}

double conditional_mutual_information(const CellTable& t, bool miller_madow) {
  const std::size_t cells = t.xyz.size();
  if (t.xz_of.size() != cells || t.yz_of.size() != cells || t.z_of.size() != cells)
    throw InternalError("conditional_mutual_information: cell index vectors differ in length");
  const double n = checked_total(t.xyz, "conditional_mutual_information");
  double sum = 0.0;
  for (std::size_t k = 0; k < cells; ++k) {
    const double c = t.xyz[k];
    if (c <= 0.0) continue;
    const double cz = t.z[static_cast<std::size_t>(t.z_of[k])];
    const double cxz = t.xz[static_cast<std::size_t>(t.xz_of[k])];
    const double cyz = t.yz[static_cast<std::size_t>(t.yz_of[k])];
    sum += c * std::log2((c * cz) / (cxz * cyz));
  }
  double value = sum / n;
  if (value < 0.0 && value > -kRoundOff) value = 0.0;  // round-off only; true CMI >= 0
  if (miller_madow) {
    const double diff =
        static_cast<double>(nonzero_cells(t.xz)) + static_cast<double>(nonzero_cells(t.yz)) -
        static_cast<double>(nonzero_cells(t.xyz)) - static_cast<double>(nonzero_cells(t.z));
    value += miller_madow_term(diff, n);
  }
  return value;
}

double conditional_mutual_information_from_table(std::span<const double> counts, std::size_t nx,
                                                 std::size_t ny, std::size_t nz,
                                                 bool miller_madow) {
  if (nx == 0 || ny == 0 || nz == 0 || counts.size() != nx * ny * nz)
    throw InputError("conditional_mutual_information_from_table: table has " +
                     std::to_string(counts.size()) + " cells, expected " + std::to_string(nx) +
                     " x " + std::to_string(ny) + " x " + std::to_string(nz));
  if (nz * std::max(nx, ny) > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
    throw InputError("conditional_mutual_information_from_table: table too large");
  checked_total(counts, "conditional_mutual_information_from_table");
  CellTable t;
  t.xz.assign(nz * nx, 0.0);
  t.yz.assign(nz * ny, 0.0);
  t.z.assign(nz, 0.0);
  for (std::size_t z = 0; z < nz; ++z)
    for (std::size_t x = 0; x < nx; ++x)
      for (std::size_t y = 0; y < ny; ++y) {
        const double c = counts[(z * nx + x) * ny + y];
        if (c <= 0.0) continue;
        t.xyz.push_back(c);
        t.xz_of.push_back(static_cast<std::int32_t>(z * nx + x));
        t.yz_of.push_back(static_cast<std::int32_t>(z * ny + y));
        t.z_of.push_back(static_cast<std::int32_t>(z));
        t.xz[z * nx + x] += c;
        t.yz[z * ny + y] += c;
        t.z[z] += c;
      }
  return conditional_mutual_information(t, miller_madow);
}

double mutual_information_from_table(std::span<const double> counts, std::size_t nx, std::size_t ny,
                                     bool miller_madow) {
  return conditional_mutual_information_from_table(counts, nx, ny, 1, miller_madow);
}

}  // namespace adm::info
