#pragma once
// Every figure of the project, from plain data: the InfoGram, x-y plots (Pareto fronts, pattern
// counts by delta) and horizontal bar charts (Fair Forests importance, Shapley values). Pipelines
// convert their results into these inputs when they write a figure next to a result; the HTML
// report converts what it read from a result file, so a figure looks the same in both.
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
// inside the axes box; the L-region shaded with its threshold lines; admissible features labelled
// in blue, risky ones in red, the others grey dots. A standalone document (with <?xml?> prolog).
std::string infogram(const InfogramPlot& plot);

struct XySeries {
  std::string name;  // legend text (empty: no legend entry)
  std::string colour = "#1f5fbf";
  std::vector<double> x, y;
  std::vector<std::string> labels;  // optional hover text per point
  double radius = 3;                // 0: no dots
  bool connect = false;             // join the points in the given order
};
struct XyPlot {
  std::string title, x_label, y_label;
  std::vector<XySeries> series;
  bool x_from_zero = true;   // x range starts at 0 (else at the smallest x)
  bool y_from_zero = false;  // y range starts at 0 (counts)
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
  int digits = 2;                 // decimals of the value printed beside each bar group
};
// Horizontal grouped bars, one row per category, scaled to the largest |value|; negative values
// extend left of a zero line.
std::string bar_chart(const BarChart& chart);

}  // namespace adm::report::svg
