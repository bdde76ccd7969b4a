#include "methods/infogram/infogram_svg.hpp"

#include "report/svg_plots.hpp"

namespace adm::methods {

std::string infogram_svg(const InfogramResult& g, const SvgOptions& o) {
  using Kind = report::svg::InfogramPoint::Kind;
  report::svg::InfogramPlot plot;
  plot.title = o.title;
  plot.fair = g.mode == InfogramMode::Fair;
  plot.relevance_threshold = g.thresholds.relevance;
  plot.net_threshold = g.thresholds.net;
  plot.width = o.width;
  plot.height = o.height;
  for (const auto& e : g.features)
    plot.points.push_back({e.name, e.relevance, e.net,
                           e.admissible ? Kind::Admissible
                           : e.risky    ? Kind::Risky
                                        : Kind::Other});
  return report::svg::infogram(plot);
}

}  // namespace adm::methods
