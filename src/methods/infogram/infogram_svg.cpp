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

// Maps unit-square coordinates to the plot area inside the margins (y grows upwards).
struct Frame {
  double left, top, size_x, size_y;
  double x(double u) const { return left + std::clamp(u, 0.0, 1.0) * size_x; }
  double y(double v) const { return top + (1.0 - std::clamp(v, 0.0, 1.0)) * size_y; }
};

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
  const Frame f{70.0, 50.0, o.width - 100.0, o.height - 120.0};
  const double tr = g.thresholds.relevance, tn = g.thresholds.net;
  std::ostringstream s;
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << o.width << "\" height=\"" << o.height
    << "\" viewBox=\"0 0 " << o.width << ' ' << o.height << "\">\n"
    << "<title>" << xml_escape(title) << "</title>\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  // L-region: the vertical slice (relevance < t_rel) and the horizontal slice (net < t_net).
  s << "<g class=\"l-region\" fill=\"#e8a0a0\" fill-opacity=\"0.45\" stroke=\"none\">\n"
    << "<rect x=\"" << num(f.x(0)) << "\" y=\"" << num(f.y(1)) << "\" width=\""
    << num(f.x(tr) - f.x(0)) << "\" height=\"" << num(f.y(0) - f.y(1)) << "\"/>\n"
    << "<rect x=\"" << num(f.x(tr)) << "\" y=\"" << num(f.y(tn)) << "\" width=\""
    << num(f.x(1) - f.x(tr)) << "\" height=\"" << num(f.y(0) - f.y(tn)) << "\"/>\n</g>\n";
  s << "<g class=\"thresholds\" stroke=\"#b03030\" stroke-dasharray=\"4 3\">\n"
    << "<line x1=\"" << num(f.x(tr)) << "\" y1=\"" << num(f.y(0)) << "\" x2=\"" << num(f.x(tr))
    << "\" y2=\"" << num(f.y(1)) << "\"/>\n"
    << "<line x1=\"" << num(f.x(0)) << "\" y1=\"" << num(f.y(tn)) << "\" x2=\"" << num(f.x(1))
    << "\" y2=\"" << num(f.y(tn)) << "\"/>\n</g>\n";
  // Axes box, ticks and labels.
  s << "<g class=\"axes\" font-family=\"sans-serif\" font-size=\"12\" fill=\"black\">\n"
    << "<rect x=\"" << num(f.x(0)) << "\" y=\"" << num(f.y(1)) << "\" width=\"" << num(f.size_x)
    << "\" height=\"" << num(f.size_y) << "\" fill=\"none\" stroke=\"black\"/>\n";
  for (int i = 0; i <= 5; ++i) {
    const double t = i / 5.0;
    s << "<text x=\"" << num(f.x(t)) << "\" y=\"" << num(f.y(0) + 18)
      << "\" text-anchor=\"middle\">" << num(t) << "</text>\n"
      << "<text x=\"" << num(f.x(0) - 8) << "\" y=\"" << num(f.y(t) + 4)
      << "\" text-anchor=\"end\">" << num(t) << "</text>\n";
  }
  s << "<text x=\"" << num(f.x(0.5)) << "\" y=\"" << num(f.y(0) + 42)
    << "\" text-anchor=\"middle\">Relevance index</text>\n"
    << "<text transform=\"translate(" << num(f.x(0) - 45) << ' ' << num(f.y(0.5))
    << ") rotate(-90)\" text-anchor=\"middle\">" << (fair ? "Safety index" : "Net information")
    << "</text>\n"
    << "<text x=\"" << num(o.width / 2.0) << "\" y=\"28\" text-anchor=\"middle\" font-size=\"16\">"
    << xml_escape(title) << "</text>\n</g>\n";
  // Features: every one as a dot; admissible ones in blue with their name.
  s << "<g class=\"features\" font-family=\"sans-serif\" font-size=\"11\">\n";
  for (const auto& e : g.features) {
    const double cx = f.x(e.relevance), cy = f.y(e.net);
    s << "<circle class=\"" << (e.admissible ? "admissible" : "inadmissible") << "\" cx=\""
      << num(cx) << "\" cy=\"" << num(cy) << "\" r=\"" << (e.admissible ? 4 : 3) << "\" fill=\""
      << (e.admissible ? "#1f5fbf" : "#777777") << "\"><title>" << xml_escape(e.name)
      << "</title></circle>\n";
    // Labels of points in the right half sit left of the point so they stay inside the plot.
    const bool left = e.relevance > 0.5;
    if (e.admissible)
      s << "<text class=\"label\" x=\"" << num(left ? cx - 6 : cx + 6) << "\" y=\"" << num(cy - 6)
        << "\" text-anchor=\"" << (left ? "end" : "start") << "\" fill=\"#1f5fbf\">"
        << xml_escape(e.name) << "</text>\n";
  }
  s << "</g>\n</svg>\n";
  return s.str();
}

}  // namespace adm::methods
