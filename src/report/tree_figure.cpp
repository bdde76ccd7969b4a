#include "report/tree_figure.hpp"

#include <cmath>

#include "report/html.hpp"
#include "report/svg.hpp"

namespace adm::report {
namespace {

template <class T>
T at(const std::vector<T>& v, std::size_t i, T otherwise) {
  return i < v.size() ? v[i] : otherwise;
}

}  // namespace

svg::TreeDiagram tree_diagram_of(const ResultData& data, const std::string& group,
                                 const std::string& title,
                                 const std::vector<std::string>& classes) {
  svg::TreeDiagram t;
  t.title = title;
  const std::string g = group + "/";
  const auto feature = data.integers(g + "feature"), left = data.integers(g + "left"),
             right = data.integers(g + "right"), rows = data.integers(g + "n"),
             go = data.integers(g + "go_left"), offsets = data.integers(g + "level_offsets");
  const auto threshold = data.doubles(g + "threshold"), value = data.doubles(g + "value");
  const auto names = data.strings(g + "feature_names"), levels = data.strings(g + "level_names");
  const std::size_t m = feature.size();
  const std::size_t width = data.columns(g + "go_left"), k = data.columns(g + "value");
  if (m == 0 || left.size() != m || right.size() != m || threshold.size() != m || k == 0 ||
      value.size() != m * k || go.size() != m * width)
    return t;
  for (std::size_t i = 0; i < m; ++i) {
    svg::TreeNode n;
    n.detail = "n = " + (i < rows.size() ? std::to_string(rows[i]) : std::string("?"));
    const auto f = feature[i];
    if (f >= 0) {
      const auto fu = static_cast<std::size_t>(f);
      const std::string name = at(names, fu, "x" + std::to_string(f));
      if (std::isfinite(threshold[i])) {
        n.label = name + " < " + number_text(threshold[i]);
      } else {
        // Categorical: the levels that go left.
        std::string set;
        for (std::size_t l = 0; l < width; ++l) {
          if (go[i * width + l] != 1) continue;
          const auto first = at<std::int64_t>(offsets, fu, -1),
                     end = at<std::int64_t>(offsets, fu + 1, -1);
          const auto idx = first + static_cast<std::int64_t>(l);
          set += (set.empty() ? "" : ",") +
                 (first >= 0 && idx < end ? at(levels, static_cast<std::size_t>(idx), std::string())
                                          : std::to_string(l));
        }
        n.label = name + " in {" + set + "}";
      }
      n.left = static_cast<int>(left[i]);
      n.right = static_cast<int>(right[i]);
    } else if (k == 1) {
      n.label = "mean " + number_text(value[i]);
    } else {
      std::size_t best = 0;
      for (std::size_t c = 1; c < k; ++c)
        if (value[i * k + c] > value[i * k + best]) best = c;
      // The target's level when the result names it, else the class code.
      n.label = (best < classes.size() ? classes[best] : "class " + std::to_string(best)) + " (" +
                svg::label(value[i * k + best], 3) + ")";
      n.colour = static_cast<int>(best);
    }
    t.nodes.push_back(std::move(n));
  }
  return t;
}

std::string tree_figure(const ResultData& data, const std::string& group, const std::string& title,
                        const std::vector<std::string>& classes) {
  const auto t = tree_diagram_of(data, group, title, classes);
  if (t.nodes.empty()) return "";
  return html::figure(svg::tree_diagram(t),
                      title +
                          ": the left edge (yes) is taken when the split holds; a leaf shows "
                          "its most frequent level of the target with its proportion, and its "
                          "training rows");
}

}  // namespace adm::report
