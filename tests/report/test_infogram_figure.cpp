#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

#include "../lib/count_text.hpp"
#include "methods/infogram/infogram.hpp"
#include "report/result_figures.hpp"

using adm::test::count;
using namespace adm::methods;

namespace {

// The InfoGram's datasets as infogram_stage writes them, and the report's figure of them (the
// one figure drawn both in the report and beside a result).
std::string infogram_svg(const InfogramResult& g, const std::string& title = "") {
  adm::ResultSet r;
  std::vector<std::string> names;
  std::vector<double> rel, net;
  std::vector<std::int64_t> admissible, risky;
  for (const auto& e : g.features) {
    names.push_back(e.name), rel.push_back(e.relevance), net.push_back(e.net);
    admissible.push_back(e.admissible), risky.push_back(e.risky);
  }
  const bool fair = g.mode == InfogramMode::Fair;
  r.add("/infogram/features", names, "Features.");
  r.add("/infogram/relevance", rel, "Relevance.", "fraction");
  r.add("/infogram/net", net,
        std::string("The ") + (fair ? "safety index" : "net information") + " on the plot.",
        "fraction");
  r.add("/infogram/admissible", admissible, "1 outside the L-region.", "flag");
  r.add("/infogram/risky", risky, "1 for a risky feature.", "flag");
  r.add("/infogram/thresholds", std::vector<double>{g.thresholds.relevance, g.thresholds.net},
        "L-region widths.", "fraction");
  const auto doc = adm::report::document_of(r, "/infogram");
  return adm::report::infogram_figure(adm::report::ResultData(doc, ""), title);
}

}  // namespace

TEST_CASE("infogram SVG: structure, labels and coordinates", "[infogram]") {
  const std::vector<std::string> names{"income", "zip<code>", "noise", "CCAvg"};
  const auto g = make_infogram(names, std::vector<double>{1.0, 0.9, 0.02, 0.5},
                               std::vector<double>{0.8, 0.01, 0.3, 1.0}, {}, InfogramMode::Fair);
  const std::string svg = infogram_svg(g, "Thera & Bank");
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(count(svg, "<svg ") == 1);
  CHECK(svg.find("</svg>\n") == svg.size() - 7);
  CHECK(svg.find("Thera &amp; Bank") != std::string::npos);
  CHECK(svg.find("Safety index") != std::string::npos);
  CHECK(svg.find("class=\"l-region\"") != std::string::npos);
  CHECK(count(svg, "<line ") == 2);  // the two threshold lines
  CHECK(count(svg, "<circle ") == 4);
  CHECK(count(svg, "class=\"admissible\"") == 2);
  // Every feature is labelled (issue 28 item 3: an inadmissible proxy must be findable), the
  // inadmissible ones in grey.
  CHECK(svg.find(">income</text>") != std::string::npos);
  CHECK(svg.find(">CCAvg</text>") != std::string::npos);
  CHECK(svg.find("fill=\"#777777\" font-size=\"10\">noise</text>") != std::string::npos);
  CHECK(count(svg, "class=\"label ") == 4);
  CHECK(svg.find("zip&lt;code&gt;") != std::string::npos);
  CHECK(svg.find("zip<code>") == std::string::npos);
  // Balanced elements and every coordinate inside the canvas.
  CHECK(count(svg, "<g ") == count(svg, "</g>"));
  const std::regex coord(R"re(\b(?:x|y|cx|cy|x1|x2|y1|y2)="(-?[0-9.]+)")re");
  std::size_t seen = 0;
  for (std::sregex_iterator it(svg.begin(), svg.end(), coord), end; it != end; ++it, ++seen) {
    const double v = std::stod((*it)[1]);
    CHECK(v >= 0.0);
    CHECK(v <= 560.0);
  }
  CHECK(seen > 20);
  CHECK(infogram_svg(make_infogram({}, {}, {})).empty());  // no features: no figure
}

TEST_CASE("infogram SVG: risky features labelled, points kept off the frame", "[infogram]") {
  // relationship: most relevant, almost no safety (risky); age_group: relevant enough (0.6) and
  // unsafe (risky); noise: unsafe but irrelevant (just inadmissible); income admissible at (0.9,
  // 1).
  const std::vector<std::string> names{"relationship", "income", "age_group", "noise"};
  const auto g = make_infogram(names, std::vector<double>{1.0, 0.9, 0.6, 0.2},
                               std::vector<double>{0.02, 1.0, 0.05, 0.01}, {}, InfogramMode::Fair);
  CHECK(g.risky() == std::vector<std::string>{"relationship", "age_group"});  // by index
  const std::string svg = infogram_svg(g);
  CHECK(count(svg, "<circle class=\"risky\"") == 2);
  CHECK(svg.find("fill=\"#b02020\">relationship</text>") != std::string::npos);
  CHECK(svg.find("fill=\"#b02020\">age_group</text>") != std::string::npos);
  CHECK(svg.find(">noise</text>") != std::string::npos);
  CHECK(svg.find("risky (relevant, unsafe)") != std::string::npos);
  // The axes box of the default 560 x 560 image is x 70..530, y 50..490: no point on its edges.
  const std::regex centre(R"re(cx="([0-9.]+)" cy="([0-9.]+)")re");
  std::size_t points = 0;
  for (std::sregex_iterator it(svg.begin(), svg.end(), centre), end; it != end; ++it, ++points) {
    const double cx = std::stod((*it)[1]), cy = std::stod((*it)[2]);
    CHECK(cx > 70.0 + 5);
    CHECK(cx < 530.0 - 5);
    CHECK(cy > 50.0 + 5);
    CHECK(cy < 490.0 - 5);
  }
  CHECK(points == 4);
  // A core infogram flags nothing risky (low net information there means redundant, not unsafe).
  const auto core = make_infogram(names, std::vector<double>{1.0, 0.9, 0.6, 0.2},
                                  std::vector<double>{0.02, 1.0, 0.05, 0.01});
  CHECK(core.risky().empty());
  CHECK(infogram_svg(core).find("class=\"risky\"") == std::string::npos);
  // The relevance a risky feature needs is a threshold of its own.
  Thresholds strict;
  strict.risky_relevance = 0.8;
  CHECK(make_infogram(names, std::vector<double>{1.0, 0.9, 0.6, 0.2},
                      std::vector<double>{0.02, 1.0, 0.05, 0.01}, strict, InfogramMode::Fair)
            .risky() == std::vector<std::string>{"relationship"});
}
