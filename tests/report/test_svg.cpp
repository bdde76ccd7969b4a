// The shared SVG module: escaping, numbers, balanced documents, plots from plain data.
#include <catch2/catch.hpp>
#include <cmath>
#include <regex>

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
