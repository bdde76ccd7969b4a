// CART against R's rpart 4.1 on small deterministic data: same splits, same cptable.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "learn/cart.hpp"
#include "learn/cart_prune.hpp"
#include "learn_test_util.hpp"

using namespace adm;
using learn::CartParams;
using learn::CpRow;
using learn::DecisionTree;
using learn::FeatureMatrix;
using learn::TreeTarget;

namespace {

// The data of the R script below; fold of row i is (i / 5) % 5.
//   library(rpart)
//   n <- 200; i <- 0:(n-1)
//   x1 <- ((i * 37) %% 101) / 10; x2 <- ((i * 53) %% 89) / 10; x3 <- factor(i %% 5, levels = 0:4)
//   flip <- ((i * 7919) %% 13) < 3
//   y <- as.integer(xor(x1 + 3 * (i %% 5 %in% c(1, 3)) > 5, flip))
//   yr <- 2 * x1 + 8 * (i %% 5 == 2) + ((i * 31) %% 17) / 8
//   folds <- ((i %/% 5) %% 5) + 1
//   ctl <- rpart.control(minsplit = 20, minbucket = 7, cp = 0.01, xval = folds,
//                        maxcompete = 0, maxsurrogate = 0)
struct Data {
  FeatureMatrix x;
  std::vector<std::int32_t> y;
  std::vector<double> yr;
  std::vector<std::size_t> folds;
};

Data make_data() {
  std::vector<float> x1, x2, x3;
  Data d;
  for (int i = 0; i < 200; ++i) {
    // float(k / 10.0) is what the matrix of a double column would hold.
    x1.push_back(static_cast<float>((i * 37 % 101) / 10.0));
    x2.push_back(static_cast<float>((i * 53 % 89) / 10.0));
    x3.push_back(static_cast<float>(i % 5));
    const bool flip = (i * 7919) % 13 < 3;
    const double lin = (i * 37 % 101) / 10.0 + ((i % 5 == 1 || i % 5 == 3) ? 3 : 0);
    d.y.push_back((lin > 5) != flip ? 1 : 0);
    d.yr.push_back(2 * ((i * 37 % 101) / 10.0) + (i % 5 == 2 ? 8 : 0) + (i * 31 % 17) / 8.0);
    d.folds.push_back(static_cast<std::size_t>((i / 5) % 5));
  }
  d.x = test::matrix({x1, x2, x3}, {0, 0, 5});
  return d;
}

CartParams rpart_defaults(double cp = 0.01, std::size_t min_split = 20, std::size_t min_leaf = 7) {
  CartParams p;
  p.min_split = min_split;
  p.min_leaf = min_leaf;
  p.cp = cp;
  return p;
}

void check_table(const std::vector<CpRow>& ours, const std::vector<std::vector<double>>& r) {
  REQUIRE(ours.size() == r.size());
  for (std::size_t j = 0; j < r.size(); ++j) {
    INFO("cptable row " << j + 1);
    CHECK(ours[j].cp == Approx(r[j][0]).epsilon(1e-8));
    CHECK(ours[j].nsplit == static_cast<std::size_t>(r[j][1]));
    CHECK(ours[j].rel_error == Approx(r[j][2]).epsilon(1e-8));
    CHECK(ours[j].xerror == Approx(r[j][3]).epsilon(1e-8));
    CHECK(ours[j].xstd == Approx(r[j][4]).epsilon(1e-8));
  }
}

}  // namespace

TEST_CASE("cart vs rpart: classification splits and cptable", "[cart][rpart]") {
  // f <- rpart(y ~ x1 + x2 + x3, data = data.frame(x1, x2, x3, y = factor(y)), method = "class",
  //            control = ctl); print(f); f$splits; f$cptable
  //  1) root 200 90 1 (0.4500000 0.5500000)
  //    2) x1< 5.05 101 34 0 (0.6633663 0.3366337)
  //      4) x3=0,2,4 61 14 0 (0.7704918 0.2295082) *
  //      5) x3=1,3 40 20 0 (0.5000000 0.5000000)
  //       10) x1< 2.05 18  4 0 (0.7777778 0.2222222) *
  //       11) x1>=2.05 22  6 1 (0.2727273 0.7272727) *
  //    3) x1>=5.05 99 23 1 (0.2323232 0.7676768) *
  // improve (rpart: n * Gini gain): 18.577958, 3.535140, 5.050505
  const Data d = make_data();
  TreeTarget t;
  t.labels = d.y;
  t.classes = 2;
  DecisionTree tree(rpart_defaults());
  tree.fit(d.x, t);
  const auto& n = tree.nodes();
  REQUIRE(n.size() == 7);
  CHECK(n[0].feature == 0);
  CHECK(n[0].threshold == Approx(5.05));
  CHECK(n[0].improvement == Approx(18.577958).epsilon(1e-6));
  CHECK(n[0].risk == 90);
  const auto& left = n[static_cast<std::size_t>(n[0].left)];
  CHECK(left.feature == 2);
  CHECK(left.categorical);
  CHECK(left.go == std::vector<std::int8_t>{1, 0, 1, 0, 1});
  CHECK(left.rows == 101);
  CHECK(left.risk == 34);
  CHECK(left.improvement == Approx(3.535140).epsilon(1e-6));
  const auto& five = n[static_cast<std::size_t>(left.right)];
  CHECK(five.feature == 0);
  CHECK(five.threshold == Approx(2.05));
  CHECK(five.improvement == Approx(5.050505).epsilon(1e-6));
  CHECK(n[static_cast<std::size_t>(five.left)].rows == 18);
  CHECK(n[static_cast<std::size_t>(five.left)].risk == 4);
  CHECK(n[static_cast<std::size_t>(n[0].right)].feature == -1);
  const std::string text = tree.to_text();
  CHECK(text.find("      10) x0< 2.05 18 4 0 (0.7778 0.2222) *") != std::string::npos);

  // f$cptable (CP, nsplit, rel error, xerror, xstd)
  check_table(learn::cross_validate(tree, d.x, t, {}, d.folds),
              {{0.36666666667, 0, 1.0000000000, 1.0000000000, 0.07817359600},
               {0.05555555556, 1, 0.6333333333, 0.6888888889, 0.07267380189},
               {0.01000000000, 3, 0.5222222222, 0.6111111111, 0.07016294967}});
}

TEST_CASE("cart vs rpart: pruning sequence of a large tree", "[cart][rpart]") {
  // h <- rpart(y ~ ., method = "class", control = rpart.control(minsplit = 10, minbucket = 3,
  //            cp = 0, xval = folds, maxcompete = 0, maxsurrogate = 0)); h$cptable
  const Data d = make_data();
  TreeTarget t;
  t.labels = d.y;
  t.classes = 2;
  DecisionTree tree(rpart_defaults(0, 10, 3));
  tree.fit(d.x, t);
  const auto table = learn::cross_validate(tree, d.x, t, {}, d.folds);
  // h$cptable:
  //   1 0.366666666667  0 1.0000000000 1.0000000000 0.07817359600
  //   2 0.055555555556  1 0.6333333333 0.6888888889 0.07267380189
  //   3 0.016666666667  3 0.5222222222 0.6111111111 0.07016294967
  //   4 0.011111111111 12 0.3666666667 0.8222222222 0.07586537784
  //   5 0.005555555556 14 0.3444444444 0.8888888889 0.07698003589
  //   6 0.002777777778 16 0.3333333333 0.9555555556 0.07779364917
  //   7 0.000000000000 20 0.3222222222 0.9555555556 0.07779364917
  // rpart's bottom-up complexities approximate the weakest-link sequence; here the exact sequence
  // has one more subtree: 10 splits (risk 36) for CP in [1.5, 11/7) / 90, where rpart jumps from
  // 3 splits to 12. It is the better one there: at alpha = 1.55, 36 + 11 alpha = 53.05 beats the
  // 3-split tree's 47 + 4 alpha = 53.2. All other rows agree, xerror included.
  REQUIRE(table.size() == 8);
  check_table({table[0], table[1]},
              {{0.366666666667, 0, 1.0000000000, 1.0000000000, 0.07817359600},
               {0.055555555556, 1, 0.6333333333, 0.6888888889, 0.07267380189}});
  CHECK(table[2].cp == Approx(11.0 / 7 / 90));
  CHECK(table[2].nsplit == 3);
  CHECK(table[2].rel_error == Approx(47.0 / 90));
  CHECK(table[3].cp == Approx(1.5 / 90));
  CHECK(table[3].nsplit == 10);
  CHECK(table[3].rel_error == Approx(36.0 / 90));
  check_table(std::vector<CpRow>(table.begin() + 4, table.end()),
              {{0.011111111111, 12, 0.3666666667, 0.8222222222, 0.07586537784},
               {0.005555555556, 14, 0.3444444444, 0.8888888889, 0.07698003589},
               {0.002777777778, 16, 0.3333333333, 0.9555555556, 0.07779364917},
               {0.000000000000, 20, 0.3222222222, 0.9555555556, 0.07779364917}});
  // Minimum xerror at 3 splits; the 1-SE rule (min + its xstd) also allows only 3 splits (row 2
  // has 0.689). Pruning there gives the cp = 0.01 tree of the test above.
  CHECK(learn::choose_row(table, false) == 2);
  CHECK(learn::choose_row(table, true) == 2);
  DecisionTree small(rpart_defaults());
  small.fit(d.x, t);
  CHECK(tree.pruned(table[2].cp).to_text() == small.to_text());
  CHECK(tree.pruned(0.5).nodes().size() == 1);
}

TEST_CASE("cart vs rpart: regression tree", "[cart][rpart]") {
  // g <- rpart(yr ~ x1 + x2 + x3, method = "anova", control = ctl); print(g, digits = 10)
  //  1) root 200 8446.950238 12.610250
  //    2) x1< 5.05 101 1712.395903  7.559158
  //      4) x3=0,1,3,4 81  781.785556  6.174074
  //        8) x1< 2.35 35   80.112964  3.162857 *
  //        9) x1>=2.35 46  142.843098  8.465217 ...
  //      5) x3=2 20  145.864844 13.168750 ...
  //    3) x1>=5.05 99 1528.764141 17.763384
  //      6) x3=0,1,3,4 79  676.267880 16.434494 ...
  // improve (rpart: share of the parent's deviance): root 0.6162922767, node 2 0.4582734066
  const Data d = make_data();
  TreeTarget t;
  t.values = d.yr;
  DecisionTree tree(rpart_defaults());
  tree.fit(d.x, t);
  REQUIRE(tree.regression());
  const auto& n = tree.nodes();
  CHECK(n[0].risk == Approx(8446.950238).epsilon(1e-9));
  CHECK(n[0].value == Approx(12.610250).epsilon(1e-7));
  CHECK(n[0].threshold == Approx(5.05));
  CHECK(n[0].improvement == Approx(0.6162922767 * 8446.950238).epsilon(1e-8));
  const auto& two = n[static_cast<std::size_t>(n[0].left)];
  CHECK(two.risk == Approx(1712.395903).epsilon(1e-9));
  CHECK(two.go == std::vector<std::int8_t>{1, 1, 0, 1, 1});
  CHECK(two.improvement == Approx(0.4582734066 * 1712.395903).epsilon(1e-8));
  const auto& four = n[static_cast<std::size_t>(two.left)];
  CHECK(four.value == Approx(6.174074).epsilon(1e-6));
  CHECK(n[static_cast<std::size_t>(four.left)].risk == Approx(80.112964).epsilon(1e-8));
  CHECK(n[static_cast<std::size_t>(four.left)].rows == 35);
  std::size_t leaves = 0;
  for (const auto& node : n) leaves += node.feature < 0;
  CHECK(leaves == 9);
  const auto pred = tree.predict(test::matrix({{0.5f}, {0}, {0}}, {0, 0, 5}));
  CHECK(pred[0] == Approx(3.162857).epsilon(1e-6));
  CHECK(tree.to_text().find("node), split, n, deviance, yval") != std::string::npos);

  // g$cptable
  check_table(learn::cross_validate(tree, d.x, t, {}, d.folds),
              {{0.61629227665, 0, 1.00000000000, 1.00230321741, 0.077333246594},
               {0.09290282079, 1, 0.38370772335, 0.39484641689, 0.035303282036},
               {0.08175428613, 2, 0.29080490256, 0.31429002377, 0.029020534928},
               {0.06615754535, 3, 0.20905061642, 0.23978383349, 0.019415893204},
               {0.05803695785, 4, 0.14289307107, 0.17390141910, 0.014051907667},
               {0.01345160456, 5, 0.08485611322, 0.09398150190, 0.007963275094},
               {0.01264162204, 6, 0.07140450866, 0.08780532264, 0.007983972071},
               {0.01258598576, 7, 0.05876288662, 0.08780532264, 0.007983972071},
               {0.01000000000, 8, 0.04617690086, 0.08248455010, 0.007922165517}});
}
