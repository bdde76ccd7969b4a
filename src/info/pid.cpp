#include "info/pid.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numbers>
#include <string>

#include "core/error.hpp"
#include "info/broja_solver.hpp"
#include "info/count_measures.hpp"
#include "info/joint_codes.hpp"
#include "info/pid_degenerate.hpp"

namespace adm::info {
namespace {

// A sparse joint: the observed (t, a, b) cells with their weights, codes compacted.
struct SparseJoint {
  std::size_t nt = 0, n1 = 0, n2 = 0;
  std::vector<std::int32_t> t, a, b;
  std::vector<double> w;
};

// Pairwise marginal [t][r] of one side.
std::vector<double> side_table(const SparseJoint& j, const std::vector<std::int32_t>& r,
                               std::size_t nr) {
  std::vector<double> out(j.nt * nr, 0.0);
  for (std::size_t k = 0; k < j.w.size(); ++k)
    out[static_cast<std::size_t>(j.t[k]) * nr + static_cast<std::size_t>(r[k])] += j.w[k];
  return out;
}

// H(T | R) in nats from a [t][r] table normalised to 1.
double conditional_entropy_nats(const std::vector<double>& p, std::size_t nt, std::size_t nr) {
  std::vector<double> pr(nr, 0.0);
  for (std::size_t t = 0; t < nt; ++t)
    for (std::size_t r = 0; r < nr; ++r) pr[r] += p[t * nr + r];
  double h = 0;
  for (std::size_t t = 0; t < nt; ++t)
    for (std::size_t r = 0; r < nr; ++r)
      if (p[t * nr + r] > 0) h -= p[t * nr + r] * std::log(p[t * nr + r] / pr[r]);
  return h;
}

std::vector<double> normalised(std::vector<double> v) {
  double s = 0;
  for (double x : v) s += x;
  for (double& x : v) x /= s;
  return v;
}

PidResult decompose(const SparseJoint& j, const PidOptions& options) {
  const auto t1 = side_table(j, j.a, j.n1), t2 = side_table(j, j.b, j.n2);
  const auto dependence = source_dependence(j.a, j.b, j.n1, j.n2);
  if (dependence != SourceDependence::None)
    return pid_of_dependent(pid_marginals(t1, t2, j.nt, j.n1, j.n2, options), dependence);
  PidResult out = pid_from_side_tables(t1, t2, j.nt, j.n1, j.n2, options);
  // I(T; R1, R2) over the observed (a, b) pairs.
  const JointCodes ab = joint_codes({std::span<const std::int32_t>(j.a), j.b});
  std::vector<double> t12(j.nt * ab.cardinality, 0.0);
  for (std::size_t k = 0; k < j.w.size(); ++k)
    t12[static_cast<std::size_t>(j.t[k]) * ab.cardinality + ab.codes[k]] += j.w[k];
  out.i12 = mutual_information_from_table(t12, j.nt, ab.cardinality);
  // CI >= 0; the estimate is a lower bound within the gap (UI2 comes from the primal, an upper
  // bound), so a negative value is round-off or gap and is clamped.
  out.ci = std::max(0.0, out.i12 - out.ui1 - out.ui2 - out.si);
  return out;
}

std::vector<std::int32_t> compact(std::span<const std::int32_t> codes, std::size_t& count) {
  const JointCodes jc = joint_codes({codes});
  count = jc.cardinality;
  return jc.codes;
}

}  // namespace

std::vector<double> merge_equivalent(const std::vector<double>& table, std::size_t nt,
                                     std::size_t nr, std::size_t& groups) {
  std::vector<double> total(nr, 0.0);
  for (std::size_t t = 0; t < nt; ++t)
    for (std::size_t r = 0; r < nr; ++r) total[r] += table[t * nr + r];
  std::vector<double> ratio(nr * nt);  // [r][t]
  for (std::size_t t = 0; t < nt; ++t)
    for (std::size_t r = 0; r < nr; ++r) ratio[r * nt + t] = table[t * nr + r] / total[r];
  const auto row = [&](std::size_t r) {
    return ratio.begin() + static_cast<std::ptrdiff_t>(r * nt);
  };
  // Values with equal ratios found by hashing (open addressing over their bits), distinct ratio
  // vectors numbered by first appearance; then only the distinct ones are sorted.
  const std::size_t size = std::bit_ceil(std::max<std::size_t>(2 * nr, 16));
  std::vector<std::int64_t> slot(size, -1);
  std::vector<std::size_t> distinct_of(nr), first;
  for (std::size_t r = 0; r < nr; ++r) {
    std::uint64_t h = 0;
    for (std::size_t t = 0; t < nt; ++t)
      h = (std::rotl(h, 23) ^ std::bit_cast<std::uint64_t>(ratio[r * nt + t])) *
          0x9E3779B97F4A7C15ULL;
    for (std::size_t at = (h ^ (h >> 32)) & (size - 1);; at = (at + 1) & (size - 1)) {
      if (slot[at] < 0) {
        slot[at] = static_cast<std::int64_t>(first.size());
        distinct_of[r] = first.size();
        first.push_back(r);
        break;
      }
      const std::size_t d = static_cast<std::size_t>(slot[at]);
      if (std::equal(row(r), row(r) + static_cast<std::ptrdiff_t>(nt), row(first[d]))) {
        distinct_of[r] = d;
        break;
      }
    }
  }
  // Groups numbered in increasing order of their ratio vectors (lexicographic).
  std::vector<std::size_t> order(first.size());
  for (std::size_t d = 0; d < order.size(); ++d) order[d] = d;
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return std::lexicographical_compare(
        row(first[x]), row(first[x]) + static_cast<std::ptrdiff_t>(nt), row(first[y]),
        row(first[y]) + static_cast<std::ptrdiff_t>(nt));
  });
  std::vector<std::size_t> rank(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) rank[order[k]] = k;
  groups = first.size();
  std::vector<double> out(nt * groups, 0.0);
  for (std::size_t t = 0; t < nt; ++t)
    for (std::size_t r = 0; r < nr; ++r)
      out[t * groups + rank[distinct_of[r]]] += table[t * nr + r];
  return out;
}

PidMarginals pid_marginals(std::span<const double> t1, std::span<const double> t2, std::size_t nt,
                           std::size_t n1, std::size_t n2, const PidOptions& options) {
  if (t1.size() != nt * n1 || t2.size() != nt * n2)
    throw InternalError("pid_marginals: tables do not match their sizes");
  PidMarginals m;
  m.nt = nt;
  m.n1 = n1;
  m.n2 = n2;
  m.i1 = mutual_information_from_table(t1, nt, n1);
  m.i2 = mutual_information_from_table(t2, nt, n2);
  m.m1 = n1;
  m.m2 = n2;
  m.p1.assign(t1.begin(), t1.end());
  m.p2.assign(t2.begin(), t2.end());
  if (options.merge_equivalent) {
    m.p1 = merge_equivalent(m.p1, nt, n1, m.m1);
    m.p2 = merge_equivalent(m.p2, nt, n2, m.m2);
  }
  return m;
}

BrojaMarginals pid_program(const PidMarginals& pm) {
  const std::vector<double> p1 = normalised(pm.p1), p2 = normalised(pm.p2);
  // The solver eliminates its x side cheaply: give it the side with more values.
  const bool swap = pm.m2 > pm.m1;
  BrojaMarginals m;
  m.nt = pm.nt;
  m.nx = swap ? pm.m2 : pm.m1;
  m.ny = swap ? pm.m1 : pm.m2;
  m.ptx = swap ? p2 : p1;
  m.pty = swap ? p1 : p2;
  return m;
}

BrojaSolution pid_solve(const PidMarginals& pm, const PidOptions& options,
                        const std::vector<double>* start) {
  BrojaOptions bo;
  bo.tolerance_bits = options.tolerance_bits;
  bo.max_newton_steps = options.max_newton_steps;
  return solve_broja(pid_program(pm), bo, start);
}

PidResult pid_of_marginals(const PidMarginals& pm) {
  PidResult out;
  out.values1 = pm.n1;
  out.values2 = pm.n2;
  out.i1 = pm.i1;
  out.i2 = pm.i2;
  out.merged1 = pm.m1;
  out.merged2 = pm.m2;
  return out;
}

PidResult pid_result(const PidMarginals& pm, const BrojaSolution& s) {
  PidResult out = pid_of_marginals(pm);
  const std::vector<double> p1 = normalised(pm.p1), p2 = normalised(pm.p2);
  // UI(T; R1 \ R2) = H(T | R2) - max H_Q(T | R1, R2) = H(T | R2) + min (-H_Q).
  const double ln2 = std::numbers::ln2;
  out.ui1 = std::max(0.0, (conditional_entropy_nats(p2, pm.nt, pm.m2) + s.primal) / ln2);
  out.ui2 = std::max(0.0, (conditional_entropy_nats(p1, pm.nt, pm.m1) + s.primal) / ln2);
  out.ui1 = std::min(out.ui1, out.i1);
  out.ui2 = std::min(out.ui2, out.i2);
  out.si = out.i1 - out.ui1;
  out.gap_bits = s.gap_bits;
  out.residual = s.residual;
  out.certified = s.certified;
  out.newton_steps = s.newton_steps;
  out.cells = s.cells;
  out.columns = s.columns;
  out.active_columns = s.active_columns;
  return out;
}

PidResult pid_from_side_tables(std::span<const double> t1, std::span<const double> t2,
                               std::size_t nt, std::size_t n1, std::size_t n2,
                               const PidOptions& options) {
  const PidMarginals m = pid_marginals(t1, t2, nt, n1, n2, options);
  return pid_result(m, pid_solve(m, options));
}

PidResult pid(std::span<const std::int32_t> t, std::span<const std::int32_t> r1,
              std::span<const std::int32_t> r2, std::span<const double> weights,
              const PidOptions& options) {
  const std::size_t n = t.size();
  if (r1.size() != n || r2.size() != n || (!weights.empty() && weights.size() != n))
    throw InputError("pid: T, R1, R2 (and weights) must have the same number of rows");
  if (n == 0) throw InputError("pid: no data");
  for (std::size_t i = 0; i < n; ++i)
    if (t[i] < 0 || r1[i] < 0 || r2[i] < 0)
      throw InputError("pid: codes must be non-negative (row " + std::to_string(i + 1) + ")");
  SparseJoint j;
  j.t = compact(t, j.nt);
  j.a = compact(r1, j.n1);
  j.b = compact(r2, j.n2);
  j.w.assign(n, 1.0);
  double total = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (!std::isfinite(weights[i]) || weights[i] < 0)
      throw InputError("pid: weight of row " + std::to_string(i + 1) +
                       " is not a finite non-negative number");
    j.w[i] = weights[i];
  }
  for (double w : j.w) total += w;
  if (!(total > 0)) throw InputError("pid: the weights sum to 0");
  // Rows of weight 0 are not part of the support.
  if (!weights.empty()) {
    SparseJoint kept;
    for (std::size_t i = 0; i < n; ++i)
      if (j.w[i] > 0) {
        kept.t.push_back(j.t[i]);
        kept.a.push_back(j.a[i]);
        kept.b.push_back(j.b[i]);
        kept.w.push_back(j.w[i]);
      }
    kept.t = compact(kept.t, kept.nt);
    kept.a = compact(kept.a, kept.n1);
    kept.b = compact(kept.b, kept.n2);
    return decompose(kept, options);
  }
  return decompose(j, options);
}

PidResult pid_from_table(std::span<const double> counts, std::size_t nt, std::size_t n1,
                         std::size_t n2, const PidOptions& options) {
  if (counts.size() != nt * n1 * n2)
    throw InputError("pid_from_table: table size does not match its dimensions");
  std::vector<std::int32_t> t, a, b;
  std::vector<double> w;
  for (std::size_t x = 0; x < nt; ++x)
    for (std::size_t y = 0; y < n1; ++y)
      for (std::size_t z = 0; z < n2; ++z) {
        const double c = counts[(x * n1 + y) * n2 + z];
        if (c == 0) continue;
        t.push_back(static_cast<std::int32_t>(x));
        a.push_back(static_cast<std::int32_t>(y));
        b.push_back(static_cast<std::int32_t>(z));
        w.push_back(c);
      }
  if (w.empty()) throw InputError("pid_from_table: the table is empty");
  return pid(t, a, b, w, options);
}

}  // namespace adm::info
