#include "methods/shapley/subset_evaluator.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "info/broja_domain.hpp"
#include "info/count_measures.hpp"

namespace adm::methods::shapley {
namespace {

// Compact codes of `codes` (>= 0) in order of first appearance over `rows`.
std::size_t compact(std::span<const std::int32_t> codes, std::span<const std::uint32_t> rows,
                    std::vector<std::int32_t>& out, const char* what) {
  std::vector<std::int32_t> map;
  out.resize(rows.size());
  std::size_t next = 0;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const std::int32_t c = codes[rows[k]];
    if (c < 0) throw InputError(std::string("shapley: missing value in ") + what);
    if (static_cast<std::size_t>(c) >= map.size()) map.resize(static_cast<std::size_t>(c) + 1, -1);
    if (map[c] < 0) map[c] = static_cast<std::int32_t>(next++);
    out[k] = map[c];
  }
  return next;
}

// Round-off below 0 of a sum whose true value is >= 0 (the convention of count_measures.hpp).
double clamped(double value) { return value < 0.0 && value > -info::kRoundOff ? 0.0 : value; }

}  // namespace

SubsetEvaluator::SubsetEvaluator(const GameData& g)
    : g_(g),
      rows_(g.y.size()),
      codes_(info::CodeColumns(g.features.begin(), g.features.end()), g.y.size()) {
  if (g.a.size() != rows_) throw InputError("shapley: Y and A differ in rows");
  if (!g.weights.empty() && g.weights.size() != rows_)
    throw InputError("shapley: weights and data differ in rows");
  std::vector<std::uint32_t> all(rows_);
  for (std::size_t i = 0; i < rows_; ++i) all[i] = static_cast<std::uint32_t>(i);
  ny_ = compact(g.y, all, y_, "the target");
  na_ = compact(g.a, all, a_, "the sensitive attributes");
  w_.assign(rows_, 1.0);
  for (std::size_t i = 0; i < g.weights.size(); ++i) {
    if (!(g.weights[i] >= 0.0) || !std::isfinite(g.weights[i]))
      throw InputError("shapley: weights must be finite and non-negative");
    w_[i] = g.weights[i];
  }
  n_y_.assign(ny_, 0.0);
  n_a_.assign(na_, 0.0);
  n_ay_.assign(na_ * ny_, 0.0);
  for (std::size_t i = 0; i < rows_; ++i) {
    total_ += w_[i];
    n_y_[y_[i]] += w_[i];
    n_a_[a_[i]] += w_[i];
    n_ay_[a_[i] * ny_ + y_[i]] += w_[i];
    ay_.push_back(a_[i] * static_cast<std::int32_t>(ny_) + y_[i]);
  }
  if (!(total_ > 0.0)) throw InputError("shapley: the weights sum to 0");
  // The PID's T x R2 table: Y x A over the rows of positive weight.
  std::vector<double> t2(ny_ * na_, 0.0);
  for (std::size_t i = 0; i < rows_; ++i) t2[y_[i] * na_ + a_[i]] += w_[i];
  i2_ = info::mutual_information_from_table(t2, ny_, na_);
  p2_ = info::merge_equivalent(t2, ny_, na_, m2_);
}

// Count vectors over (a, y) per value of X_S; equal vectors are found by hashing their bits and
// numbered by first appearance (over the values of X_S, themselves numbered by first appearance).
void SubsetEvaluator::count_vectors() {
  const auto x = codes_.codes();
  const std::size_t k = codes_.cardinality(), len = na_ * ny_;
  counts_.assign(k * len, 0.0);
  for (std::size_t i = 0; i < rows_; ++i) counts_[x[i] * len + ay_[i]] += w_[i];
  const std::size_t size = std::bit_ceil(std::max<std::size_t>(2 * k, 16));
  if (slots_.size() < size) slots_.assign(size, Slot{});
  if (++call_ == 0) {  // stamps wrapped: start over with a clean table
    std::fill(slots_.begin(), slots_.end(), Slot{});
    call_ = 1;
  }
  distinct_.clear();
  multiplicity_.clear();
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t v = 0; v < k; ++v) {
    const double* c = counts_.data() + v * len;
    std::uint64_t h = 0;
    for (std::size_t j = 0; j < len; ++j)
      h = (std::rotl(h, 23) ^ std::bit_cast<std::uint64_t>(c[j])) * 0x9E3779B97F4A7C15ULL;
    for (std::size_t at = (h ^ (h >> 32)) & mask;; at = (at + 1) & mask) {
      Slot& s = slots_[at];
      if (s.call != call_) {
        s = {call_, static_cast<std::uint32_t>(distinct_.size())};
        distinct_.push_back(static_cast<std::uint32_t>(v));
        multiplicity_.push_back(1.0);
        break;
      }
      if (std::memcmp(counts_.data() + distinct_[s.id] * len, c, len * sizeof(double)) == 0) {
        multiplicity_[s.id] += 1.0;
        break;
      }
    }
  }
}

// The ratio vector P(T | x) of merged value x (exact for integer counts), the key of warm starts.
void SubsetEvaluator::ratio_key(const info::PidMarginals& m, std::size_t x) {
  key_.resize(m.nt);
  double total = 0;
  for (std::size_t t = 0; t < m.nt; ++t) total += m.p1[t * m.m1 + x];
  for (std::size_t t = 0; t < m.nt; ++t) key_[t] = m.p1[t * m.m1 + x] / total;
}

// Programs with many merged values (small subsets, counts of many sizes) are solved cold: measured
// on COMPAS-sized data, starts carried over to them save Newton steps but not time.
constexpr std::size_t kWarmValues = 16;

// A start for the program from the latest solution of each value's ratio vector (the solution of
// a neighbouring subset: Q(a | t, x) carried over to the values with the same P(T | x)); values
// without one start from the independent point. False when no value has one, or when the program
// put A on its x side.
bool SubsetEvaluator::warm_start(const info::PidMarginals& m, const info::BrojaMarginals& program,
                                 const info::BrojaDomain& d) {
  if (m.m2 > m.m1 || m.m1 > kWarmValues || warm_.empty()) return false;
  const std::size_t nt = program.nt, nx = program.nx, ny = program.ny;
  std::vector<double> pt(nt, 0.0);
  for (std::size_t t = 0; t < nt; ++t)
    for (std::size_t y = 0; y < ny; ++y) pt[t] += program.pty[t * ny + y];
  start_.assign(d.cells(), 0.0);
  bool any = false;
  for (std::size_t x = 0; x < nx; ++x) {
    ratio_key(m, x);
    const auto it = warm_.find(key_);
    const bool found = it != warm_.end() && it->second.size() == nt * ny;
    any = any || found;
    for (auto c = d.x_col_start[x]; c < d.x_col_start[x + 1]; ++c) {
      const auto y = static_cast<std::size_t>(d.col_y[c]);
      for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) {
        const auto t = static_cast<std::size_t>(d.cell_t[i]);
        const double cond = found ? it->second[t * ny + y] : program.pty[t * ny + y] / pt[t];
        start_[i] = program.ptx[t * nx + x] * (std::isfinite(cond) ? cond : 0.0);
      }
    }
  }
  return any;
}

void SubsetEvaluator::remember_solution(const info::PidMarginals& m,
                                        const info::BrojaMarginals& program,
                                        const info::BrojaDomain& d, const std::vector<double>& q) {
  if (m.m2 > m.m1 || m.m1 > kWarmValues || q.size() != d.cells()) return;
  const std::size_t nt = program.nt, nx = program.nx, ny = program.ny;
  for (std::size_t x = 0; x < nx; ++x) {
    std::vector<double> cond(nt * ny, std::numeric_limits<double>::quiet_NaN());
    for (auto c = d.x_col_start[x]; c < d.x_col_start[x + 1]; ++c) {
      const auto y = static_cast<std::size_t>(d.col_y[c]);
      for (auto i = d.col_start[c]; i < d.col_start[c + 1]; ++i) {
        const auto t = static_cast<std::size_t>(d.cell_t[i]);
        cond[t * ny + y] = q[i] / program.ptx[t * nx + x];
      }
    }
    ratio_key(m, x);
    warm_[key_] = std::move(cond);
  }
}

SubsetValues SubsetEvaluator::values() {
  count_vectors();
  const std::size_t k = codes_.cardinality(), ny = ny_, na = na_, len = na * ny;
  // Every measure is a sum over the values of X_S of a function of their count vector, so each
  // distinct vector is evaluated once and weighted by how many values share it.
  double u = 0, i_xa = 0, i_xa_y = 0;
  n_ax_.resize(na);
  n_xy_.resize(ny);
  t1_cols_.clear();
  for (std::size_t d = 0; d < distinct_.size(); ++d) {
    const double* c = counts_.data() + distinct_[d] * len;
    const double m = multiplicity_[d];
    std::fill(n_ax_.begin(), n_ax_.end(), 0.0);
    std::fill(n_xy_.begin(), n_xy_.end(), 0.0);
    double n_x = 0;
    for (std::size_t a = 0; a < na; ++a)
      for (std::size_t y = 0; y < ny; ++y) {
        n_ax_[a] += c[a * ny + y];
        n_xy_[y] += c[a * ny + y];
        n_x += c[a * ny + y];
      }
    double su = 0, sxay = 0, sxa = 0;
    for (std::size_t a = 0; a < na; ++a) {
      for (std::size_t y = 0; y < ny; ++y) {
        const double v = c[a * ny + y];
        if (v <= 0) continue;
        su += v * log2_((v * total_) / (n_y_[y] * n_ax_[a]));               // I(Y; A, X_S)
        sxay += v * log2_((v * n_y_[y]) / (n_xy_[y] * n_ay_[a * ny + y]));  // I(X_S; A | Y)
      }
      if (n_ax_[a] > 0) sxa += n_ax_[a] * log2_((n_ax_[a] * total_) / (n_x * n_a_[a]));
    }
    u += m * su;
    i_xa += m * sxa;
    i_xa_y += m * sxay;
    if (n_x > 0)  // values of weight 0 are not part of the PID's support
      for (std::size_t y = 0; y < ny; ++y) t1_cols_.push_back(m * n_xy_[y]);
  }
  SubsetValues v;
  v.u = clamped(u / total_);
  if (k <= 1) return v;  // the empty set (or constant features): v_D = 0
  v.i_xa = clamped(i_xa / total_);
  v.i_xa_y = clamped(i_xa_y / total_);
  const Si s = shared_information();
  v.si = s.si;
  v.gap = s.gap;
  v.v_d = v.si * v.i_xa * v.i_xa_y;
  return v;
}

// Whether A is a function of X_S (every value of X_S seen with one a) or X_S of A (every a seen
// with one value of X_S), over the rows of positive weight; the distinct count vectors with their
// multiplicities say both.
info::SourceDependence SubsetEvaluator::dependence() const {
  const std::size_t len = na_ * ny_;
  std::vector<double> values_per_a(na_, 0.0);
  bool a_of_x = true;
  for (std::size_t d = 0; d < distinct_.size(); ++d) {
    const double* c = counts_.data() + distinct_[d] * len;
    std::size_t seen = 0;
    for (std::size_t a = 0; a < na_; ++a) {
      double n = 0;
      for (std::size_t y = 0; y < ny_; ++y) n += c[a * ny_ + y];
      if (n <= 0) continue;
      ++seen;
      values_per_a[a] += multiplicity_[d];
    }
    a_of_x = a_of_x && seen <= 1;
  }
  if (a_of_x) return info::SourceDependence::R2OfR1;
  for (double v : values_per_a)
    if (v > 1) return info::SourceDependence::None;
  return info::SourceDependence::R1OfR2;
}

SubsetEvaluator::Si SubsetEvaluator::shared_information() {
  // T = Y, R1 = X_S, R2 = A. The values of X_S with one count vector share P(T | x), so they
  // enter the [t][x] table as one column (the BROJA program merges them anyway).
  const std::size_t nt = ny_, nd = t1_cols_.size() / nt;
  t1_.resize(nt * nd);
  for (std::size_t d = 0; d < nd; ++d)
    for (std::size_t t = 0; t < nt; ++t) t1_[t * nd + d] = t1_cols_[d * nt + t];
  info::PidMarginals m;
  m.nt = nt;
  m.n1 = nd;
  m.n2 = na_;
  double i1 = 0;
  for (std::size_t d = 0; d < nd; ++d) {
    double n_x = 0;
    for (std::size_t t = 0; t < nt; ++t) n_x += t1_[t * nd + d];
    for (std::size_t t = 0; t < nt; ++t) {
      const double c = t1_[t * nd + d];
      if (c > 0) i1 += c * log2_((c * total_) / (n_y_[t] * n_x));
    }
  }
  m.i1 = clamped(i1 / total_);
  m.i2 = i2_;
  m.p1 = info::merge_equivalent(t1_, nt, nd, m.m1);
  m.p2 = p2_;
  m.m2 = m2_;
  // One merged value on either side: that side says nothing about Y, so SI = 0 exactly.
  if (m.m1 <= 1 || m.m2 <= 1) return {};
  // One source a function of the other: SI in closed form (info/pid_degenerate.hpp).
  if (const auto dep = dependence(); dep != info::SourceDependence::None)
    return {info::pid_of_dependent(m, dep).si, 0.0};
  info::PidOptions po;
  po.tolerance_bits = g_.pid_tolerance_bits;
  po.max_newton_steps = g_.pid_max_newton_steps;
  info::BrojaSolution s;
  if (auto it = known_.find(m.p1); it != known_.end()) {
    s = it->second;
    ++remembered_;
  } else {
    const info::BrojaMarginals program = info::pid_program(m);
    const info::BrojaDomain d = info::make_broja_domain(program);
    const bool warm = warm_start(m, program, d);
    s = info::pid_solve(m, po, warm ? &start_ : nullptr);
    remember_solution(m, program, d, s.q);
    s.q.clear();
    ++solves_;
    warm_solves_ += warm ? 1 : 0;
    check_certified(g_, s.certified, s.gap_bits);
    known_.emplace(m.p1, s);
  }
  const info::PidResult p = info::pid_result(m, s);
  return {p.si, p.gap_bits};
}

}  // namespace adm::methods::shapley
