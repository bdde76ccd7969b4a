// Regression trees, pruning by CV, serialisation, rank transform and export (learn/cart*.hpp,
// learn/rank_transform.hpp, learn/tree_export.hpp).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "learn/cart.hpp"
#include "learn/cart_prune.hpp"
#include "learn/rank_transform.hpp"
#include "learn/tree_export.hpp"
#include "learn_test_util.hpp"

using namespace adm;
using adm::test::loose;
using adm::test::matrix;
using learn::CartParams;
using learn::DecisionTree;
using learn::FeatureMatrix;
using learn::TreeTarget;

namespace {

struct Noisy {
  FeatureMatrix x;
  std::vector<std::int32_t> y;
};
Noisy noisy(int n) {
  Rng rng(17, "cart-regression-test");
  std::vector<float> a, b;
  Noisy d;
  for (int i = 0; i < n; ++i) {
    a.push_back(static_cast<float>(rng.normal()));
    b.push_back(static_cast<float>(rng.uniform_index(4)));
    d.y.push_back(rng.bernoulli(a.back() > 0.3 ? 0.75 : 0.3) ? 1 : 0);
  }
  d.x = matrix({a, b}, {0, 4});
  return d;
}

}  // namespace

TEST_CASE("cart regression: hand-computed split and leaf means", "[cart]") {
  // y = 1 2 3 10 11 12: SSE(root) = sum (y - 6.5)^2 = 125.5; the cut x < 3.5 leaves 2 + 2 = 4,
  // improvement 121.5 (x < 2.5 leaves 0.5 + SSE(3, 10, 11, 12) = 0.5 + 50, worse).
  const FeatureMatrix x = matrix({{1, 2, 3, 4, 5, 6}});
  const std::vector<double> y{1, 2, 3, 10, 11, 12};
  CartParams p = loose(1);
  DecisionTree tree(p);
  tree.fit_regression(x, y);
  const auto& n = tree.nodes();
  REQUIRE(n.size() == 3);
  CHECK(n[0].threshold == 3.5);
  CHECK(n[0].risk == Approx(125.5));
  CHECK(n[0].value == Approx(6.5));
  CHECK(n[0].improvement == Approx(121.5));
  CHECK(n[1].risk == Approx(2));
  CHECK(tree.predict(matrix({{0.f, 3.4f, 3.6f, 100.f}})) == std::vector<double>{2, 2, 11, 11});
  CHECK(tree.importance()[0] == Approx(121.5));
  CHECK_THROWS_AS(tree.predict_proba(x), InputError);

  // Weights: doubling row 6 moves the right mean to (10 + 11 + 24) / 4.
  DecisionTree weighted(p);
  weighted.fit_regression(x, y, std::vector<double>{1, 1, 1, 1, 1, 2});
  CHECK(weighted.predict(matrix({{6.f}}))[0] == Approx(45.0 / 4));
  CHECK(weighted.to_text().find("deviance") != std::string::npos);

  // Large offset: the centred sums keep the variance exact.
  std::vector<double> shifted = y;
  for (double& v : shifted) v += 1e9;
  DecisionTree far(p);
  far.fit_regression(x, shifted);
  CHECK(far.nodes()[0].threshold == 3.5);
  CHECK(far.nodes()[0].risk == Approx(125.5));
}

TEST_CASE("cart: cost-complexity sequence is nested and CV is deterministic", "[cart]") {
  const Noisy d = noisy(300);
  TreeTarget t;
  t.labels = d.y;
  t.classes = 2;
  CartParams p;
  p.cp = 0;
  DecisionTree tree(p);
  tree.fit(d.x, t);
  const auto table = learn::cp_table(tree);
  REQUIRE(table.size() > 2);
  CHECK(table.front().nsplit == 0);
  CHECK(table.front().rel_error == 1.0);
  for (std::size_t j = 1; j < table.size(); ++j) {
    CHECK(table[j].cp < table[j - 1].cp);
    CHECK(table[j].nsplit > table[j - 1].nsplit);
    CHECK(table[j].rel_error < table[j - 1].rel_error);
    // The tree of row j is what pruning at its cp gives.
    const DecisionTree pruned = tree.pruned(table[j].cp);
    CHECK((pruned.nodes().size() - 1) / 2 == table[j].nsplit);
  }
  Rng a(5, "cv"), b(5, "cv"), c(6, "cv");
  const auto one = learn::fit_pruned(p, d.x, t, {}, 5, a);
  const auto two = learn::fit_pruned(p, d.x, t, {}, 5, b);
  const auto other = learn::fit_pruned(p, d.x, t, {}, 5, c);
  CHECK(one.tree.to_text() == two.tree.to_text());
  REQUIRE(one.table.size() == table.size());
  for (std::size_t j = 0; j < table.size(); ++j) {
    CHECK(one.table[j].xerror == two.table[j].xerror);
    CHECK(std::isfinite(one.table[j].xerror));
  }
  bool differs = false;
  for (std::size_t j = 0; j < table.size(); ++j)
    differs |= one.table[j].xerror != other.table[j].xerror;
  CHECK(differs);
  // The 1-SE tree is never larger than the minimum-xerror tree.
  Rng e(5, "cv");
  const auto se = learn::fit_pruned(p, d.x, t, {}, 5, e, true);
  CHECK(se.row <= one.row);
  CHECK(se.table[se.row].xerror <= one.table[one.row].xerror + one.table[one.row].xstd);
  const auto folds = learn::make_folds(10, 3, a);
  CHECK(std::count(folds.begin(), folds.end(), 0u) == 4);
  CHECK(std::count(folds.begin(), folds.end(), 2u) == 3);
}

TEST_CASE("cart: serialize round trip", "[cart]") {
  const Noisy d = noisy(200);
  CartParams p;
  p.cp = 0.001;
  DecisionTree tree(p);
  tree.fit(d.x, d.y, 2);
  const auto flat = tree.serialize();
  const DecisionTree back = DecisionTree::deserialize(flat);
  CHECK(back.predict_proba(d.x) == tree.predict_proba(d.x));
  CHECK(back.importance() == tree.importance());
  CHECK(back.serialize() == flat);
  auto broken = flat;
  broken.pop_back();
  CHECK_THROWS_AS(DecisionTree::deserialize(broken), InputError);
}

TEST_CASE("rank transform: training CDF on new data", "[cart][rank_transform]") {
  const float nan = std::nanf("");
  const FeatureMatrix train = matrix({{3, 1, 2, 2, nan}, {0, 1, 1, 0, 1}}, {0, 2});
  learn::RankTransform rt;
  const FeatureMatrix u = rt.fit_transform(train);
  // Non-missing values 1, 2, 2, 3: F(3) = 1, F(1) = 1/4, F(2) = 3/4.
  CHECK(u.at(0, 0) == 1.0f);
  CHECK(u.at(1, 0) == 0.25f);
  CHECK(u.at(2, 0) == 0.75f);
  CHECK(std::isnan(u.at(4, 0)));
  CHECK(u.at(1, 1) == 1.0f);  // categorical: unchanged
  const FeatureMatrix test = rt.transform(matrix({{0.5f, 1.5f, 2, 99}, {0, 0, 0, 0}}, {0, 2}));
  CHECK(test.at(0, 0) == 0.0f);
  CHECK(test.at(1, 0) == 0.25f);
  CHECK(test.at(2, 0) == 0.75f);
  CHECK(test.at(3, 0) == 1.0f);
  CHECK_THROWS_AS(rt.transform(matrix({{1}})), InputError);
  // A tree on ranks splits where the tree on raw values does (monotone map).
  const Noisy d = noisy(200);
  DecisionTree raw, ranked;
  raw.fit(d.x, d.y, 2);
  ranked.fit(rt.fit_transform(d.x), d.y, 2);
  CHECK(raw.predict_proba(d.x) == ranked.predict_proba(rt.transform(d.x)));
}

TEST_CASE("tree export: flat arrays and listing", "[cart][tree_export]") {
  const Noisy d = noisy(200);
  DecisionTree tree;
  tree.fit(d.x, d.y, 2);
  ResultSet results;
  learn::export_tree(tree, results, "/models/tree", {"a", "b"});
  const std::size_t m = tree.nodes().size();
  const auto* feature = results.find("/models/tree/feature");
  REQUIRE(feature != nullptr);
  const auto& f = std::get<std::vector<std::int64_t>>(feature->values);
  REQUIRE(f.size() == m);
  for (std::size_t i = 0; i < m; ++i) CHECK(f[i] == tree.nodes()[i].feature);
  const auto* value = results.find("/models/tree/value");
  REQUIRE(value != nullptr);
  CHECK(value->dims == std::vector<std::size_t>{m, 2});
  const auto* go = results.find("/models/tree/go_left");
  REQUIRE(go != nullptr);
  CHECK(go->dims[0] == m);
  const auto* text = results.find("/models/tree/text");
  REQUIRE(text != nullptr);
  CHECK(std::get<std::vector<std::string>>(text->values)[0] == tree.to_text({"a", "b"}));
  CHECK(std::get<std::vector<std::string>>(results.find("/models/tree/feature_names")->values) ==
        std::vector<std::string>{"a", "b"});
  CHECK_THROWS_AS(learn::export_tree(DecisionTree(), results, "/x"), InputError);
}
