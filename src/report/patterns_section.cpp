#include <algorithm>
#include <cmath>

#include "report/group_tables.hpp"
#include "report/html.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {

std::string patterns_figures(const ResultData& data) {
  const std::string g = "/patterns/mine";
  std::string out;
  const auto delta = data.doubles(g + "/delta");
  if (!delta.empty()) {
    std::vector<std::string> columns;
    for (const char* c : {"pattern", "delta", "divergence", "p_xy", "p_d_xy", "p_d_y"})
      if (data.has(g + "/" + c)) columns.push_back(g + "/" + c);
    out += column_table(data, columns, "Discrimination patterns found, best first");
    data.shown(g + "/key");  // shown as the pattern column's text
    // How many of the listed patterns discriminate by more than delta, over delta.
    double top = 0;
    for (double d : delta) top = std::max(top, std::fabs(d));
    svg::XySeries counts{"", "#1f5fbf", {}, {}, {}, 2.5, true};
    const int steps = 40;
    for (int i = 0; i <= steps; ++i) {
      const double t = (top > 0 ? top : 1.0) * i / steps;
      double n = 0;
      for (double d : delta) n += std::fabs(d) > t ? 1 : 0;
      counts.x.push_back(t), counts.y.push_back(n);
    }
    svg::XyPlot plot;
    plot.title =
        "Patterns with |Delta| > delta (of the " + std::to_string(delta.size()) + " listed)";
    plot.x_label = "delta";
    plot.y_label = "patterns";
    plot.y_from_zero = true;
    plot.y_integer = true;  // a count: ticks at whole patterns
    plot.series = {counts};
    out += html::figure(svg::xy_plot(plot), plot.title);
  }
  // Delta-fair learning, per iteration: patterns constrained so far, patterns the miner found,
  // and (when counted; -1 otherwise) the patterns left in the model.
  const auto constrained = data.doubles("/patterns/fair/constraints");
  if (!constrained.empty()) {
    std::vector<double> iteration;
    for (std::size_t i = 0; i < constrained.size(); ++i)
      iteration.push_back(static_cast<double>(i));
    std::vector<svg::XySeries> series{
        {"constrained", "#1f5fbf", iteration, constrained, {}, 3, true}};
    const auto mined = data.doubles("/patterns/fair/mined");
    if (mined.size() == constrained.size())
      series.push_back({"found by the miner", "#ff7f0e", iteration, mined, {}, 3, true});
    auto remaining = data.doubles("/patterns/fair/remaining");
    bool counted = false;
    for (auto& r : remaining) {
      if (r < 0) r = NAN;  // not counted
      counted = counted || r >= 0;
    }
    if (counted && remaining.size() == constrained.size())
      series.push_back({"remaining", "#d62728", iteration, remaining, {}, 3, true});
    // Series of very different sizes (a few constraints, thousands of patterns left) share one
    // plot only when their largest values are within a factor of 20; otherwise each gets its own
    // axis, where a 0/1 series is not flattened onto the bottom line.
    double small = INFINITY, large = 0;
    for (const auto& s : series) {
      double top = 0;
      for (double v : s.y)
        if (std::isfinite(v)) top = std::max(top, v);
      small = std::min(small, std::max(top, 1.0)), large = std::max(large, top);
    }
    std::vector<std::vector<svg::XySeries>> panels;
    if (large <= 20 * small)
      panels.push_back(series);
    else
      for (const auto& s : series) panels.push_back({s});
    for (const auto& panel : panels) {
      svg::XyPlot plot;
      plot.title = "Delta-fair learning, per iteration" +
                   (panels.size() > 1 ? ": " + panel.front().name : std::string());
      plot.x_label = "iteration";
      plot.y_label = "patterns";
      plot.y_from_zero = true;
      plot.x_integer = plot.y_integer = true;
      plot.series = panel;
      out += html::figure(svg::xy_plot(plot), plot.title);
    }
  }
  return out;
}

}  // namespace adm::report
