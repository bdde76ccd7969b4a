#pragma once
// The one place that writes SVG: a document with its primitives (text, lines, circles, rectangles,
// polylines, groups), every text escaped, every number in a fixed, locale-independent form; and
// axes that map data coordinates to pixels. The plots (svg_plots.hpp) and every pipeline's figure
// are built from these.
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace adm::report::svg {

// Text escaped for XML/HTML character data and attribute values.
std::string escape(const std::string& text);
// Fixed-point numbers with `digits` decimals ("%.2f" by default): locale-independent and short.
std::string num(double v, int digits = 2);

// Linear map of the data interval [lo, hi] onto the pixel interval [from, to] (to < from for a y
// axis growing upwards); values outside [lo, hi] are clamped when `clamp` is set.
struct Scale {
  double lo = 0, hi = 1, from = 0, to = 1;
  bool clamp = false;
  double operator()(double v) const;
};

class Document {
 public:
  // Opens <svg> with width, height and a viewBox; `attributes` go on the <svg> element (e.g.
  // font-family); `title` (may be empty) becomes its <title>; a white background is drawn.
  Document(double width, double height, const std::string& title,
           const std::string& attributes = "", bool xml_prolog = false);
  // Raw markup (already escaped) for what the primitives below do not cover.
  Document& raw(const std::string& markup);
  Document& open_group(const std::string& attributes);
  Document& close_group();
  Document& text(double x, double y, const std::string& content,
                 const std::string& attributes = "");
  Document& line(double x1, double y1, double x2, double y2, const std::string& attributes = "");
  // `tooltip` (may be empty) becomes a child <title>.
  Document& circle(double cx, double cy, double r, const std::string& attributes,
                   const std::string& tooltip = "");
  Document& rect(double x, double y, double w, double h, const std::string& attributes,
                 const std::string& tooltip = "");
  Document& polyline(const std::vector<std::pair<double, double>>& points,
                     const std::string& attributes);
  double width() const { return width_; }
  double height() const { return height_; }
  std::string finish();  // closes </svg>; returns the document

 private:
  std::ostringstream s_;
  double width_, height_;
  int open_groups_ = 0;
};

// A chart document with its title centred at the top and, for two or more entries (name,
// colour), a legend line of coloured keys below it starting at x = `left`.
Document chart_document(double width, double height, const std::string& title, double left,
                        const std::vector<std::pair<std::string, std::string>>& legend);

// A plot box at (left, top) of size (width, height) with data scales on both axes.
struct Axes {
  double left, top, width, height;
  Scale x, y;
  double right() const { return left + width; }
  double bottom() const { return top + height; }
};
// Axes for data ranges [x0, x1] x [y0, y1] drawn in the given box, inset by `pad` pixels on every
// side (so points at the ends stay off the frame).
Axes make_axes(double left, double top, double width, double height, double x0, double x1,
               double y0, double y1, double pad = 0.0, bool clamp = false);

struct AxisStyle {
  int ticks = 5;   // intervals per axis (ticks + 1 labels), unless x_ticks / y_ticks are set
  int digits = 2;  // decimals of tick labels, unless x_digits / y_digits are set
  int x_ticks = -1, y_ticks = -1, x_digits = -1, y_digits = -1;
  bool box = false;  // full frame (true) or only the bottom and left lines
  std::string x_label, y_label;
};
// Frame (or x and y axis lines), tick labels and axis titles.
void draw_axes(Document& d, const Axes& a, const AxisStyle& style);

// A data range widened to round tick steps (1, 2, 2.5 or 5 times a power of ten), about
// `target` intervals, with the decimals their labels need.
struct NiceRange {
  double lo, hi;
  int ticks, digits;
};
NiceRange nice_range(double lo, double hi, int target = 5);

// Nice upper bound for a bar or axis range: the maximum, or 1 when nothing is positive.
double upper(const std::vector<double>& values);

// A standalone SVG document for embedding inside HTML (drops an <?xml ...?> prolog).
std::string inline_svg(const std::string& document);

}  // namespace adm::report::svg
