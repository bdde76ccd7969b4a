// The shared SVG module: escaping, numbers, balanced documents, plots from plain data.
#include <catch2/catch.hpp>
#include <cmath>
#include <regex>
#include <set>

#include "../lib/count_text.hpp"
#include "report/svg.hpp"
#include "report/svg_plots.hpp"

using adm::test::count;
using namespace adm::report::svg;

TEST_CASE("svg: escaping and numbers", "[report]") {
  CHECK(escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;");
  CHECK(escape("plain") == "plain");
  CHECK(num(1.0 / 3) == "0.33");
  CHECK(num(2.0, 0) == "2");
  CHECK(num(-0.001) == "0.00");  // no "-0.00"
  CHECK(num(NAN) == "0");
  const Scale up{0, 10, 100, 0};  // y axis growing upwards
  CHECK(up(0) == 100);
  CHECK(up(10) == 0);
  CHECK(up(5) == 50);
  const Scale clamped{0, 1, 0, 100, true};
  CHECK(clamped(2) == 100);
}

TEST_CASE("svg: documents are balanced and their text escaped", "[report]") {
  Document d(200, 100, "t<1>");
  d.open_group("class=\"g\"").text(1, 2, "x & y").circle(3, 4, 2, "fill=\"red\"", "tip<>");
  const std::string s = d.finish();  // closes the open group itself
  CHECK(s.rfind("<svg ", 0) == 0);
  CHECK(count(s, "<g ") == count(s, "</g>"));
  CHECK(s.find("<title>t&lt;1&gt;</title>") != std::string::npos);
  CHECK(s.find(">x &amp; y</text>") != std::string::npos);
  CHECK(s.find("<title>tip&lt;&gt;</title></circle>") != std::string::npos);
  CHECK(inline_svg("<?xml version=\"1.0\"?>\n<svg/>") == "<svg/>");
}

TEST_CASE("svg: bar chart rows, negative values and labels", "[report]") {
  BarChart c;
  c.title = "phi";
  c.categories = {"a<b", "c", "d"};
  c.series = {{"s", "#123456", {0.5, -0.25, NAN}}};
  const std::string s = bar_chart(c);
  CHECK(count(s, "fill=\"#123456\"") == 3);  // one bar per category (NaN drawn empty)
  CHECK(s.find(">a&lt;b</text>") != std::string::npos);
  CHECK(s.find("n/a") != std::string::npos);
  // The negative bar lies left of the zero line, the positive one right of it.
  const std::regex bar(
      R"re(<rect x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"[^>]*fill="#123456")re");
  std::vector<std::pair<double, double>> bars;
  for (std::sregex_iterator it(s.begin(), s.end(), bar), end; it != end; ++it)
    bars.emplace_back(std::stod((*it)[1]), std::stod((*it)[2]));
  REQUIRE(bars.size() == 3);
  CHECK(bars[0].first == Approx(bars[1].first + bars[1].second));  // both start at zero
  CHECK(bars[0].second == Approx(2 * bars[1].second));
}

TEST_CASE("svg: x-y plot leaves out non-finite points and joins a series", "[report]") {
  XyPlot p;
  p.title = "front";
  p.series = {{"all", "#bbbbbb", {0.1, 0.2, NAN}, {0.3, 0.2, 0.1}, {"e1", "e2", "e3"}, 3, false},
              {"best", "#1f5fbf", {0.1, 0.2}, {0.3, 0.2}, {}, 4, true}};
  const std::string s = xy_plot(p);
  CHECK(count(s, "<circle") == 4);  // 2 + 2: the NaN point is left out
  CHECK(count(s, "<polyline") == 1);
  CHECK(s.find("<title>e2</title>") != std::string::npos);
  CHECK(s.find("<title>e3</title>") == std::string::npos);
  CHECK(s.find("nan") == std::string::npos);
}

TEST_CASE("svg: round tick steps", "[report]") {
  // 0..0.103 in about 5 steps: 0.0206 rounds up to 0.025 (three decimals), five intervals.
  auto r = nice_range(0, 0.103);
  CHECK(r.lo == 0);
  CHECK(r.hi == Approx(0.125));
  CHECK(r.ticks == 5);
  CHECK(r.digits == 3);
  r = nice_range(0, 10);  // step 2
  CHECK(r.hi == 10);
  CHECK(r.ticks == 5);
  CHECK(r.digits == 0);
  r = nice_range(0.383, 0.472);  // step 0.02: 0.38 .. 0.48
  CHECK(r.lo == Approx(0.38));
  CHECK(r.hi == Approx(0.48));
  CHECK(r.ticks == 5);
  CHECK(r.digits == 2);
  r = nice_range(3, 3);  // an empty range becomes [3, 4]
  CHECK(r.lo == 3);
  CHECK(r.hi == 4);
}

namespace {

// The x attributes of the <rect> elements of class `cls` groups, in document order.
std::vector<double> box_x(const std::string& s, const std::string& cls) {
  std::vector<double> xs;
  const std::regex box("<g class=\"" + cls + "\">\\n<rect x=\"([-0-9.]+)\"");
  for (std::sregex_iterator it(s.begin(), s.end(), box), end; it != end; ++it)
    xs.push_back(std::stod((*it)[1]));
  return xs;
}

}  // namespace

TEST_CASE("svg: tree diagram nodes, leaves and labelled edges", "[report]") {
  // income < 60 ? leaf : (colour in {red} ? leaf : leaf)
  TreeDiagram t;
  t.title = "a tree";
  t.nodes = {{"income < 60", "n = 10", 1, 2, -1},
             {"class 0 (0.700)", "n = 4", -1, -1, 0},
             {"colour in {red}", "n = 6", 3, 4, -1},
             {"class 1 (0.800)", "n = 5", -1, -1, 1},
             {"class 0 (1.000)", "n = 1", -1, -1, 0}};
  const std::string s = tree_diagram(t);
  CHECK(count(s, "<g class=\"tree-split\">") == 2);
  CHECK(count(s, "<g class=\"tree-leaf\">") == 3);
  CHECK(count(s, "class=\"tree-edge\"") == 4);
  CHECK(count(s, ">yes</text>") == 2);
  CHECK(count(s, ">no</text>") == 2);
  CHECK(s.find(">income &lt; 60</text>") != std::string::npos);
  CHECK(s.find(">n = 6</text>") != std::string::npos);
  CHECK(count(s, "<g ") == count(s, "</g>"));
  // Leaves left to right in the order they are reached (node 1, 3, 4); the root (slot 0.75)
  // between its children's columns (0 and 1.5), the colour split above its two leaves (1, 2).
  const auto leaves = box_x(s, "tree-leaf"), splits = box_x(s, "tree-split");
  REQUIRE(leaves.size() == 3);
  REQUIRE(splits.size() == 2);
  CHECK(leaves[0] < leaves[1]);
  CHECK(leaves[1] < leaves[2]);
  CHECK(splits[1] == Approx((leaves[1] + leaves[2]) / 2));
  CHECK(splits[0] == Approx((leaves[0] + splits[1]) / 2));
}

TEST_CASE("svg: tree diagram survives cycles, bad indices and long text", "[report]") {
  TreeDiagram t;
  const std::string accented = "\xc3\xa9";  // é, two bytes
  std::string long_label;
  for (int i = 0; i < 20; ++i) long_label += accented;  // 40 bytes
  t.nodes = {{"root", "", 1, 2, -1},
             {long_label, "", 7, 2, -1},  // child 7 does not exist: a leaf
             {"back", "", 0, 1, -1}};     // children already drawn: a leaf
  const std::string s = tree_diagram(t);
  CHECK(count(s, "<g class=\"tree-split\">") == 1);
  CHECK(count(s, "<g class=\"tree-leaf\">") == 2);
  // Shortened to 26 bytes (13 whole characters) and "...", the full text in the tooltip.
  CHECK(s.find(">" + long_label.substr(0, 26) + "...</text>") != std::string::npos);
  CHECK(s.find("<title>" + long_label + "</title>") != std::string::npos);
  CHECK(tree_diagram(TreeDiagram{}).find("</svg>") != std::string::npos);  // empty: a blank plot
}

TEST_CASE("svg: interval chart dots and whiskers", "[report]") {
  IntervalChart c;
  c.title = "scores";
  c.categories = {"m1", "m2", "m3"};
  c.series = {{"accuracy", "#123456", {0.75, 0.5, NAN}, {0.7, NAN, 0.1}, {0.8, 0.6, 0.2}}};
  const std::string s = interval_chart(c);
  CHECK(count(s, "<circle") == 2);             // m3 has no value
  CHECK(count(s, "stroke-width=\"2\"") == 2);  // m1 and m3 have both bounds, m2 has not
  CHECK(s.find("<title>accuracy: 0.75 [0.7, 0.8]</title>") != std::string::npos);
  CHECK(s.find("<title>accuracy: 0.5</title>") != std::string::npos);
  CHECK(s.find(">n/a</text>") != std::string::npos);
  CHECK(s.find("nan") == std::string::npos);
  CHECK(count(s, "<g ") == count(s, "</g>"));
}

TEST_CASE("svg: x-y plot labels its points and wraps its legend", "[report]") {
  XyPlot p;
  p.width = 300;
  for (int i = 0; i < 6; ++i)
    p.series.push_back({"series number " + std::to_string(i),
                        palette(i),
                        {1.0 * i},
                        {1.0},
                        {"p" + std::to_string(i)},
                        3,
                        false,
                        i == 0});
  const std::string s = xy_plot(p);
  CHECK(count(s, "class=\"point-label\"") == 1);
  CHECK(s.find(">p0</text>") != std::string::npos);
  // Six entries of ~140 px in a 300 px plot: one per line, five lines more than one.
  CHECK(s.find("height=\"" + num(400 + 5 * 16) + "\"") != std::string::npos);
  CHECK(palette(0) != palette(1));
  CHECK(palette(10) == palette(0));
}

// Issue 28 item 3: labels a reader can tell apart (tiny values were all "0.0000" and ticks of
// 5e-10 steps ran together as "0.0000000000.0000000005...").
TEST_CASE("svg: significant-digit and scientific labels", "[report]") {
  CHECK(label(0.123456) == "0.123");
  CHECK(label(2.79271e-10) == "2.79e-10");
  CHECK(label(1.5e-4, 2) == "1.5e-4");
  CHECK(label(0) == "0");
  CHECK(label(2500) == "2500");
  CHECK(label(1.25e7) == "1.25e7");
  CHECK(label(NAN) == "n/a");
  CHECK(label(0.75) == "0.75");
  // Ticks: the step's decimals, scientific below 1e-3.
  CHECK(tick_label(0.4, 0.2) == "0.4");
  CHECK(tick_label(0.25, 0.25) == "0.25");
  CHECK(tick_label(1000, 500) == "1000");
  CHECK(tick_label(5e-10, 5e-10) == "5e-10");
  CHECK(tick_label(1.5e-9, 5e-10) == "1.5e-9");
  CHECK(tick_label(0, 5e-10) == "0");
  CHECK(tick_label(1e-12 * 1e-3, 5e-10) == "0");  // round-off of a zero tick
  // Every tick of a tiny range is distinct and short.
  const NiceRange r = nice_range(0, 2.2e-9, 5);
  std::set<std::string> seen;
  for (int i = 0; i <= r.ticks; ++i) {
    const auto t = tick_label(r.lo + (r.hi - r.lo) * i / r.ticks, (r.hi - r.lo) / r.ticks);
    CHECK(t.size() <= 7);
    seen.insert(t);
  }
  CHECK(seen.size() == static_cast<std::size_t>(r.ticks + 1));
}

TEST_CASE("svg: integer axes for counts", "[report]") {
  // A count of 1 gets ticks 0 and 1, never 0.2, 0.4, ...
  const NiceRange one = nice_integer_range(0, 1, 5);
  CHECK(one.lo == 0);
  CHECK(one.hi == 1);
  CHECK(one.ticks == 1);
  const NiceRange many = nice_integer_range(0, 2437, 5);
  CHECK(many.hi == 2500);
  CHECK(many.ticks == 5);
  XyPlot p;
  p.x_integer = p.y_integer = true;
  p.y_from_zero = true;
  p.series = {{"", "#000", {0, 1, 2}, {1, 1, 1}, {}, 3, true}};
  const std::string s = xy_plot(p);
  CHECK(s.find(">0.2</text>") == std::string::npos);
  CHECK(s.find(">0.5</text>") == std::string::npos);
}

TEST_CASE("svg: point labels do not overlap each other or the dots", "[report]") {
  LabelPlacer placer(0, 0, 400, 300);
  std::vector<std::pair<double, double>> points{{100, 100}, {102, 101}, {104, 99}, {101, 103}};
  for (const auto& [x, y] : points) placer.reserve_point(x, y, 3);
  struct Box {
    double x0, y0, x1, y1;
  };
  std::vector<Box> boxes;
  for (const auto& [x, y] : points) {
    const auto at = placer.place(x, y, 3, "label");
    const double w = 6.0 * 5;
    const double x0 = std::string(at.anchor) == "end" ? at.x - w : at.x;
    boxes.push_back({x0, at.y - 9, x0 + w, at.y + 2});
  }
  for (std::size_t i = 0; i < boxes.size(); ++i)
    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
      const auto& a = boxes[i];
      const auto& b = boxes[j];
      CHECK_FALSE((a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1));
    }
  // Four labels near one spot in a plot: every label text appears once, none at the same place.
  XyPlot p;
  p.series = {{"",
               "#000",
               {1, 1.01, 1.02, 1.03},
               {1, 1.01, 1.0, 1.02},
               {"a", "b", "c", "d"},
               3,
               false,
               true}};
  const std::string s = xy_plot(p);
  std::set<std::string> places;
  const std::regex at(R"re(<text x="([0-9.]+)" y="([0-9.]+)" class="point-label")re");
  for (std::sregex_iterator it(s.begin(), s.end(), at), end; it != end; ++it)
    places.insert((*it)[1].str() + "," + (*it)[2].str());
  CHECK(places.size() == 4);
}
