#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "data/dataset.hpp"
#include "info/measures.hpp"
#include "learn/frequency_classifier.hpp"
#include "methods/infogram/adverse_impact.hpp"
#include "methods/infogram/alfa.hpp"
#include "ucb_data.hpp"

using namespace adm;
using namespace adm::methods;
using V = std::vector<std::int32_t>;

TEST_CASE("AIR and CAIR on hand-computed tables", "[infogram]") {
  // Group 0: 3 of 4 favourable; group 1: 1 of 4 -> AIR = 0.25 / 0.75.
  const V y{1, 1, 1, 0, 1, 0, 0, 0}, g{0, 0, 0, 0, 1, 1, 1, 1};
  const auto air = adverse_impact_ratio(y, g);
  CHECK(air.ratio == Approx(1.0 / 3));
  CHECK(air.lowest_group == 1);
  CHECK(air.highest_group == 0);
  CHECK(air.rates == std::vector<double>{0.75, 0.25});
  // Weights: row 4 counted 3 times -> group 1 rate 3/6 -> AIR = 0.5 / 0.75.
  const std::vector<double> w{1, 1, 1, 1, 3, 1, 1, 1};
  CHECK(adverse_impact_ratio(y, g, w).ratio == Approx(2.0 / 3));
  // Strata: d = 0 holds rows 0-1 and 4-5 (AIR 0.5/1), d = 1 rows 2-3 and 6-7 (AIR 0/0.5 = 0).
  const V d{0, 0, 1, 1, 0, 0, 1, 1};
  const auto cair = conditional_adverse_impact_ratio(y, g, d);
  CHECK(cair.per_stratum[0].ratio == Approx(0.5));
  CHECK(cair.per_stratum[1].ratio == 0.0);
  CHECK(cair.value == Approx(0.5 * 0.5 + 0.5 * 0.0));
  // A stratum with one group only has no AIR: left out, shares renormalised.
  const V d2{0, 0, 0, 0, 0, 0, 0, 2};
  const auto c2 = conditional_adverse_impact_ratio(y, g, d2);
  CHECK(c2.undefined_strata == 1);
  CHECK(c2.value == Approx(c2.per_stratum[0].ratio));
  CHECK(std::isnan(adverse_impact_ratio(V{1, 0}, V{0, 0}).ratio));  // one group
  CHECK_THROWS_AS(adverse_impact_ratio(V{2, 0}, V{0, 1}), InputError);
}

TEST_CASE("AIR and CAIR with a minimum group size: a tiny group cannot decide", "[infogram]") {
  // Groups 0 and 1: 40 rows each, rates 0.5 and 0.25; group 2: one row, rate 0 (an age of 90).
  V y, g, d;
  for (int i = 0; i < 40; ++i) {
    y.push_back(i % 2), g.push_back(0), d.push_back(i < 20 ? 0 : 1);
    y.push_back(i % 4 == 0), g.push_back(1), d.push_back(i < 20 ? 0 : 1);
  }
  y.push_back(0), g.push_back(2), d.push_back(0);
  const auto all = adverse_impact_ratio(y, g);
  CHECK(all.ratio == 0.0);  // the single row decides
  CHECK(all.lowest_group == 2);
  CHECK(all.small_groups == 0);
  const auto sized = adverse_impact_ratio(y, g, {}, 5.0);
  CHECK(sized.ratio == Approx(0.25 / 0.5));
  CHECK(sized.lowest_group == 1);
  CHECK(sized.highest_group == 0);
  CHECK(sized.small_groups == 1);
  CHECK(sized.rates[2] == 0.0);  // still reported
  // Weighted sizes count: the single row with weight 5 is big enough again.
  std::vector<double> w(y.size(), 1.0);
  w.back() = 5.0;
  CHECK(adverse_impact_ratio(y, g, w, 5.0).ratio == 0.0);
  // Within strata the same rule: stratum 0 holds the tiny group.
  const auto cair = conditional_adverse_impact_ratio(y, g, d, {}, 5.0);
  CHECK(cair.per_stratum[0].small_groups == 1);
  CHECK(cair.per_stratum[0].ratio > 0.0);
  CHECK(conditional_adverse_impact_ratio(y, g, d).per_stratum[0].ratio == 0.0);
}

TEST_CASE("UC Berkeley departments B and D: AIR, CAIR, ALFA as in appendix A.4", "[infogram]") {
  const auto t = test::load_ucb("BD");
  if (!t.loaded) {
    WARN("skipped: " << test::ucb_path() << " not found");
    return;
  }
  REQUIRE(t.count.size() == 8);
  // Marginal AIR (6.3): 0.37 / 0.50 = 0.74 (ours 0.7362, female 148/400, male 491/977).
  const auto air = adverse_impact_ratio(t.admitted, t.female, t.count);
  CHECK(air.ratio == Approx(0.74).margin(0.01));
  CHECK(air.lowest_group == 1);  // female
  // Within departments the bias reverses: (6.4) .63/.68 = 0.92, (6.5) .33/.35 = 0.94.
  const auto cair = conditional_adverse_impact_ratio(t.admitted, t.female, t.dept, t.count);
  CHECK(cair.per_stratum[1].ratio == Approx(0.92).margin(0.01));  // ours 0.9270
  CHECK(cair.per_stratum[3].ratio == Approx(0.94).margin(0.01));  // ours 0.9473
  CHECK(cair.per_stratum[1].lowest_group == 0);                   // male
  CHECK(cair.stratum_share[1] == Approx(0.43).margin(0.01));      // 585 / 1377 = 0.4248
  // (6.9): 0.43 x 0.92 + 0.57 x 0.94 = 0.93 from rounded factors; exact 0.9387.
  CHECK(cair.value == Approx(0.93).margin(0.01));
  CHECK(cair.value == Approx(585.0 / 1377 * (353.0 / 560) / (17.0 / 25) +
                             792.0 / 1377 * (138.0 / 417) / (131.0 / 375)));
  CHECK(cair.undefined_strata == 0);

  // ALFA (6.6): MI(Y, G | D) = 0.000285 bits, p = 0.715. Expanded to one row per applicant so
  // the bootstrap draws one null outcome per person.
  V adm, fem, dep;
  for (std::size_t i = 0; i < t.count.size(); ++i)
    for (int k = 0; k < static_cast<int>(t.count[i]); ++k)
      adm.push_back(t.admitted[i]), fem.push_back(t.female[i]), dep.push_back(t.dept[i]);
  data::Dataset d("ucb");
  d.add(data::Column::categorical("admit", adm, {"rejected", "admitted"}));
  d.add(data::Column::categorical("gender", fem, {"male", "female"}));
  d.add(data::Column::categorical("dept", dep, {"A", "B", "C", "D"}));
  InfogramOptions opt;
  opt.bootstrap = 199;
  const auto alfa =
      alfa_test(learn::FrequencyClassifier{}, d, "admit", {"gender"}, {"dept"}, {}, opt, 1973);
  CHECK(alfa.alpha == Approx(0.000285).margin(1e-5));  // plug-in: 0.0002915
  CHECK(alfa.alpha == Approx(info::conditional_mutual_information({adm}, {fem}, {dep})));
  CHECK(alfa.p_value > 0.3);  // paper 0.715: no evidence of bias given the department
  CHECK(alfa.nulls.size() == 199);
  // The weighted table gives the same point estimate.
  data::Dataset w("ucb-table");
  w.add(data::Column::categorical("admit", t.admitted, {"rejected", "admitted"}));
  w.add(data::Column::categorical("gender", t.female, {"male", "female"}));
  w.add(data::Column::categorical("dept", t.dept, {"A", "B", "C", "D"}));
  opt.bootstrap = 0;
  const auto weighted =
      alfa_test(learn::FrequencyClassifier{}, w, "admit", {"gender"}, {"dept"}, t.count, opt, 1);
  CHECK(weighted.alpha == Approx(alfa.alpha).epsilon(1e-12));
  CHECK(std::isnan(weighted.p_value));
}

TEST_CASE("ALFA test: outcome and model decisions", "[infogram]") {
  // Y depends on S beyond the admissible X_A; a model using only X_A is fair by construction.
  Rng rng(41, "alfa");
  const std::size_t n = 1500;
  V s(n), xa(n), y(n), fair_pred(n), unfair_pred(n);
  for (std::size_t i = 0; i < n; ++i) {
    s[i] = rng.bernoulli(0.5);
    xa[i] = static_cast<std::int32_t>(rng.uniform_index(3));
    y[i] = rng.bernoulli(0.2 + 0.25 * xa[i] + 0.2 * s[i]);
    fair_pred[i] = xa[i] >= 1;
    unfair_pred[i] = xa[i] + s[i] >= 2;
  }
  data::Dataset d("alfa");
  d.add(data::Column::categorical("s", s, {"a", "b"}));
  d.add(data::Column::categorical("xa", xa, {"0", "1", "2"}));
  d.add(data::Column::categorical("y", y, {"0", "1"}));
  InfogramOptions opt;
  opt.bootstrap = 49;
  const learn::FrequencyClassifier freq;
  const auto data_bias = alfa_test(freq, d, "y", {"s"}, {"xa"}, {}, opt, 3);
  CHECK(data_bias.alpha > 0.02);
  CHECK(data_bias.p_value == Approx(1.0 / 50));
  const auto fair = alfa_test(freq, d, fair_pred, 2, {"s"}, {"xa"}, {}, opt, 3);
  CHECK(fair.alpha == Approx(0.0).margin(1e-12));  // Y-hat is a function of X_A
  CHECK(fair.p_value == 1.0);
  const auto unfair = alfa_test(freq, d, unfair_pred, 2, {"s"}, {"xa"}, {}, opt, 3);
  CHECK(unfair.alpha > 0.1);
  CHECK(unfair.p_value == Approx(1.0 / 50));
  opt.estimate = info::CmiVariant::CrossFitted;
  const auto cv = alfa_test(freq, d, "y", {"s"}, {"xa"}, {}, opt, 3);
  CHECK(cv.variant == info::CmiVariant::CrossFitted);
  CHECK(cv.alpha == Approx(data_bias.alpha).margin(0.01));
  CHECK(cv.p_value < 0.05);
  CHECK_THROWS_AS(alfa_test(freq, d, "y", {"s"}, {"s"}, {}, opt, 3), InputError);
}
