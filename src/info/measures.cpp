#include "info/measures.hpp"

#include <cmath>
#include <numbers>

#include "core/error.hpp"
#include "data/dataset.hpp"
#include "info/count_measures.hpp"

namespace adm::info {
namespace {

// Joint codes of each set over the rows that every set can use (missing rows masked in all).
struct Prepared {
  std::vector<JointCodes> sets;
  std::vector<std::uint8_t> used;
};

Prepared prepare(const std::vector<const CodeColumns*>& sets, const InfoOptions& options,
                 const char* what) {
  std::size_t n = 0;
  bool found = false;
  for (const auto* s : sets)
    if (!s->empty() && !found) {
      n = s->front().size();
      found = true;
    }
  if (!found) throw InputError(std::string(what) + ": no columns given");
  if (!options.weights.empty()) {
    if (options.weights.size() != n)
      throw InputError(std::string(what) + ": " + std::to_string(options.weights.size()) +
                       " weights for " + std::to_string(n) + " rows");
    for (double w : options.weights)
      if (!(w >= 0.0) || !std::isfinite(w))
        throw InputError(std::string(what) + ": weights must be finite and non-negative");
  }
  Prepared p;
  p.used.assign(n, 1);
  for (const auto* s : sets) {
    p.sets.push_back(joint_codes(*s, options.missing, n));
    const auto& u = p.sets.back().used;
    for (std::size_t i = 0; i < n; ++i) p.used[i] &= u[i];
  }
  for (auto& s : p.sets)
    for (std::size_t i = 0; i < n; ++i)
      if (!p.used[i]) s.codes[i] = kMissing;
  return p;
}

double weight_of(const InfoOptions& options, std::size_t row) {
  return options.weights.empty() ? 1.0 : options.weights[row];
}

void require_nonempty(const CodeColumns& set, const char* what, const char* which) {
  if (set.empty()) throw InputError(std::string(what) + ": the " + which + " set has no columns");
}

CodeColumns concat(const CodeColumns& a, const CodeColumns& b) {
  CodeColumns out = a;
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

}  // namespace

double entropy(const CodeColumns& x, const InfoOptions& options) {
  require_nonempty(x, "entropy", "x");
  const Prepared p = prepare({&x}, options, "entropy");
  const JointCodes& jc = p.sets[0];
  std::vector<double> counts(jc.cardinality, 0.0);
  for (std::size_t i = 0; i < jc.codes.size(); ++i)
    if (p.used[i]) counts[static_cast<std::size_t>(jc.codes[i])] += weight_of(options, i);
  return entropy_from_counts(counts, options.miller_madow);
}

double joint_entropy(const CodeColumns& x, const CodeColumns& y, const InfoOptions& options) {
  return entropy(concat(x, y), options);
}

double conditional_entropy(const CodeColumns& x, const CodeColumns& y, const InfoOptions& options) {
  require_nonempty(x, "conditional_entropy", "x");
  const Prepared p = prepare({&x, &y}, options, "conditional_entropy");
  const auto& yc = p.sets[1];
  const JointCodes xy = joint_codes({p.sets[0].codes, yc.codes}, MissingPolicy::Skip);
  std::vector<double> cxy(xy.cardinality, 0.0), cy(yc.cardinality, 0.0);
  std::vector<std::int32_t> y_of(xy.cardinality, 0);
  double n = 0.0;
  for (std::size_t i = 0; i < xy.codes.size(); ++i) {
    if (!p.used[i]) continue;
    const double w = weight_of(options, i);
    const auto k = static_cast<std::size_t>(xy.codes[i]);
    cxy[k] += w;
    cy[static_cast<std::size_t>(yc.codes[i])] += w;
    y_of[k] = yc.codes[i];
    n += w;
  }
  if (!(n > 0.0)) throw InputError("conditional_entropy: no data (total weight is 0)");
  // sum c_xy log2(c_y / c_xy): every term >= 0, so no round-off below 0.
  double h = 0.0;
  std::size_t m_xy = 0, m_y = 0;
  for (std::size_t k = 0; k < cxy.size(); ++k)
    if (cxy[k] > 0.0) {
      h += cxy[k] * std::log2(cy[static_cast<std::size_t>(y_of[k])] / cxy[k]);
      ++m_xy;
    }
  for (double c : cy) m_y += c > 0.0 ? 1 : 0;
  h /= n;
  if (options.miller_madow)
    h += (static_cast<double>(m_xy) - static_cast<double>(m_y)) / (2.0 * n * std::numbers::ln2);
  return h;
}

double conditional_mutual_information(const CodeColumns& x, const CodeColumns& y,
                                      const CodeColumns& z, const InfoOptions& options) {
  const char* what = "conditional_mutual_information";
  require_nonempty(x, what, "x");
  require_nonempty(y, what, "y");
  const Prepared p = prepare({&x, &y, &z}, options, what);
  const auto& xc = p.sets[0].codes;
  const auto& yc = p.sets[1].codes;
  const auto& zc = p.sets[2];  // all 0 on used rows when z is empty
  const JointCodes xz = joint_codes({xc, zc.codes}, MissingPolicy::Skip);
  const JointCodes yz = joint_codes({yc, zc.codes}, MissingPolicy::Skip);
  const JointCodes xyz = joint_codes({xc, yc, zc.codes}, MissingPolicy::Skip);
  CellTable t;
  t.xyz.assign(xyz.cardinality, 0.0);
  t.xz_of.assign(xyz.cardinality, 0);
  t.yz_of.assign(xyz.cardinality, 0);
  t.z_of.assign(xyz.cardinality, 0);
  t.xz.assign(xz.cardinality, 0.0);
  t.yz.assign(yz.cardinality, 0.0);
  t.z.assign(zc.cardinality, 0.0);
  for (std::size_t i = 0; i < xyz.codes.size(); ++i) {
    if (!p.used[i]) continue;
    const double w = weight_of(options, i);
    const auto k = static_cast<std::size_t>(xyz.codes[i]);
    t.xyz[k] += w;
    t.xz_of[k] = xz.codes[i];
    t.yz_of[k] = yz.codes[i];
    t.z_of[k] = zc.codes[i];
    t.xz[static_cast<std::size_t>(xz.codes[i])] += w;
    t.yz[static_cast<std::size_t>(yz.codes[i])] += w;
    t.z[static_cast<std::size_t>(zc.codes[i])] += w;
  }
  return conditional_mutual_information(t, options.miller_madow);
}

double mutual_information(const CodeColumns& x, const CodeColumns& y, const InfoOptions& options) {
  return conditional_mutual_information(x, y, CodeColumns{}, options);
}

// Dataset overloads: resolve names (type checks), report missing values by name, then delegate.
namespace {
CodeColumns resolve(const data::Dataset& data, const Names& names, const InfoOptions& options) {
  CodeColumns cols = dataset_codes(data, names);
  if (options.missing == MissingPolicy::Error) check_no_missing(data, names);
  return cols;
}
}  // namespace

double entropy(const data::Dataset& data, const Names& x, const InfoOptions& options) {
  return entropy(resolve(data, x, options), options);
}

double joint_entropy(const data::Dataset& data, const Names& x, const Names& y,
                     const InfoOptions& options) {
  return joint_entropy(resolve(data, x, options), resolve(data, y, options), options);
}

double conditional_entropy(const data::Dataset& data, const Names& x, const Names& y,
                           const InfoOptions& options) {
  return conditional_entropy(resolve(data, x, options), resolve(data, y, options), options);
}

double mutual_information(const data::Dataset& data, const Names& x, const Names& y,
                          const InfoOptions& options) {
  return mutual_information(resolve(data, x, options), resolve(data, y, options), options);
}

double conditional_mutual_information(const data::Dataset& data, const Names& x, const Names& y,
                                      const Names& z, const InfoOptions& options) {
  return conditional_mutual_information(resolve(data, x, options), resolve(data, y, options),
                                        resolve(data, z, options), options);
}

}  // namespace adm::info
