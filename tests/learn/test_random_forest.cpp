#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "learn/random_forest.hpp"
#include "learn_test_util.hpp"

using namespace adm;
using learn::DecisionTree;
using learn::FeatureMatrix;
using learn::ForestParams;
using learn::RandomForest;
using learn::TreeTarget;

namespace {

// y depends on a (strongly) and c (a categorical, weakly); b is noise.
struct Sim {
  FeatureMatrix x;
  std::vector<std::int32_t> y;
  std::vector<double> yr;
};
Sim simulate(int n, std::uint64_t seed) {
  Rng rng(seed, "forest-test");
  std::vector<float> a, b, c;
  Sim s;
  for (int i = 0; i < n; ++i) {
    a.push_back(static_cast<float>(rng.normal()));
    b.push_back(static_cast<float>(rng.normal()));
    c.push_back(static_cast<float>(rng.uniform_index(3)));
    const double logit = 3 * a.back() + (c.back() == 2 ? 1.0 : 0.0);
    s.y.push_back(rng.bernoulli(1 / (1 + std::exp(-logit))) ? 1 : 0);
    s.yr.push_back(2 * a.back() + (c.back() == 2 ? 1.0 : 0.0) + 0.3 * rng.normal());
  }
  s.x = test::matrix({a, b, c}, {0, 0, 3});
  return s;
}

TreeTarget binary_target(const Sim& d) {
  TreeTarget t;
  t.labels = d.y;
  t.classes = 2;
  return t;
}

double accuracy(const std::vector<double>& pred, const std::vector<std::int32_t>& y) {
  double ok = 0;
  for (std::size_t r = 0; r < y.size(); ++r) ok += pred[r] == y[r];
  return ok / static_cast<double>(y.size());
}

}  // namespace

TEST_CASE("forest: accuracy, OOB error and importances", "[forest]") {
  const Sim train = simulate(600, 1), test = simulate(400, 2);
  RandomForest forest(ForestParams{.trees = 60, .min_leaf = 5, .permutation_importance = true});
  forest.fit(train.x, train.y, 2);
  CHECK(forest.mtry(3, false) == 1);
  const auto proba = forest.predict_proba(test.x);
  test::check_rows_sum_to_one(proba, 2);
  const double acc = accuracy(forest.predict(test.x), test.y);
  CHECK(acc > 0.8);  // the Bayes rate of this model is about 0.85
  // OOB error estimates the test error.
  CHECK(forest.oob_error() == Approx(1 - acc).margin(0.06));
  const auto& oob = forest.oob_prediction();
  REQUIRE(oob.size() == 1200);
  CHECK(oob[0] + oob[1] == Approx(1));
  const auto mdi = forest.importance();
  CHECK(mdi[0] > mdi[1]);
  CHECK(mdi[0] > mdi[2]);
  const auto& perm = forest.permutation_importance();
  REQUIRE(perm.size() == 3);
  CHECK(perm[0] > 0.1);
  CHECK(perm[0] > 5 * std::abs(perm[1]));
}

TEST_CASE("forest: trees fitted in any order assemble to the serial forest", "[forest]") {
  const Sim d = simulate(300, 3);
  const ForestParams p{.trees = 12, .feature_weights = {1, 0.5, 2}, .seed = 99};
  RandomForest serial(p);
  serial.fit(d.x, d.y, 2);
  const TreeTarget t = binary_target(d);
  const auto index = DecisionTree::index_columns(d.x);
  RandomForest worker(p), farm(p);
  std::vector<std::vector<double>> trees(p.trees);
  for (std::size_t i = p.trees; i-- > 0;) trees[i] = worker.fit_tree(d.x, index, t, {}, i);
  farm.assemble(d.x, t, {}, trees);
  CHECK(farm.predict_proba(d.x) == serial.predict_proba(d.x));
  CHECK(farm.importance() == serial.importance());
  CHECK(farm.oob_error() == serial.oob_error());
  // A different seed gives a different forest; the same seed the same one.
  RandomForest other(ForestParams{.trees = 12, .feature_weights = {1, 0.5, 2}, .seed = 100});
  other.fit(d.x, d.y, 2);
  CHECK(other.predict_proba(d.x) != serial.predict_proba(d.x));
  RandomForest again(p);
  again.fit(d.x, d.y, 2);
  CHECK(again.predict_proba(d.x) == serial.predict_proba(d.x));
}

TEST_CASE("forest: split candidates follow the safety weights", "[forest]") {
  // mtry = 1: the root splits on the single drawn column, so root columns follow F exactly:
  // P(a) = 1/4, P(b) = 0, P(c) = 3/4.
  const Sim d = simulate(200, 4);
  RandomForest forest(
      ForestParams{.trees = 400, .mtry = 1, .max_depth = 1, .feature_weights = {1, 0, 3}});
  forest.fit(d.x, d.y, 2);
  std::vector<int> root(3, 0);
  for (const auto& tree : forest.trees()) {
    if (tree.nodes()[0].feature >= 0) ++root[static_cast<std::size_t>(tree.nodes()[0].feature)];
  }
  CHECK(root[1] == 0);
  CHECK(root[0] + root[2] == 400);
  CHECK(root[0] == Approx(100).margin(26));  // 3 binomial standard deviations (8.7)
  CHECK(forest.importance()[1] == 0);

  // Equal weights = the ordinary forest, draw for draw.
  const ForestParams plain{.trees = 5, .seed = 8};
  ForestParams equal = plain;
  equal.feature_weights = {2, 2, 2};
  RandomForest a(plain), b(equal);
  a.fit(d.x, d.y, 2);
  b.fit(d.x, d.y, 2);
  CHECK(a.predict_proba(d.x) == b.predict_proba(d.x));
  CHECK_THROWS_AS(RandomForest(ForestParams{.feature_weights = {0, 0}}), InputError);
}

TEST_CASE("forest: regression", "[forest]") {
  const Sim train = simulate(500, 5), test = simulate(300, 6);
  RandomForest forest(ForestParams{.trees = 40, .min_leaf = 5});
  TreeTarget t;
  t.values = train.yr;
  forest.fit(train.x, t);
  const auto pred = forest.predict(test.x);
  double mse = 0, var = 0, mean = 0;
  for (const double v : test.yr) mean += v / static_cast<double>(test.yr.size());
  for (std::size_t r = 0; r < pred.size(); ++r) {
    mse += (pred[r] - test.yr[r]) * (pred[r] - test.yr[r]);
    var += (test.yr[r] - mean) * (test.yr[r] - mean);
  }
  CHECK(mse / var < 0.25);  // R^2 > 0.75 (the noise-free share is about 0.98)
  CHECK(forest.oob_error() == Approx(mse / static_cast<double>(pred.size())).epsilon(0.5));
  CHECK_THROWS_AS(forest.predict_proba(test.x), InputError);
}

TEST_CASE("forest: blocks of trees reduce to the serial forest's reports", "[forest]") {
  const Sim d = simulate(300, 7);
  for (const bool permutation : {false, true}) {
    const ForestParams p{.trees = 23,
                         .feature_weights = {1, 0.5, 2},
                         .permutation_importance = permutation,
                         .seed = 5};
    RandomForest serial(p);
    serial.fit(d.x, d.y, 2);
    const TreeTarget t = binary_target(d);
    const auto index = DecisionTree::index_columns(d.x);
    // Blocks of 10, 10 and 3 trees, computed out of order as ranks would.
    RandomForest worker(p), blocked(p);
    std::vector<std::vector<double>> blocks(3);
    for (std::size_t b = 3; b-- > 0;)
      blocks[b] =
          worker.fit_block(d.x, index, t, {}, b * 10, std::min<std::size_t>(10, 23 - b * 10));
    blocked.assemble_blocks(d.x, t, {}, blocks);
    // Sums associate differently (per block), so equal to rounding, not bit for bit.
    const auto proba = serial.predict_proba(d.x);
    REQUIRE(blocked.fitted().size() == proba.size());
    for (std::size_t q = 0; q < proba.size(); ++q)
      CHECK(blocked.fitted()[q] == Approx(proba[q]).margin(1e-12));
    for (std::size_t c = 0; c < 3; ++c)
      CHECK(blocked.importance()[c] == Approx(serial.importance()[c]).epsilon(1e-12));
    CHECK(blocked.permutation_importance().size() == serial.permutation_importance().size());
    for (std::size_t c = 0; c < blocked.permutation_importance().size(); ++c)
      CHECK(blocked.permutation_importance()[c] ==
            Approx(serial.permutation_importance()[c]).margin(1e-12));
    CHECK(blocked.oob_error() == Approx(serial.oob_error()).margin(1e-12));
    for (std::size_t q = 0; q < proba.size(); ++q)
      if (!std::isnan(serial.oob_prediction()[q]))
        CHECK(blocked.oob_prediction()[q] == Approx(serial.oob_prediction()[q]).margin(1e-12));
    // The same blocks in the same order give the same forest, bit for bit.
    RandomForest again(p);
    again.assemble_blocks(d.x, t, {}, blocks);
    CHECK(again.fitted() == blocked.fitted());
    CHECK_THROWS_AS(blocked.predict_proba(d.x), InternalError);
    CHECK_THROWS_AS(worker.fit_block(d.x, index, t, {}, 20, 4), InputError);
  }
}

TEST_CASE("forest: blocks fitted on a split predict its test rows as the serial forest",
          "[forest]") {
  const Sim train = simulate(300, 11), test = simulate(120, 12);
  const auto index = DecisionTree::index_columns(train.x);
  for (const bool regression : {false, true}) {
    const ForestParams p{.trees = 23, .feature_weights = {1, 0.5, 2}, .seed = 9};
    RandomForest serial(p), worker(p);
    TreeTarget t = binary_target(train);
    if (regression) t = TreeTarget{{}, 0, train.yr};
    serial.fit(train.x, t);
    const auto expected = regression ? serial.predict(test.x) : serial.predict_proba(test.x);
    // Blocks of one tree add up in the serial order: bit for bit.
    std::vector<std::vector<double>> ones;
    for (std::size_t i = 0; i < 23; ++i)
      ones.push_back(worker.predict_block(train.x, index, t, {}, test.x, i, 1));
    CHECK(RandomForest::mean_of_blocks(ones, 23) == expected);
    // Blocks of 10, 10 and 3 trees, computed out of order as ranks would: equal to rounding.
    std::vector<std::vector<double>> blocks(3);
    for (std::size_t b = 3; b-- > 0;)
      blocks[b] = worker.predict_block(train.x, index, t, {}, test.x, b * 10,
                                       std::min<std::size_t>(10, 23 - b * 10));
    const auto mean = RandomForest::mean_of_blocks(blocks, 23);
    REQUIRE(mean.size() == test.x.rows * (regression ? 1 : 2));
    for (std::size_t q = 0; q < mean.size(); ++q)
      CHECK(mean[q] == Approx(expected[q]).margin(1e-12));
    // A block's trees are the serial forest's: the all-rows block sums them the same way.
    const auto fitted = worker.fit_block(train.x, index, t, {}, 10, 10);
    const auto in_sample = worker.predict_block(train.x, index, t, {}, train.x, 10, 10);
    const std::size_t k = regression ? 1 : 2, skip = 3 + train.x.rows + train.x.rows * k;
    CHECK(std::vector<double>(fitted.begin() + static_cast<std::ptrdiff_t>(skip), fitted.end()) ==
          in_sample);
    CHECK_THROWS_AS(worker.predict_block(train.x, index, t, {}, test.x, 20, 4), InputError);
    const std::vector<std::vector<double>> uneven{{1.0, 2.0}, {1.0}};
    CHECK_THROWS_AS(RandomForest::mean_of_blocks(uneven, 2), InputError);
  }
}
