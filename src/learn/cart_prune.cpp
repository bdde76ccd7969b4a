#include "learn/cart_prune.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <utility>

#include "core/error.hpp"

namespace adm::learn {

std::vector<double> weakest_link_alphas(const std::vector<DecisionTree::Node>& nodes) {
  // Breiman's weakest-link sequence: repeatedly collapse every split whose g(t) is within
  // rounding of the current minimum. Pruning a split changes R(T_t) and |leaves(T_t)| of its
  // ancestors only, so after each round only they are recomputed (from their children, the
  // same sums a full bottom-up pass would form: bitwise the same g) and a heap yields the next
  // minimum: O(n log n + pruned x depth) instead of a full pass per round, which was quadratic
  // in the nodes of a deep tree (cp = 0 trees on 10^6 rows have ~10^5 nodes and as many rounds).
  const std::size_t n = nodes.size();
  std::vector<double> alpha(n, 0.0);
  if (n == 0) return alpha;
  std::vector<bool> active(n, false);  // internal and not yet pruned
  std::vector<std::size_t> parent(n, n);
  for (std::size_t i = 0; i < n; ++i) {
    active[i] = nodes[i].feature >= 0;
    if (!active[i]) continue;
    parent[static_cast<std::size_t>(nodes[i].left)] = i;
    parent[static_cast<std::size_t>(nodes[i].right)] = i;
  }
  const double tol = 1e-12 * std::max(nodes[0].risk, 1e-300);
  std::vector<double> subtree_risk(n), g(n);
  std::vector<std::size_t> leaves(n);
  // g of an active node from its children's current sums (max(0, NaN) is 0: g is never NaN).
  const auto update = [&](std::size_t i) {
    const auto l = static_cast<std::size_t>(nodes[i].left);
    const auto r = static_cast<std::size_t>(nodes[i].right);
    subtree_risk[i] = subtree_risk[l] + subtree_risk[r];
    leaves[i] = leaves[l] + leaves[r];
    g[i] = std::max(0.0, (nodes[i].risk - subtree_risk[i]) / static_cast<double>(leaves[i] - 1));
  };
  using Entry = std::pair<double, std::size_t>;  // (g, node); stale once g or activity changed
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
  for (std::size_t i = n; i-- > 0;) {  // children have larger indices than parents
    if (!active[i]) {
      subtree_risk[i] = nodes[i].risk;
      leaves[i] = 1;
      continue;
    }
    update(i);
    heap.emplace(g[i], i);
  }
  const auto stale = [&](const Entry& e) { return !active[e.second] || g[e.second] != e.first; };
  std::vector<std::size_t> cut, stack, touched;
  std::vector<bool> queued(n, false);
  while (true) {
    while (!heap.empty() && stale(heap.top())) heap.pop();
    if (heap.empty() || !std::isfinite(heap.top().first)) break;
    const double g_min = heap.top().first;
    // Every active split within rounding of the minimum, and its active descendants, goes now.
    cut.clear();
    while (!heap.empty() && (stale(heap.top()) || heap.top().first <= g_min + tol)) {
      const std::size_t i = heap.top().second;
      const bool take = !stale(heap.top());
      heap.pop();
      if (!take) continue;
      cut.push_back(i);
      stack.assign(1, i);
      while (!stack.empty()) {
        const std::size_t d = stack.back();
        stack.pop_back();
        if (!active[d]) continue;
        alpha[d] = g_min;
        active[d] = false;
        subtree_risk[d] = nodes[d].risk;
        leaves[d] = 1;
        stack.push_back(static_cast<std::size_t>(nodes[d].left));
        stack.push_back(static_cast<std::size_t>(nodes[d].right));
      }
    }
    // The still active ancestors of what was cut, children before parents.
    touched.clear();
    for (const std::size_t i : cut)
      for (std::size_t a = parent[i]; a < n && !queued[a]; a = parent[a]) {
        queued[a] = true;
        touched.push_back(a);
      }
    std::sort(touched.rbegin(), touched.rend());
    for (const std::size_t a : touched) {
      queued[a] = false;
      if (!active[a]) continue;
      update(a);
      heap.emplace(g[a], a);
    }
  }
  return alpha;
}

std::vector<CpRow> cp_table(const DecisionTree& tree) {
  const auto& nodes = tree.nodes();
  if (nodes.empty()) throw InputError("cart: cp table of an unfitted tree");
  const double root = nodes[0].risk;
  const std::vector<double> alpha = weakest_link_alphas(nodes);
  const double grow_alpha = tree.params().cp * root;
  std::vector<double> distinct;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].feature >= 0 && alpha[i] > grow_alpha * kCpTolerance) {
      distinct.push_back(alpha[i]);
    }
  }
  std::sort(distinct.rbegin(), distinct.rend());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  distinct.push_back(grow_alpha);
  const double scale = root > 0 ? root : 1.0;
  std::vector<CpRow> table;
  for (const double a : distinct) {
    CpRow row;
    row.cp = a / scale;
    double risk = 0;
    // The tree at alpha = a: a node is a leaf when it or an ancestor has alpha <= a.
    std::vector<bool> cut(nodes.size(), false);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const bool leaf = nodes[i].feature < 0 || cut[i] || alpha[i] <= a;
      if (!leaf) {
        ++row.nsplit;
        continue;
      }
      if (nodes[i].feature >= 0) {
        cut[static_cast<std::size_t>(nodes[i].left)] = true;
        cut[static_cast<std::size_t>(nodes[i].right)] = true;
      }
      if (!cut[i]) risk += nodes[i].risk;
    }
    row.rel_error = risk / scale;
    table.push_back(row);
  }
  return table;
}

std::vector<std::size_t> make_folds(std::size_t rows, std::size_t k, Rng& rng) {
  if (k < 2 || k > rows) throw InputError("cart: folds must be between 2 and the number of rows");
  std::vector<std::size_t> folds(rows);
  for (std::size_t i = 0; i < rows; ++i) folds[i] = i % k;
  for (std::size_t i = rows; i > 1; --i) {
    std::swap(folds[i - 1], folds[static_cast<std::size_t>(rng.uniform_index(i))]);
  }
  return folds;
}

namespace {

// Risk of a single leaf holding the given rows (weights w; w = 0 rows ignored).
double root_risk(const TreeTarget& target, const std::vector<double>& w) {
  double total = 0;
  if (target.regression()) {
    double s = 0, ss = 0;
    for (std::size_t r = 0; r < w.size(); ++r) {
      total += w[r];
      s += w[r] * target.values[r];
    }
    const double mean = total > 0 ? s / total : 0;
    for (std::size_t r = 0; r < w.size(); ++r) {
      ss += w[r] * (target.values[r] - mean) * (target.values[r] - mean);
    }
    return ss;
  }
  std::vector<double> counts(target.classes, 0.0);
  for (std::size_t r = 0; r < w.size(); ++r) {
    counts[static_cast<std::size_t>(target.labels[r])] += w[r];
    total += w[r];
  }
  return total - *std::max_element(counts.begin(), counts.end());
}

}  // namespace

std::vector<CpRow> cross_validate(const DecisionTree& tree, const FeatureMatrix& x,
                                  const TreeTarget& target, std::span<const double> weights,
                                  const std::vector<std::size_t>& folds) {
  std::vector<CpRow> table = cp_table(tree);
  if (folds.size() != x.rows || target.size() != x.rows) {
    throw InputError("cart: folds do not match the number of rows");
  }
  std::vector<double> w(x.rows, 1.0);
  if (!weights.empty()) std::copy(weights.begin(), weights.end(), w.begin());
  double total = 0;
  for (const double v : w) total += v;
  const double root = tree.nodes()[0].risk;
  const std::size_t m = table.size();
  // Absolute alphas the held-out rows are predicted at (rpart: 10 x the largest, then geometric
  // means of neighbours).
  std::vector<double> at(m);
  at[0] = 10 * table[0].cp * root;
  for (std::size_t j = 1; j < m; ++j) at[j] = std::sqrt(table[j - 1].cp * table[j].cp) * root;
  std::vector<double> xrisk(m, 0.0), xsq(m, 0.0);
  const std::size_t k = *std::max_element(folds.begin(), folds.end()) + 1;
  const DecisionTree::ColumnIndex index = DecisionTree::index_columns(x);
  for (std::size_t f = 0; f < k; ++f) {
    std::vector<double> wf = w;
    double fold_total = 0;
    for (std::size_t r = 0; r < x.rows; ++r) {
      if (folds[r] == f) wf[r] = 0;
      fold_total += wf[r];
    }
    if (!(fold_total > 0)) continue;
    const double scale = fold_total / total;
    CartParams p = tree.params();
    const double fold_root = root_risk(target, wf);
    p.cp = fold_root > 0 ? tree.params().cp * root * scale / fold_root : 0.0;
    DecisionTree fold_tree(p);
    fold_tree.fit_indexed(x, index, target, wf);
    const auto& nodes = fold_tree.nodes();
    for (std::size_t r = 0; r < x.rows; ++r) {
      if (folds[r] != f || w[r] == 0) continue;
      for (std::size_t j = 0; j < m; ++j) {
        // Walk down while the split survives pruning at this alpha.
        const double alpha = at[j] * scale;
        const int i = fold_tree.leaf_of(x, r, alpha);
        const double pred = nodes[static_cast<std::size_t>(i)].value;
        const double e = target.regression()
                             ? (target.values[r] - pred) * (target.values[r] - pred)
                             : (static_cast<double>(target.labels[r]) != pred ? 1.0 : 0.0);
        xrisk[j] += w[r] * e;
        xsq[j] += w[r] * e * e;
      }
    }
  }
  const double denom = root > 0 ? root : 1.0;
  for (std::size_t j = 0; j < m; ++j) {
    table[j].xerror = xrisk[j] / denom;
    table[j].xstd = std::sqrt(std::max(0.0, xsq[j] - xrisk[j] * xrisk[j] / total)) / denom;
  }
  return table;
}

std::size_t choose_row(const std::vector<CpRow>& table, bool one_se) {
  if (table.empty()) throw InputError("cart: empty cp table");
  std::size_t best = 0;
  for (std::size_t j = 1; j < table.size(); ++j) {
    if (table[j].xerror < table[best].xerror) best = j;
  }
  if (!one_se) return best;
  const double limit = table[best].xerror + table[best].xstd;
  for (std::size_t j = 0; j < table.size(); ++j) {
    if (table[j].xerror <= limit) return j;
  }
  return best;
}

PrunedTree fit_pruned(const CartParams& params, const FeatureMatrix& x, const TreeTarget& target,
                      std::span<const double> weights, std::size_t folds, Rng& rng, bool one_se) {
  DecisionTree grown(params);
  grown.fit(x, target, weights);
  PrunedTree out{grown, {}, 0, 0};
  out.table = cross_validate(grown, x, target, weights, make_folds(x.rows, folds, rng));
  out.row = choose_row(out.table, one_se);
  out.cp = out.table[out.row].cp;
  out.tree = grown.pruned(out.cp);
  return out;
}

}  // namespace adm::learn
