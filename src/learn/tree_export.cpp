#include "learn/tree_export.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "core/error.hpp"

namespace adm::learn {

void export_tree(const DecisionTree& tree, ResultSet& results, const std::string& group,
                 const std::vector<std::string>& names, const LevelLabels& levels) {
  const auto& nodes = tree.nodes();
  if (nodes.empty()) throw InputError("tree export: the tree is not fitted");
  const std::size_t m = nodes.size();
  std::size_t width = 0;  // columns of go_left: the most levels of any split column
  for (const auto& n : nodes) width = std::max(width, n.go.size());
  const std::size_t k = tree.regression() ? 1 : tree.classes();
  std::vector<std::int64_t> feature, missing_left, left, right, rows, depth;
  std::vector<std::int64_t> go(m * width, -1);
  std::vector<double> threshold, weight, value, risk, improvement, complexity;
  for (std::size_t i = 0; i < m; ++i) {
    const auto& n = nodes[i];
    feature.push_back(n.feature);
    missing_left.push_back(n.feature >= 0 && n.missing_left ? 1 : 0);
    left.push_back(n.left);
    right.push_back(n.right);
    rows.push_back(static_cast<std::int64_t>(n.rows));
    depth.push_back(static_cast<std::int64_t>(n.depth));
    threshold.push_back(
        n.feature >= 0 && !n.categorical ? n.threshold : std::numeric_limits<double>::quiet_NaN());
    for (std::size_t l = 0; l < n.go.size(); ++l) go[i * width + l] = n.go[l];
    weight.push_back(n.weight);
    if (tree.regression()) {
      value.push_back(n.value);
    } else {
      for (std::size_t j = 0; j < k; ++j) value.push_back(n.counts[j] / n.weight);
    }
    risk.push_back(n.risk);
    improvement.push_back(n.improvement);
    complexity.push_back(n.complexity);
  }
  const std::string g = group + "/";
  results.add(g + "feature", std::move(feature),
              "split column (index into feature_names), -1 = leaf", "");
  results.add(g + "threshold", std::move(threshold), "numeric split: x < threshold goes left", "");
  results.add(g + "go_left", std::move(go),
              "categorical split per level code: 1 left, 0 right, -1 unseen or not a split", "",
              {m, width});
  results.add(g + "missing_left", std::move(missing_left), "1 if missing values go left", "");
  results.add(g + "left", std::move(left), "left child node index, -1 = leaf", "");
  results.add(g + "right", std::move(right), "right child node index, -1 = leaf", "");
  results.add(g + "n", std::move(rows), "training rows in the node", "rows");
  results.add(g + "weight", std::move(weight), "training weight in the node", "");
  results.add(g + "depth", std::move(depth), "depth of the node (root = 0)", "");
  if (tree.regression()) {
    results.add(g + "value", std::move(value), "mean response of the node", "");
  } else {
    results.add(g + "value", std::move(value), "class proportions of the node", "", {m, k});
  }
  results.add(g + "risk", std::move(risk),
              tree.regression() ? "sum of squared errors" : "misclassified weight", "");
  results.add(g + "improvement", std::move(improvement), "weighted impurity decrease of the split",
              "");
  results.add(g + "complexity", std::move(complexity), "weakest-link alpha of the split", "");
  results.add(g + "feature_names", names.empty() ? tree.names() : names, "split columns");
  std::vector<std::string> level_table;
  std::vector<std::int64_t> offsets{0};
  for (std::size_t c = 0; c < tree.cols(); ++c) {
    if (c < levels.size())
      level_table.insert(level_table.end(), levels[c].begin(), levels[c].end());
    offsets.push_back(static_cast<std::int64_t>(level_table.size()));
  }
  results.add(g + "level_names", std::move(level_table),
              "level names of the categorical columns, column after column (see level_offsets)");
  results.add(g + "level_offsets", std::move(offsets),
              "level l of column f is level_names[level_offsets[f] + l]", "index");
  results.add(g + "text", std::vector<std::string>{tree.to_text(names, levels)},
              "rpart-style listing");
}

}  // namespace adm::learn
