#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <set>

#include "data/split.hpp"
#include "data_test_util.hpp"

using adm::Rng;
using namespace adm::data;

namespace {
// Sorted, disjoint, and together exactly 0..n-1.
bool partitions(const std::vector<std::vector<std::size_t>>& parts, std::size_t n) {
  std::vector<std::size_t> all;
  for (const auto& p : parts) {
    if (!std::is_sorted(p.begin(), p.end())) return false;
    all.insert(all.end(), p.begin(), p.end());
  }
  std::sort(all.begin(), all.end());
  std::vector<std::size_t> expect(n);
  std::iota(expect.begin(), expect.end(), std::size_t{0});
  return all == expect;
}
std::vector<std::int32_t> labels(std::size_t zeros, std::size_t ones) {
  std::vector<std::int32_t> y(zeros, 0);
  y.insert(y.end(), ones, 1);
  return y;
}
std::size_t count_label(const std::vector<std::size_t>& rows, const std::vector<std::int32_t>& y,
                        int c) {
  return static_cast<std::size_t>(
      std::count_if(rows.begin(), rows.end(), [&](std::size_t r) { return y[r] == c; }));
}
}  // namespace

TEST_CASE("train_test_split: exact sizes, partition, determinism", "[data][split]") {
  Rng a(7, "split"), b(7, "split"), c(7, "split", 1);
  const auto s = train_test_split(100, 0.3, a);
  CHECK(s.test.size() == 30);
  CHECK(s.train.size() == 70);
  CHECK(partitions({s.train, s.test}, 100));
  CHECK(train_test_split(100, 0.3, b).test == s.test);
  CHECK(train_test_split(100, 0.3, c).test != s.test);
  CHECK(train_test_split(7, 0.5, a).test.size() == 4);  // round(3.5)
  CHECK(train_test_split(5, 0.0, a).test.empty());
  CHECK(train_test_split(5, 1.0, a).train.empty());
  CHECK_THROWS_AS(train_test_split(5, 1.5, a), adm::InputError);
}

TEST_CASE("stratified split keeps class proportions", "[data][split]") {
  Rng rng(1, "strat");
  const auto y = labels(60, 40);
  const auto s = stratified_train_test_split(y, 0.25, rng);
  CHECK(s.test.size() == 25);
  CHECK(count_label(s.test, y, 0) == 15);
  CHECK(count_label(s.test, y, 1) == 10);
  CHECK(partitions({s.train, s.test}, y.size()));
  // 7 and 3 rows at one half: 3.5 and 1.5 -> 4 and 1 (equal remainders: lower label first).
  const auto y2 = labels(7, 3);
  const auto t = stratified_train_test_split(y2, 0.5, rng);
  CHECK(t.test.size() == 5);
  CHECK(count_label(t.test, y2, 0) == 4);
  CHECK(count_label(t.test, y2, 1) == 1);
}

TEST_CASE("stratified k-fold: balanced per class, every row once", "[data][split]") {
  Rng rng(3, "folds");
  const auto y = labels(23, 10);
  const auto folds = stratified_kfold(y, 5, rng);
  REQUIRE(folds.size() == 5);
  CHECK(partitions(folds, y.size()));
  std::size_t lo = y.size(), hi = 0;
  for (const auto& f : folds) {
    const auto zeros = count_label(f, y, 0);
    CHECK((zeros == 4 || zeros == 5));
    CHECK(count_label(f, y, 1) == 2);
    lo = std::min(lo, f.size());
    hi = std::max(hi, f.size());
  }
  CHECK(hi - lo <= 1);
  // 6 + 6 rows in 4 folds: each class deals 2,2,1,1, the second continuing where the first stopped.
  for (const auto& f : stratified_kfold(labels(6, 6), 4, rng)) CHECK(f.size() == 3);
  Rng same(3, "folds"), other(3, "folds", 1);
  CHECK(stratified_kfold(y, 5, same) == folds);
  CHECK(stratified_kfold(y, 5, other) != folds);
  const auto fs = fold_split(folds, 2);
  CHECK(fs.test == folds[2]);
  CHECK(partitions({fs.train, fs.test}, y.size()));
  CHECK_THROWS_AS(stratified_kfold(y, 1, rng), adm::InputError);
  CHECK_THROWS_AS(stratified_kfold(labels(2, 1), 4, rng), adm::InputError);
}

TEST_CASE("bootstrap samples n rows with replacement", "[data][split]") {
  Rng rng(11, "boot");
  const auto s = bootstrap_sample(2000, rng);
  REQUIRE(s.size() == 2000);
  CHECK(std::is_sorted(s.begin(), s.end()));
  CHECK(s.back() < 2000);
  const std::set<std::size_t> distinct(s.begin(), s.end());
  CHECK(distinct.size() / 2000.0 == Approx(1 - std::exp(-1.0)).margin(0.03));
  const auto oob = out_of_bag(s, 2000);
  CHECK(oob.size() == 2000 - distinct.size());
  for (std::size_t r : oob) CHECK(distinct.count(r) == 0);
  Rng again(11, "boot"), next(11, "boot", 1);
  CHECK(bootstrap_sample(2000, again) == s);
  CHECK(bootstrap_sample(2000, next) != s);
}

TEST_CASE("shuffle is a deterministic permutation", "[data][split]") {
  std::vector<int> v(50);
  std::iota(v.begin(), v.end(), 0);
  auto a = v, b = v, c = v;
  Rng ra(5, "shuffle"), rb(5, "shuffle"), rc(5, "shuffle", 2);
  shuffle(a, ra);
  shuffle(b, rb);
  shuffle(c, rc);
  CHECK(a == b);
  CHECK(a != v);
  CHECK(a != c);
  std::sort(a.begin(), a.end());
  CHECK(a == v);
  // Every position is reachable: over many shuffles of 3 items all 6 orders occur.
  std::set<std::vector<int>> orders;
  Rng r(9, "perm");
  for (int i = 0; i < 200; ++i) {
    std::vector<int> w{0, 1, 2};
    shuffle(w, r);
    orders.insert(w);
  }
  CHECK(orders.size() == 6);
}
