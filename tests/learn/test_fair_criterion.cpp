// Fair split criterion of Fair Forests (learn/fair_criterion.hpp): hand-computed gains for the
// four (label, protected) type pairs, the direction of eq. (5), and a fair CART tree.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "learn/cart.hpp"
#include "learn/fair_criterion.hpp"
#include "learn_test_util.hpp"

namespace {

using adm::learn::AttributeKind;
using adm::learn::FairCriterion;
using V = std::vector<double>;

// {sum v, sum v^2} of a list of values (centring constant 0).
V moments(const V& v) {
  V s{0, 0};
  for (const double x : v) s[0] += x, s[1] += x * x;
  return s;
}

V cat(V a, const V& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// A criterion scoring the protected attribute with eq. (5) exactly as printed (1 - shift), to
// show what the printed formula would make a tree prefer.
class PrintedEq5 : public adm::learn::SplitCriterion {
 public:
  double impurity(std::span<const double> c, double total) const override {
    return adm::learn::normalised_gini(c.first(2), total, 2);
  }
  double gain(std::span<const double> p, double pt, std::span<const double> l, double lt,
              std::span<const double> r, double rt) const override {
    return adm::learn::normalised_gini_gain(p.first(2), pt, l.first(2), lt, r.first(2), rt, 2) -
           adm::learn::mean_shift_gain_as_printed(p.subspan(2), pt, l.subspan(2), lt, r.subspan(2),
                                                  rt);
  }
  std::string name() const override { return "printed"; }
  std::unique_ptr<SplitCriterion> clone() const override {
    return std::make_unique<PrintedEq5>(*this);
  }
};

}  // namespace

TEST_CASE("fair gain: nominal label, nominal protected (eq. 3 normalised Gini)", "[fairforest]") {
  const FairCriterion c(AttributeKind::Nominal, 2, AttributeKind::Nominal, 2);
  // y = 0 0 1 1, a = 0 1 0 1. Split by y: label gain 1, protected unchanged (gain 0).
  const V parent{2, 2, 2, 2};
  CHECK(c.gain(parent, 4, V{2, 0, 1, 1}, 2, V{0, 2, 1, 1}, 2) == Approx(1.0));
  // Split by a: the label is unchanged, the protected attribute separated: -1.
  CHECK(c.gain(parent, 4, V{1, 1, 2, 0}, 2, V{1, 1, 0, 2}, 2) == Approx(-1.0));
  // Three protected values, normaliser 1 - 1/3. Label [3,1] -> [3,0] + [0,1]: 0.375/0.5 = 0.75.
  // Protected [2,1,1] (10/16 / (2/3) = 0.9375) -> [2,1,0] (4/9 * 3/2 = 2/3) + [0,0,1] (0):
  // 0.9375 - 0.75 * 2/3 = 0.4375. G_fair = 0.75 - 0.4375.
  const FairCriterion c3(AttributeKind::Nominal, 2, AttributeKind::Nominal, 3);
  const V p3{3, 1, 2, 1, 1}, l3{3, 0, 2, 1, 0}, r3{0, 1, 0, 0, 1};
  CHECK(c3.label_gain(p3, 4, l3, 3, r3, 1) == Approx(0.75));
  CHECK(c3.protected_gain(p3, 4, l3, 3, r3, 1) == Approx(0.4375));
  CHECK(c3.gain(p3, 4, l3, 3, r3, 1) == Approx(0.3125));
}

TEST_CASE("fair gain: nominal label, numeric protected (eq. 5 mean shift)", "[fairforest]") {
  const FairCriterion c(AttributeKind::Nominal, 2, AttributeKind::Numeric, 0);
  // y = 0 0 1 1, age = 20 30 40 50; split {20,30} | {40,50}. Parent mean 35, sd sqrt(125);
  // each child is 10 away: G^a = (1/3)(10 / sqrt(125)) = 0.298142; G^l = 1.
  const V parent = cat({2, 2}, moments({20, 30, 40, 50}));
  const V left = cat({2, 0}, moments({20, 30})), right = cat({0, 2}, moments({40, 50}));
  CHECK(c.protected_gain(parent, 4, left, 2, right, 2) == Approx(10.0 / 3 / std::sqrt(125.0)));
  CHECK(c.gain(parent, 4, left, 2, right, 2) == Approx(1 - 10.0 / 3 / std::sqrt(125.0)));
}

TEST_CASE("fair gain: numeric label, nominal protected", "[fairforest]") {
  const FairCriterion c(AttributeKind::Numeric, 0, AttributeKind::Nominal, 2);
  // y = 1 2 10 11, a = 0 1 0 1; split {1,2} | {10,11}: mean 6, sd sqrt(20.5), shift 4.5 each:
  // G^l = 1.5 / sqrt(20.5); the protected attribute keeps [1,1] in both children: G^a = 0.
  const V parent = cat(moments({1, 2, 10, 11}), {2, 2});
  const V left = cat(moments({1, 2}), {1, 1}), right = cat(moments({10, 11}), {1, 1});
  CHECK(c.label_gain(parent, 4, left, 2, right, 2) == Approx(1.5 / std::sqrt(20.5)));
  CHECK(c.protected_gain(parent, 4, left, 2, right, 2) == Approx(0.0).margin(1e-12));
  // The cap at 3 standard deviations: 16 zeros and one x. sd = 4x/17, the single row is 4 sd
  // away (capped to 3), the others 1/4 sd: (1/3)(16/17 * 1/4 + 1/17 * 3) = 7/51.
  V zeros(16, 0.0);
  const V p2 = cat(moments(cat(zeros, {17})), {9, 8});
  const V l2 = cat(moments(zeros), {8, 8}), r2 = cat(moments({17}), {1, 0});
  CHECK(c.label_gain(p2, 17, l2, 16, r2, 1) == Approx(7.0 / 51));
}

TEST_CASE("fair gain: numeric label, numeric protected", "[fairforest]") {
  const FairCriterion c(AttributeKind::Numeric, 0, AttributeKind::Numeric, 0);
  const V parent = cat(moments({1, 2, 10, 11}), moments({20, 30, 40, 50}));
  const V left = cat(moments({1, 2}), moments({20, 30}));
  const V right = cat(moments({10, 11}), moments({40, 50}));
  CHECK(c.gain(parent, 4, left, 2, right, 2) ==
        Approx(1.5 / std::sqrt(20.5) - 10.0 / 3 / std::sqrt(125.0)));
  // A constant protected attribute in the node cannot be shifted: no penalty.
  const V flat = cat(moments({1, 2, 10, 11}), moments({5, 5, 5, 5}));
  CHECK(c.protected_gain(flat, 4, cat(moments({1, 2}), moments({5, 5})), 2,
                         cat(moments({10, 11}), moments({5, 5})), 2) == 0.0);
}

TEST_CASE("fair gain: eq. (5) as printed prefers the split that separates the protected attribute",
          "[fairforest]") {
  // Label 0 1 0 1 0 1 0 1, neither feature tells it apart (label gain 0 for both). Age
  // 20 22 24 26 60 62 64 66 (mean 43, sd sqrt(405)). x0 splits rows {0..3} | {4..7}: child means
  // 23 and 63, each 20 / sqrt(405) = 0.994 sd from the parent. x1 splits {0,1,6,7} | {2,3,4,5}:
  // both children have mean age 43. A fair criterion must prefer x1.
  const std::vector<std::int32_t> y{0, 1, 0, 1, 0, 1, 0, 1};
  const std::vector<double> age{20, 22, 24, 26, 60, 62, 64, 66};
  const std::vector<float> x0{0, 0, 0, 0, 1, 1, 1, 1}, x1{0, 0, 1, 1, 1, 1, 0, 0};
  const FairCriterion ours(AttributeKind::Nominal, 2, AttributeKind::Numeric, 0);
  const V parent = cat({4, 4}, moments(age));
  const double shift = 20 / std::sqrt(405.0) / 3;
  // Ours: x0 is penalised by the shift, x1 not at all.
  CHECK(ours.gain(parent, 8, cat({2, 2}, moments({20, 22, 24, 26})), 4,
                  cat({2, 2}, moments({60, 62, 64, 66})), 4) == Approx(-shift));
  CHECK(ours.gain(parent, 8, cat({2, 2}, moments({20, 22, 64, 66})), 4,
                  cat({2, 2}, moments({24, 26, 60, 62})), 4) == Approx(0.0).margin(1e-12));
  // As printed the penalties are 1 - shift (x0) and 1 (x1): the split that keeps the mean age
  // gets the largest penalty.
  CHECK(adm::learn::mean_shift_gain_as_printed(moments(age), 8, moments({20, 22, 24, 26}), 4,
                                               moments({60, 62, 64, 66}), 4) == Approx(1 - shift));
  CHECK(adm::learn::mean_shift_gain_as_printed(moments(age), 8, moments({20, 22, 64, 66}), 4,
                                               moments({24, 26, 60, 62}), 4) == Approx(1.0));
  // In a tree: ours splits the root on x1, the printed formula on x0 (it separates age).
  const auto x = adm::test::matrix({x0, x1});
  adm::learn::TreeTarget t;
  t.labels = y;
  t.classes = 2;
  t.side_values = age;
  auto root_feature = [&](std::unique_ptr<adm::learn::SplitCriterion> crit) {
    adm::learn::CartParams p = adm::test::loose(1);
    p.any_gain = true;  // every candidate has a gain <= 0 here
    adm::learn::DecisionTree tree(p);
    tree.set_criterion(std::move(crit));
    tree.fit(x, t);
    return tree.nodes()[0].feature;
  };
  CHECK(root_feature(std::make_unique<FairCriterion>(ours)) == 1);
  CHECK(root_feature(std::make_unique<PrintedEq5>()) == 0);
}

TEST_CASE("fair gain: a numeric label needs the shift, not its complement", "[fairforest]") {
  // y = 1 2 10 11: the split {1,2}|{10,11} separates it, {1,10}|{2,11} does not. The gain must
  // be larger for the first; the printed form (1 - shift) ranks them the other way.
  const V p = moments({1, 2, 10, 11});
  const double good = adm::learn::mean_shift_gain(p, 4, moments({1, 2}), 2, moments({10, 11}), 2);
  const double bad = adm::learn::mean_shift_gain(p, 4, moments({1, 10}), 2, moments({2, 11}), 2);
  CHECK(good > bad);
  CHECK(adm::learn::mean_shift_gain_as_printed(p, 4, moments({1, 2}), 2, moments({10, 11}), 2) <
        adm::learn::mean_shift_gain_as_printed(p, 4, moments({1, 10}), 2, moments({2, 11}), 2));
}

TEST_CASE("fair tree: side statistics leave a plain tree unchanged", "[fairforest]") {
  const std::vector<float> x0{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, x1{3, 1, 4, 1, 5, 9, 2, 6, 5, 3};
  const std::vector<std::int32_t> y{0, 0, 1, 0, 1, 1, 0, 1, 1, 1};
  const std::vector<std::int32_t> a{0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
  const auto x = adm::test::matrix({x0, x1});
  adm::learn::TreeTarget plain;
  plain.labels = y;
  plain.classes = 2;
  adm::learn::TreeTarget side = plain;
  side.side_codes = a;
  side.side_levels = 2;
  adm::learn::DecisionTree t1(adm::test::loose()), t2(adm::test::loose());
  t1.fit(x, plain);
  t2.fit(x, side);
  CHECK(t1.serialize() == t2.serialize());
  CHECK(t2.nodes()[0].counts.size() == 2);  // the side part is dropped after growing
}

TEST_CASE("fair tree: the protected attribute is never split on when excluded", "[fairforest]") {
  // x0 is the protected attribute and predicts the label perfectly; x1 is noise.
  std::vector<float> x0, x1;
  std::vector<std::int32_t> y, a;
  adm::Rng rng(7, "test");
  for (int i = 0; i < 200; ++i) {
    a.push_back(i % 2);
    y.push_back(i % 2);
    x0.push_back(static_cast<float>(i % 2));
    x1.push_back(static_cast<float>(rng.uniform()));
  }
  const auto x = adm::test::matrix({x0, x1});
  adm::learn::TreeTarget t;
  t.labels = y;
  t.classes = 2;
  t.side_codes = a;
  t.side_levels = 2;
  auto uses_x0 = [&](bool exclude) {
    adm::learn::CartParams p = adm::test::loose();
    p.any_gain = true;
    if (exclude) p.feature_weights = {0.0, 1.0};
    adm::learn::DecisionTree tree(p);
    tree.set_criterion(
        std::make_unique<FairCriterion>(AttributeKind::Nominal, 2, AttributeKind::Nominal, 2));
    tree.fit(x, t);
    bool any = false;
    for (const auto& n : tree.nodes()) any = any || n.feature == 0;
    return any;
  };
  CHECK_FALSE(uses_x0(true));
  // Allowed, the tree may take it (its fair gain is 1 - 1 = 0, the best at some node).
  CHECK(uses_x0(false));
}
