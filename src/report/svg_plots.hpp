#pragma once
// Every figure of the project, from plain data: the InfoGram, x-y plots (Pareto fronts, pattern
// counts by delta, Shapley utility sweeps), horizontal bar charts (Fair Forests importance,
// Shapley values), interval (dot and whisker) charts (model scores) and tree diagrams (CART).
// Pipelines convert their results into these inputs when they write a figure next to a result; the
// HTML report converts what it read from a result file, so a figure looks the same in both.
#include <cstddef>
#include <string>
#include <vector>

namespace adm::report::svg {

struct InfogramPoint {
  enum class Kind { Admissible, Risky, Other };
  std::string name;
  double relevance = 0, net = 0;
  Kind kind = Kind::Other;
};
struct InfogramPlot {
  std::string title;  // empty: "Core InfoGram" / "Fair InfoGram"
  bool fair = false;
  double relevance_threshold = 0.1, net_threshold = 0.1;
  std::vector<InfogramPoint> points;
  int width = 560, height = 560;
};
// Relevance on x, net (core) or safety (fair) information on y, both over [0, 1] with a margin
// inside the axes box; the L-region shaded with its threshold lines; every feature named
// (admissible in blue, risky in red, the others in grey), labels placed apart from each other and
// from the dots. A standalone document (with <?xml?> prolog).
std::string infogram(const InfogramPlot& plot);

struct XySeries {
  std::string name;  // legend text (empty: no legend entry)
  std::string colour = "#1f5fbf";
  std::vector<double> x, y;
  std::vector<std::string> labels;  // optional hover text per point
  double radius = 3;                // 0: no dots
  bool connect = false;             // join the points in the given order
  bool show_labels = false;         // also print each label beside its point
};
struct XyPlot {
  std::string title, x_label, y_label;
  std::vector<XySeries> series;
  bool x_from_zero = true;                    // x range starts at 0 (else at the smallest x)
  bool y_from_zero = false;                   // y range starts at 0 (counts)
  bool x_integer = false, y_integer = false;  // integer ticks only (counts, iterations)
  double width = 520, height = 400;
};
// Scatter and polylines on linear axes with round tick steps; non-finite points are left out.
std::string xy_plot(const XyPlot& plot);

struct BarSeries {
  std::string name;
  std::string colour = "#1f77b4";
  std::vector<double> values;  // one per category
};
struct BarChart {
  std::string title, value_label;
  std::vector<std::string> categories;
  std::vector<BarSeries> series;  // drawn as a group of bars per category
  int digits = 3;                 // significant digits of the value printed beside each bar group
};
// Horizontal grouped bars, one row per category, scaled to the largest |value|; negative values
// extend left of a zero line.
std::string bar_chart(const BarChart& chart);

struct IntervalSeries {
  std::string name;
  std::string colour = "#1f77b4";
  std::vector<double> value, lower, upper;  // one per category; lower/upper may be empty
};
struct IntervalChart {
  std::string title, value_label;
  std::vector<std::string> categories;
  std::vector<IntervalSeries> series;  // a dot per category and series, offset vertically
  int digits = 3;                      // significant digits of the value printed at the right
};
// One row per category: a dot at the value and a whisker from lower to upper (where both are
// finite), on a linear axis with round ticks covering every finite value and bound.
std::string interval_chart(const IntervalChart& chart);

struct TreeNode {
  std::string label;          // split text ("income < 42") or, for a leaf, its decision
  std::string detail;         // a second, smaller line ("n = 120"), may be empty
  int left = -1, right = -1;  // child indices; a node without two valid children is a leaf
  int colour = -1;            // leaves: palette index (the predicted class), -1 grey
};
struct TreeDiagram {
  std::string title;
  std::vector<TreeNode> nodes;         // [0] is the root
  std::string yes = "yes", no = "no";  // labels of the left and right edges
};
// Top-down tree: split nodes as boxes with their text, leaves as coloured boxes, edges to the
// left child labelled `yes`, to the right `no`. Leaves sit side by side in order, a parent above
// the middle of its children. Node text longer than 30 characters is shortened (the full text
// is the box's tooltip). Indices that are out of range or revisit a node end the branch there.
std::string tree_diagram(const TreeDiagram& tree);

// The i-th colour of the categorical palette (cycles).
const std::string& palette(std::size_t i);

}  // namespace adm::report::svg
