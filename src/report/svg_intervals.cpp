#include <algorithm>
#include <cmath>

#include "report/svg.hpp"
#include "report/svg_plots.hpp"

namespace adm::report::svg {
namespace {

double at(const std::vector<double>& v, std::size_t i) { return i < v.size() ? v[i] : NAN; }

}  // namespace

std::string interval_chart(const IntervalChart& c) {
  const std::size_t rows = c.categories.size(), k = std::max<std::size_t>(c.series.size(), 1);
  std::size_t longest = 0;
  for (const auto& name : c.categories) longest = std::max(longest, name.size());
  const double label_w = std::clamp(7.0 * static_cast<double>(longest), 60.0, 260.0);
  const double plot_w = 420, step = 14, row_h = step * static_cast<double>(k) + 10, top = 56;
  const double left = label_w + 20, value_w = 70 * static_cast<double>(k);
  const double width = left + plot_w + 20 + value_w,
               height = top + row_h * static_cast<double>(rows) + 56;
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& s : c.series)
    for (std::size_t i = 0; i < rows; ++i)
      for (double v : {at(s.value, i), at(s.lower, i), at(s.upper, i)})
        if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
  if (!std::isfinite(lo)) lo = 0, hi = 1;
  const NiceRange r = nice_range(lo, hi, 5);
  const Scale x{r.lo, r.hi, left, left + plot_w};
  std::vector<std::pair<std::string, std::string>> legend;
  for (const auto& s : c.series) legend.emplace_back(s.name, s.colour);
  Document d = chart_document(width, height, c.title, left, legend);
  const double bottom = top + row_h * static_cast<double>(rows);
  // Vertical grid lines at the ticks, then the rows on top of them.
  for (int t = 0; t <= r.ticks; ++t) {
    const double u = r.lo + (r.hi - r.lo) * t / r.ticks;
    d.line(x(u), top, x(u), bottom, "stroke=\"#e4e4e4\"");
    d.text(x(u), bottom + 16, tick_label(u, (r.hi - r.lo) / r.ticks), "text-anchor=\"middle\"");
  }
  d.line(left, bottom, left + plot_w, bottom, "stroke=\"black\"");
  d.text(left + plot_w / 2, bottom + 38, c.value_label, "text-anchor=\"middle\"");
  d.open_group("class=\"intervals\"");
  for (std::size_t i = 0; i < rows; ++i) {
    const double y0 = top + row_h * static_cast<double>(i);
    d.text(label_w, y0 + row_h / 2 + 4, c.categories[i], "text-anchor=\"end\"");
    std::string values;
    for (std::size_t j = 0; j < c.series.size(); ++j) {
      const auto& s = c.series[j];
      const double v = at(s.value, i), l = at(s.lower, i), u = at(s.upper, i);
      const double y = y0 + 5 + step * (static_cast<double>(j) + 0.5);
      std::string tip = s.name + ": " + (std::isfinite(v) ? label(v, c.digits) : "n/a");
      if (std::isfinite(l) && std::isfinite(u)) {
        d.line(x(l), y, x(u), y, "stroke=\"" + s.colour + "\" stroke-width=\"2\"");
        d.line(x(l), y - 4, x(l), y + 4, "stroke=\"" + s.colour + "\"");
        d.line(x(u), y - 4, x(u), y + 4, "stroke=\"" + s.colour + "\"");
        tip += " [" + label(l, c.digits) + ", " + label(u, c.digits) + "]";
      }
      if (std::isfinite(v)) d.circle(x(v), y, 4, "fill=\"" + s.colour + "\"", tip);
      values += (j ? " / " : "") + (std::isfinite(v) ? label(v, c.digits) : std::string("n/a"));
    }
    d.text(left + plot_w + 10, y0 + row_h / 2 + 4, values, "font-size=\"10\" fill=\"#555\"");
  }
  d.close_group();
  return d.finish();
}

}  // namespace adm::report::svg
