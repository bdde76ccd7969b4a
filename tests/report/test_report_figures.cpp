// The report's figures per stage, from hand-made results: a models stage with a stored CART tree
// (numeric and categorical splits) and a lasso, a Shapley stage with its utility sweep, ALFA,
// information measures and Fair Forests metrics with intervals. Each stage's section is cut out
// of the page and its plots counted and identified by their titles.
#include <catch2/catch.hpp>
#include <cmath>

#include "../lib/balanced_markup.hpp"
#include "../lib/count_text.hpp"
#include "../lib/render_page.hpp"
#include "report/report.hpp"

using adm::ResultDocument;
using adm::test::balanced;
using adm::test::count;
using adm::test::render_page;

namespace {

// The part of the page from the stage heading <h3>title</h3> to the next <h3> (or the end).
std::string stage(const std::string& page, const std::string& title) {
  const auto at = page.find("<h3>" + title + "</h3>");
  if (at == std::string::npos) return "";
  const auto end = page.find("<h3>", at + 4);
  return page.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

bool has(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

// A tree on (income, colour): income < 60.5 ? leaf : (colour in {red, green} ? leaf : leaf),
// stored as learn/tree_export.hpp writes it.
void add_tree(adm::ResultSet& r, const std::string& g) {
  const double nan = std::nan("");
  r.add(g + "/feature", std::vector<std::int64_t>{0, -1, 1, -1, -1}, "", "");
  r.add(g + "/threshold", std::vector<double>{60.5, nan, nan, nan, nan}, "", "");
  r.add(g + "/go_left",
        std::vector<std::int64_t>{-1, -1, -1, -1, -1, -1, 1, 0, 1, -1, -1, -1, -1, -1, -1}, "", "",
        {5, 3});
  r.add(g + "/left", std::vector<std::int64_t>{1, -1, 3, -1, -1}, "", "");
  r.add(g + "/right", std::vector<std::int64_t>{2, -1, 4, -1, -1}, "", "");
  r.add(g + "/n", std::vector<std::int64_t>{100, 40, 60, 45, 15}, "", "rows");
  r.add(g + "/value", std::vector<double>{0.5, 0.5, 0.8, 0.2, 0.3, 0.7, 0.25, 0.75, 0.6, 0.4}, "",
        "", {5, 2});
  r.add(g + "/feature_names", std::vector<std::string>{"income", "colour"}, "");
  r.add(g + "/level_names", std::vector<std::string>{"red", "blue", "green"}, "");
  r.add(g + "/level_offsets", std::vector<std::int64_t>{0, 0, 3}, "", "index");
}

ResultDocument models_document() {
  ResultDocument d;
  d.file = "models.h5";
  auto& r = d.results;
  r.add("/models/names", std::vector<std::string>{"T", "L"}, "");
  for (const std::string m : {"T", "L"}) {
    const std::string b = "/models/" + m;
    r.add(b + "/kind", std::vector<std::string>{m == "T" ? "tree" : "lasso"}, "");
    r.add(b + "/features", std::vector<std::string>{"income", "colour"}, "");
    r.add(b + "/accuracy", std::vector<double>{0.7, 0.8, 0.75}, "", "fraction");
    r.add(b + "/auc", std::vector<double>{0.8, 0.9, 0.85}, "", "probability");
    r.add(b + "/importance", std::vector<double>{2, 1}, "", "");
    r.add(b + "/alfa/alpha", std::vector<double>{m == "T" ? 0.0125 : 0.0}, "", "bits");
    r.add(b + "/alfa/p_value", std::vector<double>{0.04}, "", "probability");
  }
  add_tree(r, "/models/T/tree");
  r.add("/models/target_levels", std::vector<std::string>{"paid", "default"}, "");
  r.add("/models/L/lambda", std::vector<double>{1, 0.1, 0.01}, "", "1");
  r.add("/models/L/cv_mean", std::vector<double>{1.3, 1.0, 1.1}, "", "1");
  r.add("/models/L/cv_se", std::vector<double>{0.1, 0.1, 0.1}, "", "1");
  return d;
}

}  // namespace

TEST_CASE("report figures: models with scores, ALFA, a drawn tree, importance, lasso CV",
          "[report]") {
  const std::string page = render_page({models_document()}, {});
  CHECK(balanced(page));
  const std::string s = stage(page, "Models and their scores");
  REQUIRE(!s.empty());
  // Scores with intervals (mean +- sd of 0.7, 0.8, 0.75) and ALFA per model: 2; T: tree and
  // importance; L: importance and the CV curve.
  CHECK(count(s, "<svg ") == 6);
  CHECK(has(s, "<title>accuracy: 0.75 [0.7, 0.8]</title>"));
  CHECK(has(s, "<title>ALFA alpha of each model&apos;s decisions</title>"));
  CHECK(has(s, ">T (p 0.04)</text>"));
  CHECK(has(s, "<title>Tree of T (fitted on all rows)</title>"));
  CHECK(count(s, "<g class=\"tree-split\">") == 2);
  CHECK(count(s, "<g class=\"tree-leaf\">") == 3);
  CHECK(has(s, ">income &lt; 60.5</text>"));
  CHECK(has(s, ">colour in {red,green}</text>"));  // go_left 1 for levels 0 and 2
  // Leaves name the target's levels (/models/target_levels), not "class k" (issue 28 item 4).
  CHECK(has(s, ">paid (0.8)</text>"));
  CHECK(has(s, ">default (0.75)</text>"));
  CHECK(has(s, ">paid (0.6)</text>"));
  CHECK_FALSE(has(s, ">class 0"));
  CHECK(has(s, ">n = 45</text>"));
  CHECK(has(s, "<title>Feature importance of T</title>"));
  CHECK(has(s, "<title>Lasso cross-validation of L</title>"));
  // A tree whose datasets disagree in length is not drawn; its datasets are still listed.
  ResultDocument broken;
  broken.results.add("/models/names", std::vector<std::string>{"T"}, "");
  const double nan = std::nan("");
  broken.results.add("/models/T/tree/feature", std::vector<std::int64_t>{0, -1, -1}, "", "");
  broken.results.add("/models/T/tree/threshold", std::vector<double>{1, nan, nan}, "", "");
  broken.results.add("/models/T/tree/go_left", std::vector<std::int64_t>{}, "", "", {3, 0});
  broken.results.add("/models/T/tree/left", std::vector<std::int64_t>{1, -1}, "", "");
  broken.results.add("/models/T/tree/right", std::vector<std::int64_t>{2, -1, -1}, "", "");
  broken.results.add("/models/T/tree/value", std::vector<double>{.5, .5, 1, 0, 0, 1}, "", "",
                     {3, 2});
  const std::string b = stage(render_page({broken}, {}), "Models and their scores");
  CHECK_FALSE(has(b, "tree-split"));
  CHECK(has(b, "/models/T/tree"));
}

TEST_CASE("report figures: Shapley scatter and utility sweep, ALFA, information", "[report]") {
  ResultDocument d;
  d.file = "s.h5";
  auto& r = d.results;
  r.add("/shapley/features", std::vector<std::string>{"a", "b"}, "");
  r.add("/shapley/phi_acc", std::vector<double>{0.1, 0.05}, "", "bits");
  r.add("/shapley/phi_d", std::vector<double>{0.01, 0.002}, "", "bits^3");
  r.add("/shapley/utility/alpha", std::vector<double>{0, 10, 20}, "", "bits^-2");
  r.add("/shapley/utility/score", std::vector<double>{0.1, 0.05, 0.0, 0.03, -0.1, 0.01}, "", "bits",
        {3, 2});
  r.add("/alfa/outcome/alpha", std::vector<double>{0.02}, "", "bits");
  r.add("/alfa/outcome/p_value", std::vector<double>{0.5}, "", "probability");
  r.add("/alfa/model/alpha", std::vector<double>{0.001}, "", "bits");
  r.add("/info/features", std::vector<std::string>{"a", "b"}, "");
  r.add("/info/mi_target", std::vector<double>{0.2, 0.1}, "", "bits");
  r.add("/info/mi_sensitive", std::vector<double>{0.05, 0.0}, "", "bits");
  const std::string page = render_page({d}, {});
  CHECK(balanced(page));
  const std::string s = stage(page, "Shapley values");
  CHECK(count(s, "<svg ") == 4);  // phi_acc, phi_D, the scatter, the sweep
  CHECK(count(s, "class=\"point-label\"") == 2);
  CHECK(has(s, "<title>Fairness utility F = phi_acc - alpha phi_D per feature over alpha</title>"));
  CHECK(count(s, "<polyline") == 3);  // a line per feature and F = 0
  CHECK(has(s, "<title>b at alpha 10</title>"));
  const std::string a = stage(page, "ALFA: admissible learning for fairness");
  CHECK(count(a, "<svg ") == 1);
  CHECK(has(a, ">outcome (p 0.5)</text>"));
  CHECK(has(a, ">model</text>"));
  const std::string i = stage(page, "Information measures");
  CHECK(count(i, "<svg ") == 1);
  CHECK(has(i, ">I(Y;X)</text>"));
  CHECK(has(i, ">I(X;S)</text>"));
  CHECK_FALSE(has(i, ">I(Y;X|S)</text>"));  // not in the result
}

TEST_CASE("report figures: Fair Forests metrics with intervals and the protected sweep",
          "[report]") {
  ResultDocument d;
  d.file = "f.h5";
  auto& r = d.results;
  r.add("/fairforest/model_names", std::vector<std::string>{"RF", "RF_F"}, "");
  for (const std::string m : {"RF", "RF_F"})
    for (const std::string metric : {"accuracy", "discrimination", "maxd", "inconsistency", "rmse"})
      r.add("/fairforest/models/" + m + "/" + metric, std::vector<double>{0.5, 0.25, 0.75}, "", "");
  r.add("/fairforest/sweep/feature", std::vector<std::string>{"age", "job"}, "");
  r.add("/fairforest/sweep/raw_discrimination", std::vector<double>{0.3, 0.2}, "", "1");
  r.add("/fairforest/sweep/protected_discrimination", std::vector<double>{0.1, std::nan("")}, "",
        "1");
  const std::string page = render_page({d}, {});
  CHECK(balanced(page));
  const std::string s = stage(page, "Fair Forests");
  // accuracy, discrimination, maxd, inconsistency (RMSE only without accuracy), the sweep.
  CHECK(count(s, "<svg ") == 5);
  CHECK_FALSE(has(s, "<title>Fair Forests: rmse per model</title>"));
  CHECK(has(s, "<title>Fair Forests: maxd per model</title>"));
  CHECK(has(s, "<title>maxd: 0.5 [0.25, 0.75]</title>"));
  CHECK(has(s, "<title>Discrimination with respect to each feature, plain vs fair forest</title>"));
  CHECK(has(s, "0.2 / n/a</text>"));
}
