#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "core/result_set.hpp"
#include "core/rng.hpp"
#include "learn/cart.hpp"
#include "learn/tree_export.hpp"
#include "learn_test_util.hpp"

using namespace adm;
using learn::CartParams;
using learn::DecisionTree;
using learn::FeatureMatrix;
using Labels = std::vector<std::int32_t>;
using adm::test::check_rows_sum_to_one;
using adm::test::loose;
using adm::test::matrix;

namespace {

// XOR on a 2x2 grid with unequal cell sizes, so the first split has a small positive gain.
struct Xor {
  FeatureMatrix x;
  Labels y;
};
Xor xor_data() {
  std::vector<float> a, b;
  Labels y;
  auto cell = [&](float u, float v, std::int32_t label, int n) {
    for (int i = 0; i < n; ++i) {
      a.push_back(u);
      b.push_back(v);
      y.push_back(label);
    }
  };
  cell(0, 0, 0, 10);
  cell(1, 1, 0, 10);
  cell(0, 1, 1, 10);
  cell(1, 0, 1, 20);
  return {matrix({a, b}), y};
}

}  // namespace

TEST_CASE("cart: hand-computed Gini split", "[cart]") {
  // y = 0 0 1 0 | 1 1 1: parent Gini 24/49; best cut 4.5 leaves Gini 3/8 on 4/7 of the weight,
  // gain 24/49 - 3/14 = 27/98 (3.5 gives 25/294, 2.5 gives 64/245, 5.5 gives 36/245).
  const FeatureMatrix x = matrix({{1, 2, 3, 4, 5, 6, 7}});
  const Labels y{0, 0, 1, 0, 1, 1, 1};
  CartParams p = loose();
  p.min_split = 5;  // the impure left child (4 rows) stays a leaf
  DecisionTree tree(p);
  tree.fit(x, y, 2);
  const auto& nodes = tree.nodes();
  REQUIRE(nodes.size() == 3);
  CHECK(nodes[0].feature == 0);
  CHECK(nodes[0].threshold == 4.5);
  CHECK(nodes[0].gain == Approx(27.0 / 98));
  CHECK(nodes[0].improvement == Approx(7 * 27.0 / 98));
  CHECK(tree.importance()[0] == Approx(27.0 / 14));
  const auto proba = tree.predict_proba(matrix({{4.4f, 4.6f}}));
  CHECK(proba[1] == Approx(0.25));
  CHECK(proba[3] == Approx(1.0));
}

TEST_CASE("cart: separable data gives pure leaves", "[cart]") {
  std::vector<float> v;
  Labels y;
  for (int i = 0; i < 60; ++i) {
    v.push_back(static_cast<float>(i));
    y.push_back(i < 25 ? 0 : i < 45 ? 1 : 2);
  }
  DecisionTree tree;  // default params
  tree.fit(matrix({v}), y, 3);
  for (const auto& n : tree.nodes()) {
    if (n.feature >= 0) continue;
    int nonzero = 0;
    for (const double c : n.counts) nonzero += c > 0;
    CHECK(nonzero == 1);
  }
  const auto proba = tree.predict_proba(matrix({v}));
  check_rows_sum_to_one(proba, 3);
  for (std::size_t r = 0; r < y.size(); ++r) CHECK(proba[r * 3 + y[r]] == 1.0);
  CHECK(tree.nodes()[0].threshold == 24.5);
}

TEST_CASE("cart: XOR needs depth 2", "[cart]") {
  const Xor d = xor_data();
  DecisionTree stump(loose(1));
  stump.fit(d.x, d.y, 2);
  CHECK(stump.nodes().size() == 3);
  const auto p1 = stump.predict_proba(d.x);
  bool any_impure = false;
  for (std::size_t r = 0; r < d.y.size(); ++r) any_impure |= p1[r * 2] > 0 && p1[r * 2] < 1;
  CHECK(any_impure);

  DecisionTree tree(loose(2));
  tree.fit(d.x, d.y, 2);
  CHECK(tree.depth() == 2);
  const auto p2 = tree.predict_proba(d.x);
  for (std::size_t r = 0; r < d.y.size(); ++r) CHECK(p2[r * 2 + d.y[r]] == 1.0);
  CHECK(tree.importance()[0] > 0);
  CHECK(tree.importance()[1] > 0);
}

TEST_CASE("cart: categorical split groups non-ordinal levels", "[cart]") {
  // Levels 0, 2, 4 are mostly y = 1, levels 1, 3, 5 mostly y = 0: one split must separate them.
  std::vector<float> level;
  Labels y;
  for (int l = 0; l < 6; ++l) {
    for (int i = 0; i < 10; ++i) {
      level.push_back(static_cast<float>(l));
      y.push_back(l % 2 == 0 ? (i < 9 ? 1 : 0) : (i < 1 ? 1 : 0));
    }
  }
  DecisionTree tree(loose(1));
  tree.fit(matrix({level}, {6}), y, 2);
  const auto& root = tree.nodes()[0];
  REQUIRE(root.categorical);
  for (int l = 0; l < 6; ++l) CHECK(root.go[static_cast<std::size_t>(l)] == (l % 2 == 0 ? 0 : 1));
  const auto proba = tree.predict_proba(matrix({{0, 1, 2, 3, 4, 5}}, {6}));
  for (int l = 0; l < 6; ++l) CHECK(proba[2 * l + 1] == Approx(l % 2 == 0 ? 0.9 : 0.1));
  CHECK(tree.to_text().find("x0 in {1,3,5}") != std::string::npos);
  // With level names the listing names the levels, as rpart does, and the export carries them.
  const learn::LevelLabels names{{"a", "b", "c", "d", "e", "f"}};
  const std::string named = tree.to_text({"grade"}, names);
  CHECK(named.find("grade in {b,d,f}") != std::string::npos);
  CHECK(named.find("grade in {a,c,e}") != std::string::npos);
  ResultSet results;
  learn::export_tree(tree, results, "/t", {"grade"}, names);
  CHECK(std::get<std::vector<std::string>>(results.find("/t/level_names")->values) == names[0]);
  CHECK(std::get<std::vector<std::int64_t>>(results.find("/t/level_offsets")->values) ==
        std::vector<std::int64_t>{0, 6});
  CHECK(std::get<std::vector<std::string>>(results.find("/t/text")->values)[0] == named);

  // Three classes use the majority-class ordering and still separate the groups.
  Labels y3 = y;
  for (std::size_t r = 0; r < y3.size(); ++r) {
    if (y3[r] == 0 && r % 3 == 0) y3[r] = 2;
  }
  DecisionTree tree3(loose(1));
  tree3.fit(matrix({level}, {6}), y3, 3);
  check_rows_sum_to_one(tree3.predict_proba(matrix({level}, {6})), 3);
  CHECK(tree3.nodes()[0].feature == 0);
}

TEST_CASE("cart: weight 0 equals dropping the rows", "[cart]") {
  Rng rng(7, "cart-test");
  std::vector<float> a, b;
  Labels y;
  std::vector<double> w;
  for (int i = 0; i < 200; ++i) {
    a.push_back(static_cast<float>(rng.normal()));
    b.push_back(static_cast<float>(rng.uniform_index(4)));
    y.push_back(rng.bernoulli(a.back() > 0 ? 0.8 : 0.3) ? 1 : 0);
    w.push_back(i % 3 == 0 ? 0.0 : 1.0 + static_cast<double>(i % 5));
  }
  std::vector<float> a2, b2;
  Labels y2;
  std::vector<double> w2;
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (w[i] == 0) continue;
    a2.push_back(a[i]);
    b2.push_back(b[i]);
    y2.push_back(y[i]);
    w2.push_back(w[i]);
  }
  CartParams p;
  p.cp = 0.001;
  DecisionTree full(p), dropped(p);
  full.fit(matrix({a, b}, {0, 4}), y, 2, w);
  dropped.fit(matrix({a2, b2}, {0, 4}), y2, 2, w2);
  CHECK(full.to_text() == dropped.to_text());
  CHECK(full.importance() == dropped.importance());
  const FeatureMatrix test = matrix({a, b}, {0, 4});
  CHECK(full.predict_proba(test) == dropped.predict_proba(test));
}

TEST_CASE("cart: min_leaf and max_depth are honoured", "[cart]") {
  Rng rng(11, "cart-test");
  std::vector<float> a, b;
  Labels y;
  for (int i = 0; i < 500; ++i) {
    a.push_back(static_cast<float>(rng.normal()));
    b.push_back(static_cast<float>(rng.normal()));
    y.push_back(rng.bernoulli(a.back() * b.back() > 0 ? 0.9 : 0.1) ? 1 : 0);
  }
  const FeatureMatrix x = matrix({a, b});
  for (const std::size_t leaf : {1u, 7u, 40u}) {
    CartParams p = loose(4);
    p.min_leaf = leaf;
    DecisionTree tree(p);
    tree.fit(x, y, 2);
    CHECK(tree.depth() <= 4);
    CHECK(tree.nodes().size() > 1);
    for (const auto& n : tree.nodes()) {
      CHECK(n.rows >= leaf);
      CHECK(n.depth <= 4);
    }
    check_rows_sum_to_one(tree.predict_proba(x), 2);
  }
  DecisionTree root_only(loose(0));
  root_only.fit(x, y, 2);
  CHECK(root_only.nodes().size() == 1);
}

TEST_CASE("cart: missing values go to the larger child", "[cart]") {
  const float nan = std::nanf("");
  const FeatureMatrix x = matrix({{1, 2, 3, 4, 5, 6, 7, 8, nan, nan}});
  const Labels y{0, 0, 0, 0, 0, 1, 1, 1, 0, 0};
  DecisionTree tree(loose(1));
  tree.fit(x, y, 2);
  const auto& root = tree.nodes()[0];
  CHECK(root.threshold == 5.5);
  CHECK(root.missing_left);
  CHECK(tree.nodes()[static_cast<std::size_t>(root.left)].rows == 7);
  const auto proba = tree.predict_proba(matrix({{nan}}));
  CHECK(proba[0] == 1.0);
}

TEST_CASE("cart: to_text lists the splits rpart-style", "[cart]") {
  const Xor d = xor_data();
  DecisionTree tree(loose(2));
  tree.fit(d.x, d.y, 2);
  const std::string text = tree.to_text();
  CHECK(text.find("node), split, n, loss, yval, (yprob)") != std::string::npos);
  CHECK(text.find("1) root 50 20 1 (0.4 0.6)") != std::string::npos);
  CHECK(text.find("2) x0< 0.5 20 10 0 (0.5 0.5)") != std::string::npos);
  CHECK(text.find("4) x1< 0.5 10 0 0 (1 0) *") != std::string::npos);
  CHECK(tree.to_text({"u", "v"}).find("3) u>=0.5 30") != std::string::npos);
}

TEST_CASE("cart: entropy and gini both work", "[cart]") {
  const Xor d = xor_data();
  for (const char* criterion : {"gini", "entropy"}) {
    CartParams p = loose(2);
    p.criterion = criterion;
    DecisionTree tree(p);
    tree.fit(d.x, d.y, 2);
    const auto proba = tree.predict_proba(d.x);
    for (std::size_t r = 0; r < d.y.size(); ++r) CHECK(proba[r * 2 + d.y[r]] == 1.0);
  }
  learn::EntropyCriterion entropy;
  const std::vector<double> half{5, 5};
  CHECK(entropy.impurity(half, 10) == Approx(std::log(2.0)));
  learn::GiniCriterion gini;
  CHECK(gini.impurity(half, 10) == Approx(0.5));
  CHECK_THROWS_AS(DecisionTree(CartParams{.criterion = "mae"}), InputError);
}

TEST_CASE("cart: deterministic, clone and bad input", "[cart]") {
  Rng rng(3, "cart-test");
  std::vector<float> a, b;
  Labels y;
  for (int i = 0; i < 300; ++i) {
    a.push_back(static_cast<float>(rng.normal()));
    b.push_back(static_cast<float>(rng.uniform_index(5)));
    y.push_back(static_cast<std::int32_t>(rng.uniform_index(3)));
  }
  const FeatureMatrix x = matrix({a, b}, {0, 5});
  CartParams p;
  p.cp = 0;
  DecisionTree one(p);
  one.fit(x, y, 3);
  auto two = one.clone();
  two->reseed(99);
  two->fit(x, y, 3);
  CHECK(one.predict_proba(x) == two->predict_proba(x));
  CHECK(one.importance() == two->importance());
  check_rows_sum_to_one(one.predict_proba(x), 3);
  DecisionTree copy = one;
  CHECK(copy.to_text() == one.to_text());

  CHECK_THROWS_AS(one.fit(x, Labels(300, 3), 3), InputError);
  CHECK_THROWS_AS(one.fit(x, y, 3, std::vector<double>(300, 0.0)), InputError);
  CHECK_THROWS_AS(one.fit(x, y, 3, std::vector<double>(300, -1.0)), InputError);
  CHECK_THROWS_AS(one.fit(matrix({{0.5f}}, {2}), Labels{0}, 2), InputError);
  CHECK_THROWS_AS(one.predict_proba(matrix({a})), InputError);
  CHECK_THROWS_AS(DecisionTree(CartParams{.min_leaf = 0}), InputError);
}
