#include <algorithm>

#include "core/error.hpp"
#include "report/svg.hpp"
#include "report/svg_plots.hpp"

namespace adm::report::svg {
namespace {

struct Style {
  const char* css_class;
  const char* colour;
  int radius;
};
Style style_of(InfogramPoint::Kind kind) {
  switch (kind) {
    case InfogramPoint::Kind::Admissible:
      return {"admissible", "#1f5fbf", 4};
    case InfogramPoint::Kind::Risky:
      return {"risky", "#b02020", 4};
    case InfogramPoint::Kind::Other:
      break;
  }
  return {"inadmissible", "#777777", 3};
}

}  // namespace

std::string infogram(const InfogramPlot& g) {
  if (g.width < 200 || g.height < 200) throw InputError("infogram_svg: the image is too small");
  const std::string title =
      g.title.empty() ? (g.fair ? "Fair InfoGram" : "Core InfoGram") : g.title;
  const double box_x = g.width - 100.0, box_y = g.height - 120.0;
  const Axes a = make_axes(70.0, 50.0, box_x, box_y, 0, 1, 0, 1, 0.04 * std::min(box_x, box_y),
                           /*clamp=*/true);
  const double tr = g.relevance_threshold, tn = g.net_threshold;
  Document d(g.width, g.height, title, "", /*xml_prolog=*/true);
  // L-region: the vertical slice (relevance < t_rel) and the horizontal slice (net < t_net), out
  // to the box edges (the margin beyond 0 belongs to the low side).
  d.open_group("class=\"l-region\" fill=\"#e8a0a0\" fill-opacity=\"0.45\" stroke=\"none\"")
      .rect(a.left, a.top, a.x(tr) - a.left, a.height, "")
      .rect(a.x(tr), a.y(tn), a.right() - a.x(tr), a.bottom() - a.y(tn), "")
      .close_group();
  d.open_group("class=\"thresholds\" stroke=\"#b03030\" stroke-dasharray=\"4 3\"")
      .line(a.x(tr), a.bottom(), a.x(tr), a.top)
      .line(a.left, a.y(tn), a.right(), a.y(tn))
      .close_group();
  AxisStyle axes;
  axes.box = true;
  axes.x_label = "Relevance index";
  axes.y_label = g.fair ? "Safety index" : "Net information";
  draw_axes(d, a, axes);
  d.text(g.width / 2.0, 28, title, "text-anchor=\"middle\" font-size=\"16\"");
  // Features: every one as a dot; admissible and risky ones coloured and named.
  d.open_group("class=\"features\" font-family=\"sans-serif\" font-size=\"11\"");
  bool any_risky = false;
  // Every feature is named (an inadmissible proxy must be findable); labels go where they cover
  // neither another label nor a dot, admissible and risky ones first so they get the best places.
  LabelPlacer placer(a.left + 2, a.top + 2, a.right() - 2, a.bottom() - 2);
  for (const auto& p : g.points) placer.reserve_point(a.x(p.relevance), a.y(p.net), 4);
  std::vector<const InfogramPoint*> order;
  for (const auto& p : g.points) order.push_back(&p);
  std::stable_sort(order.begin(), order.end(), [](const auto* x, const auto* y) {
    return (x->kind != InfogramPoint::Kind::Other) > (y->kind != InfogramPoint::Kind::Other);
  });
  for (const auto& p : g.points) {
    const Style st = style_of(p.kind);
    any_risky = any_risky || p.kind == InfogramPoint::Kind::Risky;
    d.circle(a.x(p.relevance), a.y(p.net), st.radius,
             std::string("class=\"") + st.css_class + "\" fill=\"" + st.colour + "\"", p.name);
  }
  for (const auto* p : order) {
    const Style st = style_of(p->kind);
    const auto at = placer.place(a.x(p->relevance), a.y(p->net), st.radius, p->name);
    d.text(at.x, at.y, p->name,
           std::string("class=\"label ") + st.css_class + "\" text-anchor=\"" + at.anchor +
               "\" fill=\"" + st.colour + "\"" +
               (p->kind == InfogramPoint::Kind::Other ? " font-size=\"10\"" : ""));
  }
  if (any_risky)
    d.text(a.right(), a.top - 6, "red: risky (relevant, unsafe)",
           "class=\"legend\" text-anchor=\"end\" fill=\"#b02020\"");
  d.close_group();
  return d.finish();
}

}  // namespace adm::report::svg
