// The HTML report from plain data: escaping of every untrusted string, sections present only for
// stages in the result, unknown groups listed, verdicts with a failing row, balanced markup.
#include <algorithm>
#include <catch2/catch.hpp>
#include <regex>

#include "../lib/balanced_markup.hpp"
#include "../lib/count_text.hpp"
#include "../lib/render_page.hpp"
#include "core/error.hpp"
#include "report/html.hpp"
#include "report/report.hpp"
#include "report/result_data.hpp"
#include "report/verdict_tsv.hpp"

using adm::ResultDocument;
using adm::VerdictRow;
using adm::VerdictTable;
using adm::test::balanced;
using adm::test::count;
using adm::test::render_page;

namespace {
bool has(const std::string& page, const std::string& text) {
  return page.find(text) != std::string::npos;
}
}  // namespace

namespace {

const std::string kHostile = "<script>alert(\"x\")</script>&";

ResultDocument audit_document() {
  ResultDocument d;
  d.file = "results/" + kHostile + ".h5";
  d.attributes = {{"config", "[run]\nname = \"</pre><script>bad()</script>\""},
                  {"git_revision", "abc123"},
                  {"hosts", "node1,node2"},
                  {"pipeline", "all"},
                  {"ranks", "2"},
                  {"version", "0.1.0"}};
  auto& r = d.results;
  r.add("/fairness/metric_names", std::vector<std::string>{"sp", "di_ratio"}, "");
  for (const std::string a : {"/fairness/sex", "/fairness/race"}) {
    r.add(a + "/groups", std::vector<std::string>{"f", kHostile}, "Groups.");
    r.add(a + "/count", std::vector<std::int64_t>{10, 12}, "", "rows");
    r.add(a + "/selection_rate", std::vector<double>{0.5, 0.25}, "", "1");
    r.add(a + "/metrics", std::vector<double>{0.25, 0.5}, "", "1");
    r.add(a + "/ci_lower", std::vector<double>{0.125, 0.375}, "", "1");
    r.add(a + "/ci_upper", std::vector<double>{0.375, 0.625}, "", "1");
  }
  r.add("/infogram/features", std::vector<std::string>{"income", kHostile, "noise"}, "");
  r.add("/infogram/relevance", std::vector<double>{1.0, 0.8, 0.05}, "", "fraction");
  r.add("/infogram/net", std::vector<double>{0.9, 0.05, 0.3}, "The safety index F_j", "fraction");
  r.add("/infogram/admissible", std::vector<std::int64_t>{1, 0, 0}, "", "flag");
  r.add("/infogram/risky", std::vector<std::int64_t>{0, 1, 0}, "", "flag");
  r.add("/infogram/thresholds", std::vector<double>{0.1, 0.1}, "", "fraction");
  r.add("/infogram/admissible_set", std::vector<std::string>{"income"}, "");
  r.add("/data/rows", std::vector<std::int64_t>{22}, "Rows.", "rows");
  r.add("/data/sensitive", std::vector<std::string>{"sex", "race"}, "");
  r.add("/data/groups/sex/levels", std::vector<std::string>{"f", "m"}, "");
  r.add("/data/groups/sex/count", std::vector<std::int64_t>{10, 12}, "", "rows");
  r.add("/data/groups/sex/base_rate", std::vector<double>{0.5, 0.25}, "", "fraction");
  r.add("/mystery/deep/thing", std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, "", "");
  r.add("/timing/total", std::vector<double>{1.25}, "", "s");
  return d;
}

}  // namespace

TEST_CASE("report: untrusted strings are escaped everywhere", "[report]") {
  const std::string page = render_page({audit_document()}, {});
  CHECK(page.find("<script") == std::string::npos);
  CHECK(page.find("</pre><script>") == std::string::npos);
  CHECK(count(page, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;") >= 4);
  CHECK(page.find("&lt;/pre&gt;&lt;script&gt;bad()") != std::string::npos);  // config text
  CHECK(balanced(page));
  CHECK(adm::report::html::escape("a<b") == "a&lt;b");
  CHECK(adm::report::html::anchor("/a b\"<") == "-a-b--");
}

TEST_CASE("report: stage sections, figures and the generic listing", "[report]") {
  const std::string page = render_page({audit_document()}, {});
  CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(page.find("<style>") != std::string::npos);
  // Nothing fetched: no scripts, links, sources or URLs other than the SVG namespace name.
  for (const char* fetch : {"<script", "<link", "src=", "url(", "@import"})
    CHECK(page.find(fetch) == std::string::npos);
  CHECK(count(page, "http") == count(page, "xmlns=\"http://www.w3.org/2000/svg\""));
  // Provenance.
  CHECK(page.find("<td>git_revision</td><td>abc123</td>") != std::string::npos);
  CHECK(page.find("<td>hosts</td><td>node1,node2</td>") != std::string::npos);
  // The data in brief.
  CHECK(page.find("<td>sensitive attributes</td><td>sex, race</td>") != std::string::npos);
  CHECK(page.find("<td>sex</td><td>m</td><td>12</td><td>0.25</td>") != std::string::npos);
  // Both sensitive attributes: rates, metrics with intervals, one chart each.
  CHECK(page.find("Group rates by sex") != std::string::npos);
  CHECK(page.find("Group rates by race") != std::string::npos);
  CHECK(page.find("<td>sp</td><td>0.25</td><td>[0.125, 0.375]</td>") != std::string::npos);
  CHECK(page.find("Rates by race") != std::string::npos);
  // The fair InfoGram (safety axis) with its risky feature.
  CHECK(page.find("Safety index") != std::string::npos);
  CHECK(page.find("class=\"risky\"") != std::string::npos);
  CHECK(page.find("Admissible set (1): income") != std::string::npos);
  // Stages absent from the result have no section.
  CHECK(page.find("Shapley values") == std::string::npos);
  CHECK(page.find("Fair Forests") == std::string::npos);
  // An unknown group is listed with path, shape and first values.
  CHECK(page.find("<td>/mystery/deep/thing</td><td>10</td><td>real</td><td>1, 2, 3, 4, 5, 6, 7, "
                  "8, ...</td>") != std::string::npos);
  // Per attribute a rate chart and a metric interval chart, and the InfoGram.
  CHECK(count(page, "<svg ") == 5);
  CHECK(page.find("<title>Fairness metrics by race</title>") != std::string::npos);
  CHECK(count(page, "<svg ") == count(page, "</svg>"));
  CHECK(balanced(page));
  // Two results: ids stay unique.
  const std::string two = render_page({audit_document(), audit_document()}, {});
  std::regex id(R"re(id="([^"]+)")re");
  std::vector<std::string> ids;
  for (std::sregex_iterator it(two.begin(), two.end(), id), end; it != end; ++it)
    ids.push_back((*it)[1]);
  std::sort(ids.begin(), ids.end());
  CHECK(std::adjacent_find(ids.begin(), ids.end()) == ids.end());
  CHECK(ids.size() > 10);
}

TEST_CASE("report: verdicts in four states, per paper, as the terminal says", "[report]") {
  VerdictTable verdicts{
      {"faircorels", "Table 2: accuracy", "out/faircorels/r.h5", "/rulelist/best/accuracy", "0.67",
       "0.66", "within 0.02", true, ""},
      {"infogram", "Fig. 4 admissible set", "out/infogram/r.h5", "/infogram/admissible_set",
       "{a<b}", "{c}", "equal set", false, "seed differs & so does the set"},
      {"infogram", "Fig. 5 rows", "out/infogram/r.h5", "/data/rows", "3", "4", "equal", false, ""},
      // Shown for information (another scale): never "holds", even with holds set.
      {"shapley", "Table 1 phi_D", "out/shapley/s.h5", "/shapley/phi_d[0]", "689.667", "2.7927",
       "information", true, ""}};
  verdicts[3].compared = false;
  CHECK(adm::verdict_state(verdicts[3]) == adm::VerdictState::NotCompared);
  adm::report::ReportOptions options;
  options.verdicts = &verdicts;
  options.papers = {{"infogram", "InfoGram and admissible machine learning", "Mukhopadhyay",
                     "Machine Learning, 2022"}};
  options.base_dir = "out";
  options.run_name = "reproduction in out";
  options.written = "2026-12-05 20:00 UTC";
  options.version = "0.1.0 (abc)";
  const std::string page = render_report({}, options);
  // The summary line is the terminal's (core/verdict.hpp), for the page and per paper.
  CHECK(adm::verdict_summary(verdicts) ==
        "4 figures: 1 hold, 1 differ with an explanation, 1 differ without one, 1 not compared");
  CHECK(has(page, adm::verdict_summary(verdicts)));
  CHECK(count(page, "<tr class=\"holds\">") == 1);
  CHECK(count(page, "<tr class=\"explained\">") == 1);
  CHECK(count(page, "<tr class=\"fails\">") == 1);
  CHECK(count(page, "<tr class=\"not-compared\">") == 1);
  CHECK(has(page, "<td>689.667</td><td>2.7927</td><td>information</td><td>not compared</td>"));
  CHECK(has(page,
            "<td>{a&lt;b}</td><td>{c}</td><td>equal set</td><td>differs, explained</td>"
            "<td>seed differs &amp; so does the set</td>"));
  CHECK(has(page, "<td>differs, unexplained</td>"));
  // Per paper: its title, authors and venue; the rows of each paper under it.
  CHECK(has(page, "Paper infogram: InfoGram and admissible machine learning</h3>"));
  CHECK(has(page, "Mukhopadhyay. Machine Learning, 2022"));
  CHECK(has(page, "Paper shapley</h3>"));
  // Result paths relative to the folder; the run line at the top.
  CHECK(has(page, "<td>infogram/r.h5 /infogram/admissible_set</td>"));
  CHECK_FALSE(has(page, "out/infogram/r.h5"));
  CHECK(has(page,
            "Run: reproduction in out · written 2026-12-05 20:00 UTC · admissible 0.1.0 (abc)"));
  CHECK(balanced(page));
  const VerdictTable good{verdicts[0]};
  options.verdicts = &good;
  CHECK(
      has(render_report({}, options),
          "1 figures: 1 hold, 0 differ with an explanation, 0 differ without one, 0 not compared"));
}

TEST_CASE("report: a path is shown relative to the folder only when inside it", "[report]") {
  using adm::report::path_relative_to;
  CHECK(path_relative_to("out/a/b.h5", "out") == "a/b.h5");
  CHECK(path_relative_to("out/a/b.h5", "out/") == "a/b.h5");
  CHECK(path_relative_to("other/b.h5", "out") == "other/b.h5");
  CHECK(path_relative_to("out/a/b.h5", "") == "out/a/b.h5");
}

TEST_CASE("report: the balance check itself catches an unclosed tag", "[report]") {
  CHECK(balanced("<p><b>x</b></p>"));
  CHECK_FALSE(balanced("<p><b>x</p>"));
  CHECK_FALSE(balanced("<table><tr><td>x</td></tr>"));
}

TEST_CASE("report: verdict TSV", "[report]") {
  const std::string header =
      "paper\tfigure\tresult\tpath\tours\tpublished\tcomparison\tholds\texplanation\n";
  const auto t = adm::report::parse_verdicts_tsv(
      header + "p\tf\tr.h5\t/x\t1\t2\twithin 1\t0\twhy\np2\tf2\tr.h5\t/y\ta\ta\tequal\ttrue\t\n",
      "v.tsv");
  REQUIRE(t.size() == 2);
  CHECK_FALSE(t[0].holds);
  CHECK(t[0].explanation == "why");
  CHECK(t[1].holds);
  const auto n = adm::report::parse_verdicts_tsv(header + "p\tf\tr\tx\t1\t2\tinfo\t-\t\n", "v.tsv");
  CHECK(adm::verdict_state(n.at(0)) == adm::VerdictState::NotCompared);
  CHECK_THROWS_WITH(adm::report::parse_verdicts_tsv("paper\tfigure\n", "v.tsv"),
                    Catch::Contains("v.tsv:1: the header"));
  CHECK_THROWS_WITH(adm::report::parse_verdicts_tsv(header + "p\tf\n", "v.tsv"),
                    Catch::Contains("v.tsv:2: expected 9 tab-separated fields, found 2"));
  CHECK_THROWS_WITH(
      adm::report::parse_verdicts_tsv(header + "p\tf\tr\tx\t1\t2\tc\tyes\te\n", "v.tsv"),
      Catch::Contains("holds must be 1, 0, true, false or - (not compared), not 'yes'"));
  CHECK_THROWS_AS(adm::report::parse_verdicts_tsv("", "v.tsv"), adm::InputError);
}

TEST_CASE("report: rule-list Pareto front, patterns and Fair Forests sections", "[report]") {
  ResultDocument d;
  d.file = "r.h5";
  auto& r = d.results;
  r.add("/rulelist/best/rule_list", std::vector<std::string>{"if priors>3 then yes\nelse no"}, "");
  r.add("/rulelist/pareto/sp/epsilon", std::vector<double>{0.9, 0.95, 1.0}, "", "");
  r.add("/rulelist/pareto/sp/test_error", std::vector<double>{0.3, 0.32, 0.35}, "", "");
  r.add("/rulelist/pareto/sp/test_unfairness", std::vector<double>{0.1, 0.12, 0.0}, "", "");
  r.add("/rulelist/pareto/sp/front", std::vector<std::int64_t>{2, 0}, "", "");
  r.add("/patterns/mine/pattern", std::vector<std::string>{"x=1 | y=0", "x=0"}, "");
  r.add("/patterns/mine/delta", std::vector<double>{0.2, -0.05}, "", "1");
  r.add("/patterns/fair/constraints", std::vector<std::int64_t>{0, 1, 2}, "", "1");
  r.add("/patterns/fair/mined", std::vector<std::int64_t>{2, 1, 0}, "", "1");
  r.add("/patterns/fair/remaining", std::vector<std::int64_t>{-1, -1, -1}, "", "1");
  r.add("/fairforest/model_names", std::vector<std::string>{"RF", "RF_F"}, "");
  r.add("/fairforest/models/RF/accuracy", std::vector<double>{0.75, 0.7, 0.8}, "", "");
  r.add("/fairforest/models/RF_F/accuracy", std::vector<double>{0.72, 0.68, 0.76}, "", "");
  r.add("/fairforest/features", std::vector<std::string>{"age", "job"}, "");
  r.add("/fairforest/importance/standard", std::vector<double>{0.6, 0.4}, "", "1");
  r.add("/fairforest/importance/fair", std::vector<double>{0.1, 0.9}, "", "1");
  const std::string page = render_page({d}, {});
  CHECK(balanced(page));
  CHECK(page.find("<pre>if priors&gt;3 then yes\nelse no</pre>") != std::string::npos);
  CHECK(page.find("FairCORELS Pareto front (sp)") != std::string::npos);
  CHECK(count(page, "<polyline") == 4);  // the front, pattern counts, constrained and found
  CHECK(page.find("Patterns with |Delta| &gt; delta (of the 2 listed)") != std::string::npos);
  CHECK(page.find("font-size=\"11\">remaining</text>") == std::string::npos);  // -1: not drawn
  CHECK(page.find("font-size=\"11\">constrained</text>") != std::string::npos);
  CHECK(page.find("<td>RF_F</td><td>0.72 [0.68, 0.76]</td>") != std::string::npos);
  CHECK(page.find("Feature importance (MDI share)") != std::string::npos);
  CHECK(page.find("<title>Fair Forests: accuracy per model</title>") != std::string::npos);
  CHECK(count(page, "<svg ") == 5);
}
