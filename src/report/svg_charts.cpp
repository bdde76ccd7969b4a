#include <algorithm>
#include <cmath>

#include "report/svg.hpp"
#include "report/svg_plots.hpp"

namespace adm::report::svg {

const std::string& palette(std::size_t i) {
  static const std::string colours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                        "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  return colours[i % (sizeof colours / sizeof colours[0])];
}

std::string xy_plot(const XyPlot& p) {
  // The legend (series with a name) sits in a strip below the x axis title. The right margin
  // holds half of the last x tick label (up to ~9 characters of a scientific tick).
  const double right = 34, top = 40, bottom = 68;
  double x0 = p.x_from_zero ? 0.0 : INFINITY, x1 = -INFINITY;
  double y0 = p.y_from_zero ? 0.0 : INFINITY, y1 = -INFINITY;
  for (const auto& s : p.series)
    for (std::size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i) {
      if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
      x0 = std::min(x0, s.x[i]), x1 = std::max(x1, s.x[i]);
      y0 = std::min(y0, s.y[i]), y1 = std::max(y1, s.y[i]);
    }
  if (!std::isfinite(x0) || !std::isfinite(x1)) x0 = 0, x1 = 1;
  if (!std::isfinite(y0) || !std::isfinite(y1)) y0 = 0, y1 = 1;
  // Legend entries wrap onto further lines below the plot when they do not fit on one.
  std::vector<std::pair<double, double>> legend;  // (x, line) per series
  const double legend_left = 64;
  double legend_x = legend_left;
  int legend_lines = 1;
  for (const auto& s : p.series) {
    const double w = 24 + 6.5 * static_cast<double>(s.name.size());
    if (!s.name.empty() && legend_x > legend_left && legend_x + w > p.width - right)
      legend_x = legend_left, ++legend_lines;
    legend.emplace_back(legend_x, legend_lines - 1);
    if (!s.name.empty()) legend_x += w;
  }
  const double extra = 16.0 * (legend_lines - 1), height = p.height + extra;
  const NiceRange nx = p.x_integer ? nice_integer_range(x0, x1, 5) : nice_range(x0, x1, 5);
  const NiceRange ny = p.y_integer ? nice_integer_range(y0, y1, 5) : nice_range(y0, y1, 5);
  // The left margin fits the widest y tick label and the rotated y title beside it.
  const double left = std::max(64.0, tick_label_width(ny) + 34);
  // Points on the frame's edges stay visible: a small inset inside the box.
  const Axes a = make_axes(left, top, p.width - left - right, p.height - top - bottom, nx.lo, nx.hi,
                           ny.lo, ny.hi, 4.0);
  Document d(p.width, height, p.title, "font-family=\"sans-serif\" font-size=\"12\"");
  d.text(p.width / 2, 22, p.title, "text-anchor=\"middle\" font-size=\"14\"");
  AxisStyle axes;
  axes.x_ticks = nx.ticks, axes.y_ticks = ny.ticks;
  axes.x_digits = nx.digits, axes.y_digits = ny.digits;
  axes.x_label = p.x_label;
  axes.y_label = p.y_label;
  draw_axes(d, a, axes);
  // Point labels avoid each other and every dot: all dots are reserved first.
  LabelPlacer placer(a.left, a.top, a.right() + right - 2, a.bottom());
  for (const auto& s : p.series)
    for (std::size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i)
      if (s.radius > 0 && std::isfinite(s.x[i]) && std::isfinite(s.y[i]))
        placer.reserve_point(a.x(s.x[i]), a.y(s.y[i]), s.radius);
  for (std::size_t si = 0; si < p.series.size(); ++si) {
    const auto& s = p.series[si];
    d.open_group("class=\"series\"");
    std::vector<std::pair<double, double>> line;
    const std::size_t n = std::min(s.x.size(), s.y.size());
    for (std::size_t i = 0; i < n; ++i)
      if (std::isfinite(s.x[i]) && std::isfinite(s.y[i]))
        line.emplace_back(a.x(s.x[i]), a.y(s.y[i]));
    if (s.connect && !line.empty())
      d.polyline(line, "fill=\"none\" stroke=\"" + s.colour + "\" stroke-width=\"2\"");
    if (s.radius > 0)
      for (std::size_t i = 0, k = 0; i < n; ++i) {
        if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
        d.circle(line[k].first, line[k].second, s.radius, "fill=\"" + s.colour + "\"",
                 i < s.labels.size() ? s.labels[i] : "");
        if (s.show_labels && i < s.labels.size()) {
          const auto at = placer.place(line[k].first, line[k].second, s.radius, s.labels[i]);
          d.text(at.x, at.y, s.labels[i],
                 std::string("class=\"point-label\" font-size=\"10\" text-anchor=\"") + at.anchor +
                     "\" fill=\"" + s.colour + "\"");
        }
        ++k;
      }
    if (!s.name.empty()) {
      const double lx = legend[si].first, ly = p.height - 16 + 16 * legend[si].second;
      d.rect(lx, ly, 10, 10, "fill=\"" + s.colour + "\"");
      d.text(lx + 14, ly + 9, s.name, "font-size=\"11\"");
    }
    d.close_group();
  }
  return d.finish();
}

std::string bar_chart(const BarChart& c) {
  const std::size_t rows = c.categories.size(), k = std::max<std::size_t>(c.series.size(), 1);
  std::size_t longest = 0;
  for (const auto& name : c.categories) longest = std::max(longest, name.size());
  const double label_w = std::clamp(7.0 * static_cast<double>(longest), 60.0, 260.0);
  const double bar_w = 420, bar_h = std::max(6.0, 18.0 / static_cast<double>(k));
  const double row_h = bar_h * static_cast<double>(k) + 8, top = 60, left = label_w + 20;
  const double width = left + bar_w + 40 + 45 * static_cast<double>(k),
               height = top + row_h * static_cast<double>(rows) + 50;
  std::vector<double> all;
  bool negative = false;
  for (const auto& s : c.series)
    for (double v : s.values) all.push_back(v), negative = negative || v < 0;
  const double top_value = upper(all);
  // With negative values the zero line sits in the middle.
  const Scale x{negative ? -top_value : 0.0, top_value, left, left + bar_w};
  std::vector<std::pair<std::string, std::string>> legend;
  for (const auto& s : c.series) legend.emplace_back(s.name, s.colour);
  Document d = chart_document(width, height, c.title, left, legend);
  d.open_group("class=\"bars\"");
  for (std::size_t i = 0; i < rows; ++i) {
    const double y = top + row_h * static_cast<double>(i);
    d.text(label_w, y + row_h / 2 + 2, c.categories[i], "text-anchor=\"end\"");
    std::string values;
    double end = x(0);
    for (std::size_t j = 0; j < c.series.size(); ++j) {
      const double v = i < c.series[j].values.size() ? c.series[j].values[i] : NAN;
      const double vv = std::isfinite(v) ? v : 0.0;
      const double a = x(std::min(vv, 0.0)), b = x(std::max(vv, 0.0));
      d.rect(a, y + 3 + bar_h * static_cast<double>(j), b - a, bar_h - 1,
             "fill=\"" + c.series[j].colour + "\"", label(v, c.digits));
      end = std::max(end, b);
      values += (j ? " / " : "") + label(v, c.digits);
    }
    d.text(end + 4, y + row_h / 2 + 2, values, "font-size=\"10\" fill=\"#555\"");
  }
  d.close_group();
  const double axis_y = top + row_h * static_cast<double>(rows) + 4;
  d.line(left, axis_y, left + bar_w, axis_y, "stroke=\"black\"");
  if (negative) d.line(x(0), top, x(0), axis_y, "stroke=\"#999\"");
  d.text(left + bar_w / 2, axis_y + 30, c.value_label, "text-anchor=\"middle\"");
  return d.finish();
}

}  // namespace adm::report::svg
