#include "methods/shapley/subset_evaluator.hpp"

#include <cmath>
#include <string>

#include "core/error.hpp"
#include "info/count_measures.hpp"
#include "info/pid.hpp"

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

// sum_k c_k log2(c_k * z_k / (xz_k * yz_k)) / (sum_k c_k), the cells in the given order, as
// info::conditional_mutual_information(CellTable) sums them.
template <class Z, class XZ, class YZ>
double cmi_sum(Log2Cache& log2, const std::vector<double>& cells, Z z, XZ xz, YZ yz) {
  double n = 0.0;
  for (double c : cells) n += c;
  if (!(n > 0.0)) throw InputError("shapley: no data (total weight is 0)");
  double sum = 0.0;
  for (std::size_t k = 0; k < cells.size(); ++k) {
    const double c = cells[k];
    if (c <= 0.0) continue;
    sum += c * log2((c * z(k)) / (xz(k) * yz(k)));
  }
  double value = sum / n;
  if (value < 0.0 && value > -info::kRoundOff) value = 0.0;
  return value;
}

}  // namespace

// I(T; R1) from t1_ (nt_ x n1), as info::mutual_information_from_table sums it: cells in [t][r]
// order, margins accumulated in that order.
double SubsetEvaluator::table_mi(std::size_t n1) {
  mi_t_.assign(nt_, 0.0);
  mi_r_.assign(n1, 0.0);
  double z = 0.0;
  for (std::size_t t = 0; t < nt_; ++t)
    for (std::size_t r = 0; r < n1; ++r) {
      const double c = t1_[t * n1 + r];
      if (c <= 0.0) continue;
      mi_t_[t] += c;
      mi_r_[r] += c;
      z += c;
    }
  if (!(z > 0.0)) throw InputError("shapley: no data (total weight is 0)");
  double sum = 0.0;
  for (std::size_t t = 0; t < nt_; ++t)
    for (std::size_t r = 0; r < n1; ++r) {
      const double c = t1_[t * n1 + r];
      if (c <= 0.0) continue;
      sum += c * log2_((c * z) / (mi_t_[t] * mi_r_[r]));
    }
  double value = sum / z;
  if (value < 0.0 && value > -info::kRoundOff) value = 0.0;
  return value;
}

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
  }
  if (!(total_ > 0.0)) throw InputError("shapley: the weights sum to 0");
  // The PID leaves out rows of weight 0 and numbers T and R2 over the rows it keeps.
  for (std::size_t i = 0; i < rows_; ++i)
    if (g.weights.empty() || w_[i] > 0.0) kept_.push_back(static_cast<std::uint32_t>(i));
  nt_ = compact(g.y, kept_, t_kept_, "the target");
  std::vector<std::int32_t> b;
  nb_ = compact(g.a, kept_, b, "the sensitive attributes");
  t2_.assign(nt_ * nb_, 0.0);
  for (std::size_t k = 0; k < kept_.size(); ++k) t2_[t_kept_[k] * nb_ + b[k]] += w_[kept_[k]];
  i2_ = info::mutual_information_from_table(t2_, nt_, nb_);
  p2_ = info::merge_equivalent(t2_, nt_, nb_, m2_);
  keys_.resize(rows_);
  cell_.resize(rows_);
  pair_.resize(rows_);
  xy_.resize(rows_);
}

SubsetValues SubsetEvaluator::values() {
  const auto x = codes_.codes();
  const std::size_t k = codes_.cardinality();
  const std::size_t ny = ny_, na = na_;
  // Cells (x, a, y) and pairs (x, a), each numbered by first appearance like joint_codes.
  for (std::size_t i = 0; i < rows_; ++i)
    keys_[i] = (static_cast<std::uint64_t>(x[i]) * na + a_[i]) * ny + y_[i];
  const std::size_t cells = relabel_.relabel(keys_, k * na * ny, cell_);
  for (std::size_t i = 0; i < rows_; ++i) keys_[i] = static_cast<std::uint64_t>(x[i]) * na + a_[i];
  const std::size_t pairs = relabel_.relabel(keys_, k * na, pair_);
  c3_.assign(cells, 0.0);
  cell_y_.resize(cells);
  cell_ax_.resize(cells);
  c_ax_.assign(pairs, 0.0);
  ax_x_.resize(pairs);
  ax_a_.resize(pairs);
  for (std::size_t i = 0; i < rows_; ++i) {
    const auto c = static_cast<std::size_t>(cell_[i]), p = static_cast<std::size_t>(pair_[i]);
    c3_[c] += w_[i];
    cell_y_[c] = y_[i];
    cell_ax_[c] = pair_[i];
    c_ax_[p] += w_[i];
    ax_x_[p] = x[i];
    ax_a_[p] = a_[i];
  }
  SubsetValues v;
  // u = I(Y; A, X_S): cells (y, (a, x)), margins Y and (A, X_S), z = everything.
  v.u = cmi_sum(
      log2_, c3_, [&](std::size_t) { return total_; },
      [&](std::size_t c) { return n_y_[cell_y_[c]]; },
      [&](std::size_t c) { return c_ax_[cell_ax_[c]]; });
  if (k <= 1) return v;  // the empty set (or constant features): v_D = 0
  // I(X_S; A): cells (x, a), margins X_S and A.
  c_x_.assign(k, 0.0);
  for (std::size_t i = 0; i < rows_; ++i) c_x_[x[i]] += w_[i];
  v.i_xa = cmi_sum(
      log2_, c_ax_, [&](std::size_t) { return total_; },
      [&](std::size_t p) { return c_x_[ax_x_[p]]; }, [&](std::size_t p) { return n_a_[ax_a_[p]]; });
  // I(X_S; A | Y): cells (x, a, y), margins (X_S, Y), (A, Y) and Y.
  for (std::size_t i = 0; i < rows_; ++i) keys_[i] = static_cast<std::uint64_t>(x[i]) * ny + y_[i];
  const std::size_t xys = relabel_.relabel(keys_, k * ny, xy_);
  c_xy_.assign(xys, 0.0);
  cell_xy_.resize(cells);
  for (std::size_t i = 0; i < rows_; ++i) {
    c_xy_[xy_[i]] += w_[i];
    cell_xy_[cell_[i]] = xy_[i];
  }
  v.i_xa_y = cmi_sum(
      log2_, c3_, [&](std::size_t c) { return n_y_[cell_y_[c]]; },
      [&](std::size_t c) { return c_xy_[cell_xy_[c]]; },
      [&](std::size_t c) {
        const auto ax = static_cast<std::size_t>(cell_ax_[c]);
        return n_ay_[ax_a_[ax] * ny + cell_y_[c]];
      });
  const Si s = shared_information(x, k);
  v.si = s.si;
  v.gap = s.gap;
  v.v_d = v.si * v.i_xa * v.i_xa_y;
  return v;
}

SubsetEvaluator::Si SubsetEvaluator::shared_information(std::span<const std::int32_t> x,
                                                        std::size_t k) {
  // R1 = X_S numbered over the kept rows, then the T x R1 table in row order.
  x_kept_.assign(k, -1);
  std::size_t n1 = 0;
  for (std::uint32_t r : kept_)
    if (x_kept_[x[r]] < 0) x_kept_[x[r]] = static_cast<std::int32_t>(n1++);
  t1_.assign(nt_ * n1, 0.0);
  for (std::size_t j = 0; j < kept_.size(); ++j)
    t1_[t_kept_[j] * n1 + x_kept_[x[kept_[j]]]] += w_[kept_[j]];
  info::PidOptions po;
  po.tolerance_bits = g_.pid_tolerance_bits;
  info::PidMarginals m;  // as info::pid_marginals(t1_, t2_, ...) computes it
  m.nt = nt_;
  m.n1 = n1;
  m.n2 = nb_;
  m.i1 = table_mi(n1);
  m.i2 = i2_;
  m.p1 = info::merge_equivalent(t1_, nt_, n1, m.m1);
  m.p2 = p2_;
  m.m2 = m2_;
  // One merged value on either side: that side says nothing about Y, so SI = 0 exactly.
  if (m.m1 <= 1 || m.m2 <= 1) return {};
  info::BrojaSolution s;
  if (auto it = known_.find(m.p1); it != known_.end()) {
    s = it->second;
    ++remembered_;
  } else {
    s = info::pid_solve(m, po);
    s.q.clear();
    ++solves_;
    if (!s.certified)
      throw InternalError("shapley: the BROJA solver did not certify SI to " +
                          std::to_string(g_.pid_tolerance_bits) + " bits (gap " +
                          std::to_string(s.gap_bits) + ")");
    known_.emplace(m.p1, s);
  }
  const info::PidResult p = info::pid_result(m, s);
  return {p.si, p.gap_bits};
}

}  // namespace adm::methods::shapley
