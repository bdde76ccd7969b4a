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
// For coordinates; labels a reader sees use label() or tick_label().
std::string num(double v, int digits = 2);
// A value for a reader: `significant` digits, trailing zeros dropped, scientific ("2.8e-10")
// when |v| < 1e-3 or >= 1e6, so tiny values never print as "0.0000"; "n/a" for NaN.
std::string label(double v, int significant = 3);
// A tick value on an axis whose ticks are `step` apart: as many decimals as the step needs,
// scientific with the step's precision when the step is below 1e-3 or the value 1e6 or more;
// "0" for (numerically) zero.
std::string tick_label(double v, double step);

// Places text labels beside points so that they do not overlap each other or the points already
// placed, inside a box: tries right, left, above and below the point, then further out; a label
// that fits nowhere is placed right of its point. Sizes are estimated from the character count
// (font-size 10-11: 6 px a character, 11 px high).
class LabelPlacer {
 public:
  LabelPlacer(double left, double top, double right, double bottom)
      : left_(left), top_(top), right_(right), bottom_(bottom) {}
  // Reserves a point's dot so that no label covers it.
  void reserve_point(double x, double y, double r);
  struct Placement {
    double x, y;
    const char* anchor;  // "start" or "end"
  };
  Placement place(double x, double y, double r, const std::string& text, double char_w = 6.0);

 private:
  struct Box {
    double x0, y0, x1, y1;
  };
  bool free(const Box& b) const;
  double left_, top_, right_, bottom_;
  std::vector<Box> taken_;
};

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
  int digits = 2;  // unused: tick labels take the decimals their step needs (tick_label)
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
// The same for counts: integer steps only (1, 2, 5 times a power of ten), never a tick at 0.5.
NiceRange nice_integer_range(double lo, double hi, int target = 5);
// Pixels the widest tick label of `r` takes (6.5 px a character at font-size 12).
double tick_label_width(const NiceRange& r);

// Nice upper bound for a bar or axis range: the maximum, or 1 when nothing is positive.
double upper(const std::vector<double>& values);

// A standalone SVG document for embedding inside HTML (drops an <?xml ...?> prolog).
std::string inline_svg(const std::string& document);

}  // namespace adm::report::svg
