#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/rng.hpp"
#include "methods/patterns/baselines.hpp"
#include "methods/patterns/fair_learner.hpp"
#include "patterns_test_util.hpp"

using namespace adm;
using namespace adm::methods::patterns;

namespace {
learn::NbTable random_table(std::size_t rows, Rng& rng) {
  learn::NbTable t;
  t.levels = {2, 2, 3, 2};
  t.names = {"s1", "s2", "a", "b"};
  t.x.assign(4, {});
  for (std::size_t r = 0; r < rows; ++r) {
    const int d = rng.bernoulli(0.4) ? 1 : 0;
    t.d.push_back(d);
    t.x[0].push_back(rng.bernoulli(d ? 0.8 : 0.3) ? 1 : 0);
    t.x[1].push_back(rng.bernoulli(d ? 0.6 : 0.4) ? 1 : 0);
    t.x[2].push_back(static_cast<std::int32_t>(rng.uniform_index(3)));
    t.x[3].push_back(rng.bernoulli(d ? 0.7 : 0.2) ? 1 : 0);
  }
  return t;
}
const std::vector<bool> kSens{true, true, false, false};
MineResult serial(const PatternModel& m, const MineOptions& o) { return mine_serial(m, o); }
}  // namespace

TEST_CASE("delta-fair: Ipopt without constraints finds the closed-form ML", "[patterns][fair]") {
  Rng rng(21, "patterns.fair.ml");
  const auto t = random_table(500, rng);
  const auto counts = learn::NbCounts::of(t);
  const auto ml = learn::NaiveBayes::fit(counts);
  learn::NaiveBayes start(t.levels);  // uniform
  CHECK(solve_constrained(counts, kSens, {}, 0.1, 0.0, start) == "success");
  CHECK(start.log_likelihood(counts) == Approx(ml.log_likelihood(counts)).epsilon(1e-9));
  CHECK(start.cond(2, 1, 1) == Approx(ml.cond(2, 1, 1)).epsilon(1e-6));
}

TEST_CASE("delta-fair: the learner ends fair, certified by brute force", "[patterns][fair]") {
  Rng rng(23, "patterns.fair.loop");
  const auto t = random_table(2000, rng);
  const auto counts = learn::NbCounts::of(t);
  for (auto ranking : {MineMode::TopDiscrimination, MineMode::TopDivergence}) {
    FairLearnOptions o;
    o.delta = 0.05;
    o.ranking = ranking;
    const auto r = learn_fair(counts, kSens, o, serial);
    REQUIRE(r.fair);
    const PatternModel m(r.model, kSens, o.delta);
    CHECK(brute_force(m, {MineMode::All, 1, true}).qualifying == 0);
    CHECK(r.iterations.front().remaining > 0);
    CHECK(r.iterations.back().remaining == 0);
    const double ml = learn::NaiveBayes::fit(counts).log_likelihood(counts);
    CHECK(r.log_likelihood < ml);
    CHECK(r.log_likelihood > independent_model(counts, kSens, 0).log_likelihood(counts));
  }
}

TEST_CASE("delta-fair: COMPAS at delta = 0.1 (paper: LL -207,395)", "[patterns][fair][real]") {
  const auto data = test::load_fairnb("compas");
  if (!data.ok) {
    WARN("SKIP: no " << test::fairnb_dir());
    return;
  }
  const auto counts = learn::NbCounts::of(data.table);
  FairLearnOptions o;
  const auto r = learn_fair(counts, data.sensitive, o, serial);
  REQUIRE(r.fair);
  CHECK(r.constraints.size() == 1);
  CHECK(r.iterations.front().remaining == 2017);
  const PatternModel m(r.model, data.sensitive, 0.1);
  CHECK(brute_force(m, {MineMode::All, 1, true}).qualifying == 0);  // exhaustive certificate
  CHECK(r.log_likelihood == Approx(-207395).margin(1.5));
}

TEST_CASE("baselines: independent model and 2NB parity", "[patterns]") {
  Rng rng(29, "patterns.baselines");
  const auto t = random_table(3000, rng);
  const auto counts = learn::NbCounts::of(t);
  const auto ind = independent_model(counts, kSens, 0);
  const double p1 = (counts.get(0, 1, 0) + counts.get(0, 1, 1)) / (counts.n[0] + counts.n[1]);
  CHECK(ind.cond(0, 1, 0) == Approx(p1));
  CHECK(ind.cond(0, 1, 1) == Approx(p1));
  CHECK(ind.cond(3, 1, 1) == Approx(learn::NaiveBayes::fit(counts).cond(3, 1, 1)));
  const auto avg = independent_model(counts, kSens, 0, true);
  const auto ml = learn::NaiveBayes::fit(counts);
  CHECK(avg.cond(1, 0, 1) == Approx((ml.cond(1, 0, 0) + ml.cond(1, 0, 1)) / 2));
  // 2NB on the table plus 8 noisy binary features, so log-odds rarely tie (ties cannot be split).
  auto w = t;
  std::vector<bool> sens = kSens;
  for (int j = 0; j < 8; ++j) {
    w.levels.push_back(2);
    w.names.push_back("n" + std::to_string(j));
    w.x.emplace_back();
    for (std::size_t r = 0; r < w.rows(); ++r)
      w.x.back().push_back(rng.bernoulli(w.d[r] ? 0.3 + 0.05 * j : 0.5) ? 1 : 0);
    sens.push_back(false);
  }
  TwoNaiveBayes two;
  two.fit(w, sens, 1.0);
  CHECK(two.groups() == 4);
  // Statistical parity on the training data: each group's favourable rate is the overall rate.
  double overall = 0;
  for (auto d : t.d) overall += d;
  overall /= static_cast<double>(t.rows());
  std::vector<double> pos(4, 0), n(4, 0);
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const std::size_t g = static_cast<std::size_t>(t.x[0][r] * 2 + t.x[1][r]);
    n[g] += 1;
    pos[g] += two.predict(w, r);
  }
  for (std::size_t g = 0; g < 4; ++g) CHECK(pos[g] / n[g] == Approx(overall).margin(0.02));
}
