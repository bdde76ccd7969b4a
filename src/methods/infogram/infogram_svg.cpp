#include "methods/infogram/infogram_svg.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "core/error.hpp"

namespace adm::methods {
namespace {

// Fixed-point numbers: locale-independent and short.
std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// Maps unit-square coordinates into the axes box (left, top, size_x, size_y; y grows upwards),
// inset by `pad` on every side so points at 0 or 1 lie inside the box, not on its edge.
struct Frame {
  double left, top, size_x, size_y, pad;
  double x(double u) const { return left + pad + std::clamp(u, 0.0, 1.0) * (size_x - 2 * pad); }
  double y(double v) const {
    return top + pad + (1.0 - std::clamp(v, 0.0, 1.0)) * (size_y - 2 * pad);
  }
  double right() const { return left + size_x; }
  double bottom() const { return top + size_y; }
};

enum class Kind { Admissible, Risky, Other };

// Admissible features in blue, risky ones in dark red, both labelled; the rest grey dots.
struct Style {
  const char* css_class;
  const char* colour;
  int radius;
  bool labelled;
};
Style style_of(Kind kind) {
  switch (kind) {
    case Kind::Admissible:
      return {"admissible", "#1f5fbf", 4, true};
    case Kind::Risky:
      return {"risky", "#b02020", 4, true};
    case Kind::Other:
      break;
  }
  return {"inadmissible", "#777777", 3, false};
}

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string infogram_svg(const InfogramResult& g, const SvgOptions& o) {
  if (o.width < 200 || o.height < 200) throw InputError("infogram_svg: the image is too small");
  const bool fair = g.mode == InfogramMode::Fair;
  const std::string title = o.title.empty() ? (fair ? "Fair InfoGram" : "Core InfoGram") : o.title;
  const double box_x = o.width - 100.0, box_y = o.height - 120.0;
  const Frame f{70.0, 50.0, box_x, box_y, 0.04 * std::min(box_x, box_y)};
  const double tr = g.thresholds.relevance, tn = g.thresholds.net;
  std::ostringstream s;
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << o.width << "\" height=\"" << o.height
    << "\" viewBox=\"0 0 " << o.width << ' ' << o.height << "\">\n"
    << "<title>" << xml_escape(title) << "</title>\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  // L-region: the vertical slice (relevance < t_rel) and the horizontal slice (net < t_net), out
  // to the box edges (the margin beyond 0 belongs to the low side).
  s << "<g class=\"l-region\" fill=\"#e8a0a0\" fill-opacity=\"0.45\" stroke=\"none\">\n"
    << "<rect x=\"" << num(f.left) << "\" y=\"" << num(f.top) << "\" width=\""
    << num(f.x(tr) - f.left) << "\" height=\"" << num(f.size_y) << "\"/>\n"
    << "<rect x=\"" << num(f.x(tr)) << "\" y=\"" << num(f.y(tn)) << "\" width=\""
    << num(f.right() - f.x(tr)) << "\" height=\"" << num(f.bottom() - f.y(tn)) << "\"/>\n</g>\n";
  s << "<g class=\"thresholds\" stroke=\"#b03030\" stroke-dasharray=\"4 3\">\n"
    << "<line x1=\"" << num(f.x(tr)) << "\" y1=\"" << num(f.bottom()) << "\" x2=\"" << num(f.x(tr))
    << "\" y2=\"" << num(f.top) << "\"/>\n"
    << "<line x1=\"" << num(f.left) << "\" y1=\"" << num(f.y(tn)) << "\" x2=\"" << num(f.right())
    << "\" y2=\"" << num(f.y(tn)) << "\"/>\n</g>\n";
  // Axes box, ticks and labels.
  s << "<g class=\"axes\" font-family=\"sans-serif\" font-size=\"12\" fill=\"black\">\n"
    << "<rect x=\"" << num(f.left) << "\" y=\"" << num(f.top) << "\" width=\"" << num(f.size_x)
    << "\" height=\"" << num(f.size_y) << "\" fill=\"none\" stroke=\"black\"/>\n";
  for (int i = 0; i <= 5; ++i) {
    const double t = i / 5.0;
    s << "<text x=\"" << num(f.x(t)) << "\" y=\"" << num(f.bottom() + 18)
      << "\" text-anchor=\"middle\">" << num(t) << "</text>\n"
      << "<text x=\"" << num(f.left - 8) << "\" y=\"" << num(f.y(t) + 4)
      << "\" text-anchor=\"end\">" << num(t) << "</text>\n";
  }
  s << "<text x=\"" << num(f.x(0.5)) << "\" y=\"" << num(f.bottom() + 42)
    << "\" text-anchor=\"middle\">Relevance index</text>\n"
    << "<text transform=\"translate(" << num(f.left - 45) << ' ' << num(f.y(0.5))
    << ") rotate(-90)\" text-anchor=\"middle\">" << (fair ? "Safety index" : "Net information")
    << "</text>\n"
    << "<text x=\"" << num(o.width / 2.0) << "\" y=\"28\" text-anchor=\"middle\" font-size=\"16\">"
    << xml_escape(title) << "</text>\n</g>\n";
  // Features: every one as a dot; admissible and risky ones coloured and named.
  s << "<g class=\"features\" font-family=\"sans-serif\" font-size=\"11\">\n";
  for (const auto& e : g.features) {
    const double cx = f.x(e.relevance), cy = f.y(e.net);
    const Style st = style_of(e.admissible ? Kind::Admissible
                              : e.risky    ? Kind::Risky
                                           : Kind::Other);
    s << "<circle class=\"" << st.css_class << "\" cx=\"" << num(cx) << "\" cy=\"" << num(cy)
      << "\" r=\"" << st.radius << "\" fill=\"" << st.colour << "\"><title>" << xml_escape(e.name)
      << "</title></circle>\n";
    // Labels of points in the right half sit left of the point so they stay inside the plot;
    // labels of points near the top go below the point.
    const bool left = e.relevance > 0.5;
    const double ly = e.net > 0.95 ? cy + 14 : cy - 6;
    if (st.labelled)
      s << "<text class=\"label " << st.css_class << "\" x=\"" << num(left ? cx - 6 : cx + 6)
        << "\" y=\"" << num(ly) << "\" text-anchor=\"" << (left ? "end" : "start") << "\" fill=\""
        << st.colour << "\">" << xml_escape(e.name) << "</text>\n";
  }
  if (!g.risky().empty())
    s << "<text class=\"legend\" x=\"" << num(f.right()) << "\" y=\"" << num(f.top - 6)
      << "\" text-anchor=\"end\" fill=\"#b02020\">red: risky (relevant, unsafe)</text>\n";
  s << "</g>\n</svg>\n";
  return s.str();
}

}  // namespace adm::methods
