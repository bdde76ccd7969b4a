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

namespace {

// %.*g with trailing zeros of the mantissa removed ("2.50e-10" -> "2.5e-10").
std::string trimmed_g(double v, int significant, bool scientific) {
  char buf[48];
  std::snprintf(buf, sizeof buf, scientific ? "%.*e" : "%.*g",
                scientific ? significant - 1 : significant, v);
  std::string s = buf;
  const auto e = s.find('e');
  std::string mantissa = s.substr(0, e), exponent = e == std::string::npos ? "" : s.substr(e);
  if (mantissa.find('.') != std::string::npos) {
    while (mantissa.back() == '0') mantissa.pop_back();
    if (mantissa.back() == '.') mantissa.pop_back();
  }
  // "e-05" -> "e-5", "e+06" -> "e6": shorter, still read by every tool.
  if (!exponent.empty()) {
    const bool negative = exponent[1] == '-';
    std::string digits = exponent.substr(2);
    while (digits.size() > 1 && digits[0] == '0') digits.erase(0, 1);
    exponent = std::string("e") + (negative ? "-" : "") + digits;
  }
  return mantissa + exponent;
}

}  // namespace

std::string label(double v, int significant) {
  if (std::isnan(v)) return "n/a";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == 0) return "0";
  const double a = std::fabs(v);
  significant = std::max(significant, 1);
  if (a < 1e-3 || a >= 1e6) return trimmed_g(v, significant, true);
  // Fixed notation with the decimals `significant` digits need ("2500", "0.75", "0.123").
  const int power = static_cast<int>(std::floor(std::log10(a)));
  std::string s = num(v, std::max(0, significant - 1 - power));
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

std::string tick_label(double v, double step) {
  if (!std::isfinite(v)) return "n/a";
  if (step > 0 && std::fabs(v) < step * 1e-4) return "0";
  const int step_power = step > 0 ? static_cast<int>(std::floor(std::log10(step) + 1e-9)) : 0;
  if (step > 0 && (step < 1e-3 || std::fabs(v) >= 1e6)) {
    // Significant digits down to the step's first digit (and one more for steps like 2.5).
    const int value_power = static_cast<int>(std::floor(std::log10(std::fabs(v)) + 1e-9));
    const double lead = step / std::pow(10.0, step_power);
    const int extra = std::fabs(lead - std::round(lead)) > 1e-6 ? 1 : 0;
    return trimmed_g(v, std::max(1, value_power - step_power + 1 + extra), true);
  }
  // Decimals the step needs (0.25 needs two, 0.5 one, 5 none).
  int digits = 0;
  while (digits < 12 && std::fabs(step * std::pow(10.0, digits) -
                                  std::round(step * std::pow(10.0, digits))) > 1e-6)
    ++digits;
  return num(v, digits) == "-" + num(0, digits) ? num(0, digits) : num(v, digits);
}

void LabelPlacer::reserve_point(double x, double y, double r) {
  taken_.push_back({x - r, y - r, x + r, y + r});
}

bool LabelPlacer::free(const Box& b) const {
  if (b.x0 < left_ || b.x1 > right_ || b.y0 < top_ || b.y1 > bottom_) return false;
  for (const auto& t : taken_)
    if (b.x0 < t.x1 && t.x0 < b.x1 && b.y0 < t.y1 && t.y0 < b.y1) return false;
  return true;
}

LabelPlacer::Placement LabelPlacer::place(double x, double y, double r, const std::string& text,
                                          double char_w) {
  const double w = char_w * static_cast<double>(text.size()), h = 11;
  // Candidates in order of preference, at growing distance from the point: right, left, above,
  // below (text y is its baseline; boxes are the text's extent).
  for (double gap : {3.0, 10.0, 18.0})
    for (int side = 0; side < 4; ++side) {
      double tx = x + r + gap, ty = y + 4;
      const char* anchor = "start";
      Box b{tx, ty - h + 2, tx + w, ty + 2};
      if (side == 1) {
        tx = x - r - gap, anchor = "end";
        b = {tx - w, ty - h + 2, tx, ty + 2};
      } else if (side == 2) {
        tx = x - w / 2, ty = y - r - gap;
        b = {tx, ty - h + 2, tx + w, ty + 2};
      } else if (side == 3) {
        tx = x - w / 2, ty = y + r + gap + h - 2;
        b = {tx, ty - h + 2, tx + w, ty + 2};
      }
      if (free(b)) {
        taken_.push_back(b);
        return {tx, ty, anchor};
      }
    }
  const Box b{x + r + 3, y - 7, x + r + 3 + w, y + 6};
  taken_.push_back(b);
  return {x + r + 3, y + 4, "start"};
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
  const double x_step = (a.x.hi - a.x.lo) / nx, y_step = (a.y.hi - a.y.lo) / ny;
  for (int i = 0; i <= nx; ++i) {
    const double u = a.x.lo + x_step * i;
    d.text(a.x(u), a.bottom() + 16, tick_label(u, x_step), "text-anchor=\"middle\"");
  }
  // The y title sits left of the widest tick label, wherever the plot's margin put the axis.
  double widest = 0;
  for (int i = 0; i <= ny; ++i) {
    const double v = a.y.lo + y_step * i;
    const std::string text = tick_label(v, y_step);
    widest = std::max(widest, 6.5 * static_cast<double>(text.size()));
    d.text(a.left - 6, a.y(v) + 4, text, "text-anchor=\"end\"");
  }
  if (!style.x_label.empty())
    d.text(a.left + a.width / 2, a.bottom() + 38, style.x_label, "text-anchor=\"middle\"");
  if (!style.y_label.empty())
    d.raw("<text transform=\"translate(" + num(a.left - std::max(46.0, widest + 16)) + ' ' +
          num(a.top + a.height / 2) + ") rotate(-90)\" text-anchor=\"middle\">" +
          escape(style.y_label) + "</text>\n");
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

NiceRange nice_integer_range(double lo, double hi, int target) {
  lo = std::floor(lo), hi = std::ceil(hi);
  if (!(hi > lo)) hi = lo + 1;
  const double raw = std::max(1.0, (hi - lo) / std::max(target, 1));
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10 * power;
  for (double m : {1.0, 2.0, 5.0})
    if (m * power >= raw * (1 - 1e-9)) {
      step = m * power;
      break;
    }
  NiceRange r;
  r.lo = std::floor(lo / step) * step;
  r.hi = std::ceil(hi / step) * step;
  r.ticks = std::max(1, static_cast<int>(std::lround((r.hi - r.lo) / step)));
  r.digits = 0;
  return r;
}

double tick_label_width(const NiceRange& r) {
  const double step = (r.hi - r.lo) / std::max(r.ticks, 1);
  std::size_t widest = 1;
  for (int i = 0; i <= r.ticks; ++i)
    widest = std::max(widest, tick_label(r.lo + step * i, step).size());
  return 6.5 * static_cast<double>(widest);
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
