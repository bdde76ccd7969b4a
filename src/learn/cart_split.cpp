// The split search of DecisionTree (learn/cart.hpp): per candidate column, the node's rows are
// aggregated by column code (histogram or sort), then prefixes of the code order are scored.
#include <algorithm>
#include <limits>
#include <numeric>

#include "learn/cart.hpp"
#include "learn/cart_workspace.hpp"
#include "learn/weighted_sampling.hpp"

namespace adm::learn {

std::vector<std::size_t> DecisionTree::candidate_columns() {
  std::vector<std::size_t> cols;
  const auto& fw = params_.feature_weights;
  if (params_.mtry == 0 || params_.mtry >= cols_) {
    for (std::size_t c = 0; c < cols_; ++c) {
      if (fw.empty() || fw[c] > 0) cols.push_back(c);
    }
    return cols;
  }
  // Equal positive weights draw exactly as no weights: the ordinary forest.
  const bool uniform =
      fw.empty() ||
      (fw[0] > 0 && std::all_of(fw.begin(), fw.end(), [&](double f) { return f == fw[0]; }));
  cols = uniform ? sample_uniform_without_replacement(rng_, cols_, params_.mtry)
                 : sample_without_replacement(rng_, fw, params_.mtry);
  std::sort(cols.begin(), cols.end());  // ties go to the lower column, as without sampling
  return cols;
}

DecisionTree::Split DecisionTree::best_split(Workspace& ws, const std::vector<std::size_t>& rows,
                                             const Node& node) {
  // Candidates must beat the best so far by more than rounding noise, so exact ties keep the
  // earlier candidate whatever the order of floating-point operations.
  Split best;
  const auto label = std::span(node.counts).first(ws.k_label);
  best.improvement = params_.any_gain
                         ? -std::numeric_limits<double>::infinity()
                         : 1e-10 * node.weight *
                               std::max(ws.criterion->impurity(label, node.weight),
                                        std::numeric_limits<double>::min());  // a positive gain
  for (const std::size_t c : candidate_columns()) split_column(ws, c, rows, node, best);
  if (best.feature < 0) best.improvement = 0;
  return best;
}

void DecisionTree::split_column(Workspace& ws, std::size_t c, const std::vector<std::size_t>& rows,
                                const Node& node, Split& best) {
  const std::size_t k = ws.k;
  const bool regression = classes_ == 0;
  const auto& code = ws.index.code[c];
  const std::uint32_t bins = ws.index.bins[c];
  std::vector<double> nan_stats(k, 0.0);
  double nan_weight = 0;
  std::size_t nan_rows = 0;
  ws.codes.clear();
  ws.stats.clear();
  ws.weight.clear();
  ws.count.clear();
  auto push_code = [&](std::uint32_t cd) {
    ws.codes.push_back(cd);
    ws.stats.resize(ws.stats.size() + k, 0.0);
    ws.weight.push_back(0);
    ws.count.push_back(0);
  };
  if (bins <= 2 * rows.size()) {  // histogram over all codes of the column
    ws.hist_stats.assign(static_cast<std::size_t>(bins) * k, 0.0);
    ws.hist_weight.assign(bins, 0.0);
    ws.hist_count.assign(bins, 0);
    for (const std::size_t r : rows) {
      const std::uint32_t cd = code[r];
      if (cd == ColumnIndex::kMissing) {
        ws.add(nan_stats.data(), r);
        nan_weight += ws.w[r];
        ++nan_rows;
        continue;
      }
      ws.add(&ws.hist_stats[cd * k], r);
      ws.hist_weight[cd] += ws.w[r];
      ++ws.hist_count[cd];
    }
    for (std::uint32_t cd = 0; cd < bins; ++cd) {
      if (ws.hist_count[cd] == 0) continue;
      push_code(cd);
      std::copy_n(&ws.hist_stats[cd * k], k, ws.stats.end() - static_cast<std::ptrdiff_t>(k));
      ws.weight.back() = ws.hist_weight[cd];
      ws.count.back() = ws.hist_count[cd];
    }
  } else {  // few rows, many codes: sort the rows by code
    ws.sorted.clear();
    for (const std::size_t r : rows) {
      if (code[r] == ColumnIndex::kMissing) {
        ws.add(nan_stats.data(), r);
        nan_weight += ws.w[r];
        ++nan_rows;
      } else {
        ws.sorted.emplace_back(code[r], static_cast<std::uint32_t>(r));
      }
    }
    std::sort(ws.sorted.begin(), ws.sorted.end());
    for (const auto& [cd, r] : ws.sorted) {
      if (ws.codes.empty() || ws.codes.back() != cd) push_code(cd);
      ws.add(&ws.stats[ws.stats.size() - k], r);
      ws.weight.back() += ws.w[r];
      ++ws.count.back();
    }
  }
  const std::size_t m = ws.codes.size();
  if (m < 2) return;

  // Order of the entries: by code (numeric) or by a per-level key (categorical).
  const bool categorical = ws.index.categorical[c] != 0;
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (categorical) {
    const std::size_t target =
        regression ? 0
        : ws.k_label == 2
            ? 1
            : static_cast<std::size_t>(
                  std::max_element(node.counts.begin(),
                                   node.counts.begin() + static_cast<std::ptrdiff_t>(ws.k_label)) -
                  node.counts.begin());
    std::vector<double> key(m);
    for (std::size_t j = 0; j < m; ++j) key[j] = ws.stats[j * k + target] / ws.weight[j];
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return key[a] < key[b]; });
  }

  const double eps =
      1e-10 * node.weight *
      std::max(ws.criterion->impurity(std::span(node.counts).first(ws.k_label), node.weight),
               std::numeric_limits<double>::min());
  std::vector<double> left(k, 0.0), full_left(k), full_right(k);
  double left_weight = 0;
  std::size_t left_rows = 0;
  for (std::size_t i = 0; i + 1 < m; ++i) {
    const std::size_t j = order[i];
    for (std::size_t s = 0; s < k; ++s) left[s] += ws.stats[j * k + s];
    left_weight += ws.weight[j];
    left_rows += ws.count[j];
    const double right_weight = node.weight - nan_weight - left_weight;
    const std::size_t right_rows = node.rows - nan_rows - left_rows;
    const bool missing_left = left_weight >= right_weight;
    double lw = left_weight, rw = right_weight;
    std::size_t ln = left_rows, rn = right_rows;
    for (std::size_t s = 0; s < k; ++s) {
      const double right_s = node.counts[s] - nan_stats[s] - left[s];
      full_left[s] = left[s] + (missing_left ? nan_stats[s] : 0.0);
      full_right[s] = right_s + (missing_left ? 0.0 : nan_stats[s]);
      if (ws.clamp[s]) {  // counts: clamp rounding below 0
        full_left[s] = std::max(0.0, full_left[s]);
        full_right[s] = std::max(0.0, full_right[s]);
      }
    }
    (missing_left ? lw : rw) += nan_weight;
    (missing_left ? ln : rn) += nan_rows;
    if (ln < params_.min_leaf || rn < params_.min_leaf || !(lw > 0) || !(rw > 0)) continue;
    const std::size_t g = ws.k_gain;
    const double gain =
        ws.criterion->gain(std::span(node.counts).first(g), node.weight,
                           std::span(full_left).first(g), lw, std::span(full_right).first(g), rw);
    const double improvement = node.weight * gain;
    if (!(improvement > best.improvement + eps)) continue;
    best.feature = static_cast<int>(c);
    best.missing_left = missing_left;
    best.gain = gain;
    best.improvement = improvement;
    best.categorical = categorical;
    if (categorical) {
      best.threshold = 0;
      best.go.assign(ws.index.bins[c], -1);
      for (std::size_t q = 0; q < m; ++q) best.go[ws.codes[order[q]]] = q <= i ? 1 : 0;
    } else {
      const auto& values = ws.index.values[c];
      best.threshold = 0.5 * (static_cast<double>(values[ws.codes[j]]) +
                              static_cast<double>(values[ws.codes[order[i + 1]]]));
      best.left_code = ws.codes[j];
      best.go.clear();
    }
  }
}

}  // namespace adm::learn
