#include "fairness/group_rates.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.hpp"

namespace adm::fairness {
namespace {

double ratio(double num, double den) { return den > 0.0 ? num / den : kNaN; }

std::size_t resolve_groups(const FairnessInputs& in) {
  const std::size_t n = in.y_true.size();
  if (in.y_pred.size() != n || in.group.size() != n)
    throw InputError("fairness: y_true, y_pred and group have " + std::to_string(n) + ", " +
                     std::to_string(in.y_pred.size()) + " and " + std::to_string(in.group.size()) +
                     " rows");
  if (!in.weights.empty() && in.weights.size() != n)
    throw InputError("fairness: " + std::to_string(in.weights.size()) + " weights for " +
                     std::to_string(n) + " rows");
  std::size_t g = in.groups;
  if (g == 0) {
    std::int32_t max_code = -1;
    for (std::int32_t c : in.group) max_code = std::max(max_code, c);
    g = max_code < 0 ? 0 : static_cast<std::size_t>(max_code) + 1;
  }
  if (g < 2) throw InputError("fairness: need at least 2 groups, got " + std::to_string(g));
  return g;
}

// Reads one row; false when it is skipped as missing. Throws InputError on invalid codes.
bool read_row(const FairnessInputs& in, std::size_t groups, std::size_t i, std::int32_t& y,
              std::int32_t& p, std::int32_t& g, double& w) {
  y = in.y_true[i];
  p = in.y_pred[i];
  g = in.group[i];
  if (y == -1 || p == -1 || g == -1) {
    if (in.skip_missing) return false;
    throw InputError("fairness: missing outcome, prediction or group at row " + std::to_string(i) +
                     " (0-based)");
  }
  if (y < 0 || y > 1 || p < 0 || p > 1)
    throw InputError("fairness: outcomes and predictions must be 0/1 codes; row " +
                     std::to_string(i) + " has y_true=" + std::to_string(y) +
                     ", y_pred=" + std::to_string(p));
  if (g < 0 || static_cast<std::size_t>(g) >= groups)
    throw InputError("fairness: group code " + std::to_string(g) + " at row " + std::to_string(i) +
                     " is outside 0.." + std::to_string(groups - 1));
  w = in.weights.empty() ? 1.0 : in.weights[i];
  if (!(w >= 0.0) || !std::isfinite(w))
    throw InputError("fairness: weight at row " + std::to_string(i) +
                     " must be finite and non-negative");
  return true;
}

void add(GroupRates& r, std::int32_t y, std::int32_t p, double w) {
  r.rows += 1.0;
  if (y == 1)
    (p == 1 ? r.tp : r.fn) += w;
  else
    (p == 1 ? r.fp : r.tn) += w;
}

template <class RowAt>
GroupTally tally(const FairnessInputs& in, std::size_t count, RowAt row_at) {
  GroupTally t;
  t.groups = resolve_groups(in);
  t.per_group.assign(t.groups, GroupRates{});
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t i = row_at(k);
    std::int32_t y = 0, p = 0, g = 0;
    double w = 0.0;
    if (!read_row(in, t.groups, i, y, p, g, w)) {
      ++t.rows_skipped;
      continue;
    }
    add(t.per_group[static_cast<std::size_t>(g)], y, p, w);
    add(t.overall, y, p, w);
    ++t.rows_used;
  }
  for (auto& r : t.per_group) finish_rates(r);
  finish_rates(t.overall);
  t.total_weight = t.overall.count;
  return t;
}

}  // namespace

void finish_rates(GroupRates& r) {
  r.count = r.tp + r.fp + r.tn + r.fn;
  r.base_rate = ratio(r.tp + r.fn, r.count);
  r.selection_rate = ratio(r.tp + r.fp, r.count);
  r.tpr = ratio(r.tp, r.tp + r.fn);
  r.fpr = ratio(r.fp, r.fp + r.tn);
  r.fnr = ratio(r.fn, r.tp + r.fn);
  r.ppv = ratio(r.tp, r.tp + r.fp);
  r.npv = ratio(r.tn, r.tn + r.fn);
  r.accuracy = ratio(r.tp + r.tn, r.count);
}

void add_unit_rows(GroupTally& t, std::int32_t g, std::int32_t y, std::int32_t p,
                   std::uint64_t count) {
  const double n = static_cast<double>(count);  // exact below 2^53
  for (GroupRates* r : {&t.per_group[static_cast<std::size_t>(g)], &t.overall}) {
    r->rows += n;
    if (y == 1)
      (p == 1 ? r->tp : r->fn) += n;
    else
      (p == 1 ? r->fp : r->tn) += n;
  }
  t.rows_used += count;
}

GroupTally tally_groups(const FairnessInputs& in) {
  return tally(in, in.y_true.size(), [](std::size_t k) { return k; });
}

GroupTally tally_groups(const FairnessInputs& in, std::span<const std::size_t> rows) {
  const std::size_t n = in.y_true.size();
  return tally(in, rows.size(), [&](std::size_t k) {
    if (rows[k] >= n)
      throw InternalError("fairness: sample row " + std::to_string(rows[k]) + " is outside 0.." +
                          std::to_string(n) + "-1");
    return rows[k];
  });
}

ReplicateTally::ReplicateTally(const FairnessInputs& in)
    : in_(in), groups_(resolve_groups(in)), cell_(in.y_true.size()) {
  for (std::size_t i = 0; i < cell_.size(); ++i) {
    std::int32_t y = 0, p = 0, g = 0;
    double w = 0.0;
    cell_[i] = read_row(in, groups_, i, y, p, g, w) ? 4 * g + 2 * y + p : skip();
  }
}

GroupTally ReplicateTally::operator()(std::span<const std::uint32_t> times) const {
  if (times.size() != cell_.size())
    throw InternalError("fairness: " + std::to_string(times.size()) + " multiplicities for " +
                        std::to_string(cell_.size()) + " rows");
  GroupTally t;
  t.groups = groups_;
  t.per_group.assign(groups_, GroupRates{});
  const auto unpack = [](std::int32_t c, std::int32_t& g, std::int32_t& y, std::int32_t& p) {
    g = c / 4;
    y = (c / 2) % 2;
    p = c % 2;
  };
  if (in_.weights.empty()) {
    // Branch-free: a third of the rows are not drawn (times 0), in no predictable pattern, and
    // skipped rows have a slot of their own. Four lanes of counts, so that runs of rows in one
    // cell do not wait on each other's increments.
    const std::size_t slots = 4 * groups_ + 1;
    std::vector<std::uint64_t> lanes(4 * slots, 0);
    const std::size_t n = cell_.size();
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4)
      for (std::size_t l = 0; l < 4; ++l)
        lanes[l * slots + static_cast<std::size_t>(cell_[i + l])] += times[i + l];
    for (; i < n; ++i) lanes[static_cast<std::size_t>(cell_[i])] += times[i];
    std::vector<std::uint64_t> draws(slots, 0);
    for (std::size_t c = 0; c < slots; ++c)
      draws[c] = lanes[c] + lanes[slots + c] + lanes[2 * slots + c] + lanes[3 * slots + c];
    const std::uint64_t skipped = draws.back();
    draws.pop_back();
    for (std::size_t c = 0; c < draws.size(); ++c) {
      if (draws[c] == 0) continue;
      std::int32_t g = 0, y = 0, p = 0;
      unpack(static_cast<std::int32_t>(c), g, y, p);
      add_unit_rows(t, g, y, p, draws[c]);
    }
    t.rows_skipped = skipped;
  } else {
    for (std::size_t i = 0; i < cell_.size(); ++i) {
      if (times[i] == 0) continue;
      if (cell_[i] == skip()) {
        t.rows_skipped += times[i];
        continue;
      }
      std::int32_t g = 0, y = 0, p = 0;
      unpack(cell_[i], g, y, p);
      for (std::uint32_t k = 0; k < times[i]; ++k) {
        add(t.per_group[static_cast<std::size_t>(g)], y, p, in_.weights[i]);
        add(t.overall, y, p, in_.weights[i]);
      }
      t.rows_used += times[i];
    }
  }
  for (auto& r : t.per_group) finish_rates(r);
  finish_rates(t.overall);
  t.total_weight = t.overall.count;
  return t;
}

}  // namespace adm::fairness
