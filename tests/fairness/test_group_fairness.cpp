#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "fairness/group_fairness.hpp"
#include "fairness/group_fairness_flat.hpp"

using namespace adm;
using namespace adm::fairness;

namespace {

// Owns the code vectors that FairnessInputs views.
struct Rows {
  std::vector<std::int32_t> y, p, g;
  std::vector<double> w;
  // `count` rows of (group, y_true, y_pred).
  void add(std::int32_t group, std::int32_t truth, std::int32_t pred, int count) {
    for (int i = 0; i < count; ++i) y.push_back(truth), p.push_back(pred), g.push_back(group);
  }
  FairnessInputs inputs(std::size_t groups = 0) const {
    FairnessInputs in{y, p, g, w, groups, false};
    return in;
  }
};

}  // namespace

TEST_CASE("two groups of ten: every rate, the six metrics and DI by hand", "[fairness]") {
  Rows d;
  d.add(0, 1, 1, 3), d.add(0, 1, 0, 1), d.add(0, 0, 1, 2), d.add(0, 0, 0, 4);  // tp3 fn1 fp2 tn4
  d.add(1, 1, 1, 1), d.add(1, 1, 0, 2), d.add(1, 0, 1, 1), d.add(1, 0, 0, 6);  // tp1 fn2 fp1 tn6
  const FairnessReport r = evaluate(d.inputs());
  REQUIRE(r.groups == 2);
  const GroupRates& a = r.per_group[0];
  const GroupRates& b = r.per_group[1];
  // Group 0: base 4/10, selection 5/10, TPR 3/4, FPR 2/6, FNR 1/4, PPV 3/5, NPV 4/5, accuracy 7/10.
  CHECK(a.count == 10);
  CHECK(a.base_rate == Approx(0.4));
  CHECK(a.selection_rate == Approx(0.5));
  CHECK(a.tpr == Approx(0.75));
  CHECK(a.fpr == Approx(1.0 / 3.0));
  CHECK(a.fnr == Approx(0.25));
  CHECK(a.ppv == Approx(0.6));
  CHECK(a.npv == Approx(0.8));
  CHECK(a.accuracy == Approx(0.7));
  // Group 1: base 3/10, selection 2/10, TPR 1/3, FPR 1/7, FNR 2/3, PPV 1/2, NPV 6/8, accuracy 7/10.
  CHECK(b.tp == 1);
  CHECK(b.fn == 2);
  CHECK(b.fp == 1);
  CHECK(b.tn == 6);
  CHECK(b.base_rate == Approx(0.3));
  CHECK(b.selection_rate == Approx(0.2));
  CHECK(b.tpr == Approx(1.0 / 3.0));
  CHECK(b.fpr == Approx(1.0 / 7.0));
  CHECK(b.fnr == Approx(2.0 / 3.0));
  CHECK(b.ppv == Approx(0.5));
  CHECK(b.npv == Approx(0.75));
  CHECK(b.accuracy == Approx(0.7));
  // Overall: tp4 fn3 fp3 tn10 of 20.
  CHECK(r.overall.count == 20);
  CHECK(r.overall.tpr == Approx(4.0 / 7.0));
  CHECK(r.overall.accuracy == Approx(0.7));
  // SP |0.5-0.2|; PP |0.6-0.5|; PE |1/3-1/7| = 4/21; EOpp |3/4-1/3| = 5/12;
  // EOdds (Def. 5) 5/12 + 4/21 = 17/28; CUAE (Def. 6) |0.6-0.5| + |0.8-0.75| = 0.15.
  CHECK(r.sp.value == Approx(0.3));
  CHECK(r.pp.value == Approx(0.1));
  CHECK(r.pe.value == Approx(4.0 / 21.0));
  CHECK(r.eopp.value == Approx(5.0 / 12.0));
  CHECK(r.eodds.value == Approx(17.0 / 28.0));
  CHECK(r.cuae.value == Approx(0.15));
  CHECK(r.sp.group_a == 0);
  CHECK(r.sp.group_b == 1);
  CHECK(r.eodds.undefined_groups == 0);
  // DI: 0.2 / 0.5 = 0.4 < 0.8 -> fail; reference = most selected group 0.
  CHECK(r.di.ratio == Approx(0.4));
  CHECK(r.di.reference_group == 0);
  CHECK(r.di.ratio_vs_reference[0] == Approx(1.0));
  CHECK(r.di.ratio_vs_reference[1] == Approx(0.4));
  CHECK(r.di.verdict == Verdict::Fail);
  // A chosen reference group: ratios relative to group 1.
  FairnessOptions opt;
  opt.reference_group = 1;
  const auto r1 = evaluate(d.inputs(), opt);
  CHECK(r1.di.ratio_vs_reference[0] == Approx(2.5));
  CHECK(r1.di.ratio == Approx(0.4));
}

TEST_CASE("three groups: EOdds and CUAE are the max over pairs of summed gaps", "[fairness]") {
  Rows d;
  // group: (tp, fn, fp, tn)          TPR   FPR   PPV   NPV
  // A=0:   (0, 4, 1, 1)              0     1/2   0     1/5
  // B=1:   (4, 0, 1, 1)              1     1/2   4/5   1
  // C=2:   (1, 3, 0, 2)              1/4   0     1     2/5
  d.add(0, 1, 0, 4), d.add(0, 0, 1, 1), d.add(0, 0, 0, 1);
  d.add(1, 1, 1, 4), d.add(1, 0, 1, 1), d.add(1, 0, 0, 1);
  d.add(2, 1, 1, 1), d.add(2, 1, 0, 3), d.add(2, 0, 0, 2);
  const auto r = evaluate(d.inputs());
  // EOdds pairs: AB 1 + 0 = 1; AC 1/4 + 1/2 = 3/4; BC 3/4 + 1/2 = 5/4 -> 5/4 (B, C).
  // Sum of maxes would be max TPR gap 1 (AB) + max FPR gap 1/2 = 3/2: wrong.
  CHECK(r.eodds.value == Approx(1.25));
  CHECK(r.eodds.group_a == 1);
  CHECK(r.eodds.group_b == 2);
  CHECK(r.eopp.value == Approx(1.0));
  CHECK(r.pe.value == Approx(0.5));
  CHECK(r.eodds.value < r.eopp.value + r.pe.value);
  // CUAE pairs: AB 4/5 + 4/5 = 8/5; AC 1 + 1/5 = 6/5; BC 1/5 + 3/5 = 4/5 -> 8/5 (A, B),
  // whereas max PPV gap 1 (AC) + max NPV gap 4/5 (AB) = 9/5.
  CHECK(r.cuae.value == Approx(1.6));
  CHECK(r.cuae.group_a == 0);
  CHECK(r.cuae.group_b == 1);
  CHECK(r.pp.value == Approx(1.0));
  // Single rates are max - min: selection rates 1/6, 5/6, 1/6 -> SP 2/3; DI (1/6)/(5/6) = 1/5.
  CHECK(r.sp.value == Approx(2.0 / 3.0));
  CHECK(r.di.ratio == Approx(0.2));
  CHECK(r.di.reference_group == 1);
}

TEST_CASE("undefined rates are NaN and left out of gaps, with a count", "[fairness]") {
  Rows d;
  d.add(0, 1, 1, 2), d.add(0, 0, 0, 2);
  d.add(1, 0, 1, 1), d.add(1, 0, 0, 3);  // group 1 has no positives: TPR, FNR undefined
  const auto r = evaluate(d.inputs());
  CHECK(std::isnan(r.per_group[1].tpr));
  CHECK(std::isnan(r.per_group[1].fnr));
  CHECK(r.per_group[1].fpr == Approx(0.25));
  CHECK(std::isnan(r.eopp.value));  // only one group defines TPR
  CHECK(r.eopp.defined_groups == 1);
  CHECK(r.eopp.undefined_groups == 1);
  CHECK(r.eopp.group_a == -1);
  CHECK(std::isnan(r.eodds.value));
  CHECK(r.pe.value == Approx(0.25));  // FPR 0 vs 1/4 is still defined
  CHECK(r.sp.value == Approx(0.25));  // 1/2 vs 1/4
  // A third, empty group (G given explicitly) is undefined for every metric but does not hide the
  // gaps of the other two.
  const auto r3 = evaluate(d.inputs(3));
  CHECK(r3.per_group[2].count == 0);
  CHECK(std::isnan(r3.per_group[2].selection_rate));
  CHECK(r3.sp.value == Approx(0.25));
  CHECK(r3.sp.undefined_groups == 1);
  CHECK(r3.di.undefined_groups == 1);
  CHECK(std::isnan(r3.di.ratio_vs_reference[2]));
  // Nobody selected: DI is 0/0, undefined rather than a pass or a fail.
  Rows none;
  none.add(0, 1, 0, 3), none.add(1, 0, 0, 3);
  const auto rn = evaluate(none.inputs());
  CHECK(std::isnan(rn.di.ratio));
  CHECK(rn.di.verdict == Verdict::Undefined);
  CHECK(rn.sp.value == 0.0);
  CHECK(std::isnan(rn.pp.value));  // no positive predictions: PPV undefined everywhere
  CHECK(rn.pp.undefined_groups == 2);
}

TEST_CASE("four-fifths rule boundary and input errors", "[fairness]") {
  Rows d;
  d.add(0, 1, 1, 4), d.add(0, 0, 0, 6);  // selection 0.4
  d.add(1, 1, 1, 5), d.add(1, 0, 0, 5);  // selection 0.5 -> ratio exactly 0.8: pass
  CHECK(evaluate(d.inputs()).di.verdict == Verdict::Pass);
  Rows bad = d;
  bad.y[0] = 2;
  CHECK_THROWS_AS(evaluate(bad.inputs()), InputError);
  Rows missing = d;
  missing.g[3] = -1;
  CHECK_THROWS_AS(evaluate(missing.inputs()), InputError);
  auto in = missing.inputs();
  in.skip_missing = true;
  const auto r = evaluate(in);
  CHECK(r.rows_skipped == 1);
  CHECK(r.rows_used == 19);
  CHECK_THROWS_AS(evaluate(d.inputs(1)), InputError);  // one group
  CHECK_THROWS_AS(evaluate_on_rows(d.inputs(), {0, 99}), InternalError);
}

TEST_CASE("integer weights equal duplicated rows; row samples equal copies", "[fairness]") {
  Rng rng(21, "fairness-weights");
  Rows d, dup;
  for (int i = 0; i < 300; ++i) {
    const auto g = static_cast<std::int32_t>(rng.uniform_index(3));
    const auto y = static_cast<std::int32_t>(rng.uniform_index(2));
    const auto p = static_cast<std::int32_t>(rng.uniform_index(2));
    const auto k = static_cast<int>(rng.uniform_index(4));
    d.add(g, y, p, 1);
    d.w.push_back(k);
    dup.add(g, y, p, k);
  }
  const auto names = metric_names(3);
  const auto weighted = to_vector(evaluate(d.inputs(3)));
  const auto copied = to_vector(evaluate(dup.inputs(3)));
  REQUIRE(weighted.size() == names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    // Unweighted row counts differ by construction; everything weighted must agree.
    if (names[i] == "rows_used" || names[i].ends_with(".rows")) continue;
    INFO(names[i]);
    CHECK(weighted[i] == Approx(copied[i]).margin(1e-12));
  }
  // A bootstrap-style sample with repeats equals evaluating the materialised copy.
  const std::vector<std::size_t> rows{0, 0, 5, 7, 7, 7, 12, 299, 150};
  Rows taken;
  for (auto i : rows) taken.add(d.g[i], d.y[i], d.p[i], 1), taken.w.push_back(d.w[i]);
  const auto on_rows = to_vector(evaluate_on_rows(d.inputs(3), rows));
  const auto direct = to_vector(evaluate(taken.inputs(3)));
  REQUIRE(on_rows.size() == direct.size());
  for (std::size_t i = 0; i < on_rows.size(); ++i) {
    INFO(names[i]);
    if (std::isnan(direct[i]))
      CHECK(std::isnan(on_rows[i]));
    else
      CHECK(on_rows[i] == direct[i]);
  }
}
