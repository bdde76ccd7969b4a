#include "report/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace adm::report::svg {

std::string escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
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

std::string num(double v, int digits) {
  if (!std::isfinite(v)) return "0";  // never NaN in a coordinate
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return std::string(buf) == "-0.00" ? "0.00" : buf;
}

double Scale::operator()(double v) const {
  if (clamp) v = std::clamp(v, std::min(lo, hi), std::max(lo, hi));
  const double span = hi - lo;
  return span == 0 ? from : from + (v - lo) / span * (to - from);
}

Document::Document(double width, double height, const std::string& title,
                   const std::string& attributes, bool xml_prolog)
    : width_(width), height_(height) {
  if (xml_prolog) s_ << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  s_ << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\""
     << num(height) << "\" viewBox=\"0 0 " << num(width) << ' ' << num(height) << '"'
     << (attributes.empty() ? "" : " " + attributes) << ">\n";
  if (!title.empty()) s_ << "<title>" << escape(title) << "</title>\n";
  s_ << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
}

Document& Document::raw(const std::string& markup) {
  s_ << markup;
  return *this;
}
Document& Document::open_group(const std::string& attributes) {
  s_ << "<g " << attributes << ">\n";
  ++open_groups_;
  return *this;
}
Document& Document::close_group() {
  if (open_groups_ > 0) {
    s_ << "</g>\n";
    --open_groups_;
  }
  return *this;
}

namespace {
std::string with(const std::string& attributes) {
  return attributes.empty() ? "" : " " + attributes;
}
std::string tooltip_close(const char* element, const std::string& tooltip) {
  return tooltip.empty() ? "/>\n" : "><title>" + escape(tooltip) + "</title></" + element + ">\n";
}
}  // namespace

Document& Document::text(double x, double y, const std::string& content,
                         const std::string& attributes) {
  s_ << "<text x=\"" << num(x) << "\" y=\"" << num(y) << '"' << with(attributes) << '>'
     << escape(content) << "</text>\n";
  return *this;
}
Document& Document::line(double x1, double y1, double x2, double y2,
                         const std::string& attributes) {
  s_ << "<line x1=\"" << num(x1) << "\" y1=\"" << num(y1) << "\" x2=\"" << num(x2) << "\" y2=\""
     << num(y2) << '"' << with(attributes) << "/>\n";
  return *this;
}
Document& Document::circle(double cx, double cy, double r, const std::string& attributes,
                           const std::string& tooltip) {
  s_ << "<circle" << with(attributes) << " cx=\"" << num(cx) << "\" cy=\"" << num(cy) << "\" r=\""
     << num(r) << '"' << tooltip_close("circle", tooltip);
  return *this;
}
Document& Document::rect(double x, double y, double w, double h, const std::string& attributes,
                         const std::string& tooltip) {
  s_ << "<rect x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"" << num(std::max(w, 0.0))
     << "\" height=\"" << num(std::max(h, 0.0)) << '"' << with(attributes)
     << tooltip_close("rect", tooltip);
  return *this;
}
Document& Document::polyline(const std::vector<std::pair<double, double>>& points,
                             const std::string& attributes) {
  s_ << "<polyline" << with(attributes) << " points=\"";
  for (std::size_t i = 0; i < points.size(); ++i)
    s_ << (i ? " " : "") << num(points[i].first) << ',' << num(points[i].second);
  s_ << "\"/>\n";
  return *this;
}

std::string Document::finish() {
  while (open_groups_ > 0) close_group();
  s_ << "</svg>\n";
  return s_.str();
}

Document chart_document(double width, double height, const std::string& title, double left,
                        const std::vector<std::pair<std::string, std::string>>& legend) {
  Document d(width, height, title, "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\"");
  d.text(width / 2, 24, title, "text-anchor=\"middle\" font-size=\"16\"");
  double x = left;
  if (legend.size() > 1)
    for (const auto& [name, colour] : legend) {
      d.rect(x, 34, 12, 12, "fill=\"" + colour + "\"");
      d.text(x + 16, 45, name);
      x += 40 + 6.5 * static_cast<double>(name.size());
    }
  return d;
}

Axes make_axes(double left, double top, double width, double height, double x0, double x1,
               double y0, double y1, double pad, bool clamp) {
  Axes a{left, top, width, height, {}, {}};
  a.x = Scale{x0, x1, left + pad, left + width - pad, clamp};
  a.y = Scale{y0, y1, top + height - pad, top + pad, clamp};
  return a;
}

void draw_axes(Document& d, const Axes& a, const AxisStyle& style) {
  d.open_group("class=\"axes\" font-family=\"sans-serif\" font-size=\"12\" fill=\"black\"");
  if (style.box)
    d.rect(a.left, a.top, a.width, a.height, "fill=\"none\" stroke=\"black\"");
  else
    d.line(a.left, a.bottom(), a.right(), a.bottom(), "stroke=\"black\"")
        .line(a.left, a.top, a.left, a.bottom(), "stroke=\"black\"");
  const auto pick = [](int own, int all) { return own >= 0 ? own : all; };
  const int nx = std::max(pick(style.x_ticks, style.ticks), 1);
  const int ny = std::max(pick(style.y_ticks, style.ticks), 1);
  for (int i = 0; i <= nx; ++i) {
    const double u = a.x.lo + (a.x.hi - a.x.lo) * i / nx;
    d.text(a.x(u), a.bottom() + 16, num(u, pick(style.x_digits, style.digits)),
           "text-anchor=\"middle\"");
  }
  for (int i = 0; i <= ny; ++i) {
    const double v = a.y.lo + (a.y.hi - a.y.lo) * i / ny;
    d.text(a.left - 6, a.y(v) + 4, num(v, pick(style.y_digits, style.digits)),
           "text-anchor=\"end\"");
  }
  if (!style.x_label.empty())
    d.text(a.left + a.width / 2, a.bottom() + 38, style.x_label, "text-anchor=\"middle\"");
  if (!style.y_label.empty())
    d.raw("<text transform=\"translate(" + num(a.left - 46) + ' ' + num(a.top + a.height / 2) +
          ") rotate(-90)\" text-anchor=\"middle\">" + escape(style.y_label) + "</text>\n");
  d.close_group();
}

NiceRange nice_range(double lo, double hi, int target) {
  if (!(hi > lo)) hi = lo + 1;
  const double raw = (hi - lo) / std::max(target, 1);
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10 * power;
  int extra = 0;  // 2.5 needs one more decimal than its power of ten
  for (double m : {1.0, 2.0, 2.5, 5.0})
    if (m * power >= raw * (1 - 1e-9)) {
      step = m * power;
      extra = m == 2.5 ? 1 : 0;
      break;
    }
  NiceRange r;
  r.lo = std::floor(lo / step + 1e-9) * step;
  r.hi = std::ceil(hi / step - 1e-9) * step;
  r.ticks = std::max(1, static_cast<int>(std::lround((r.hi - r.lo) / step)));
  r.digits = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)) + extra);
  return r;
}

double upper(const std::vector<double>& values) {
  double top = 0;
  for (double v : values)
    if (std::isfinite(v)) top = std::max(top, std::fabs(v));
  return top > 0 ? top : 1.0;
}

std::string inline_svg(const std::string& document) {
  const auto at = document.find("<svg");
  return at == std::string::npos ? document : document.substr(at);
}

}  // namespace adm::report::svg
