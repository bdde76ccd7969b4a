#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "glm_test_data.hpp"
#include "learn/design_matrix.hpp"
#include "learn/glm_classifier.hpp"
#include "learn/logistic.hpp"
#include "learn/stepwise.hpp"

using namespace adm;
using learn::DesignMatrix;

namespace {

// mtcars (R's datasets package): hp, wt, am.
const std::vector<double> kHp = {110, 110, 93,  110, 175, 105, 245, 62,  95,  123, 123,
                                 180, 180, 180, 205, 215, 230, 66,  52,  65,  97,  150,
                                 150, 245, 175, 66,  91,  113, 264, 175, 335, 109};
const std::vector<double> kWt = {2.62,  2.875, 2.32,  3.215, 3.44,  3.46, 3.57,  3.19,
                                 3.15,  3.44,  3.44,  4.07,  3.73,  3.78, 5.25,  5.424,
                                 5.345, 2.2,   1.615, 1.835, 2.465, 3.52, 3.435, 3.84,
                                 3.845, 1.935, 2.14,  1.513, 3.17,  2.77, 3.57,  2.78};
const std::vector<double> kAm = {1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                 0, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1};

DesignMatrix columns(const std::vector<std::vector<double>>& cols,
                     const std::vector<std::string>& names) {
  DesignMatrix d;
  d.rows = cols[0].size();
  d.names.push_back("(Intercept)");
  d.term.push_back(-1);
  d.values.assign(d.rows, 1.0);
  for (std::size_t c = 0; c < cols.size(); ++c) {
    d.names.push_back(names[c]);
    d.term.push_back(static_cast<int>(c));
    d.terms.push_back(c);
    d.values.insert(d.values.end(), cols[c].begin(), cols[c].end());
  }
  d.cols = d.names.size();
  return d;
}

void check_row(const learn::CoefficientRow& r, double est, double se, double z, double p,
               double tol) {
  INFO(r.name);
  CHECK(r.estimate == Approx(est).epsilon(tol));
  CHECK(r.std_error == Approx(se).epsilon(tol));
  CHECK(r.z == Approx(z).epsilon(tol));
  CHECK(r.p_value == Approx(p).epsilon(tol * 10));
}

}  // namespace

TEST_CASE("IRLS matches R glm on mtcars am ~ hp + wt", "[glm]") {
  // R: m <- glm(am ~ hp + wt, binomial, mtcars); summary(m)$coefficients;
  //    c(m$deviance, m$null.deviance, m$aic, m$iter)
  const auto fit = learn::fit_logistic(columns({kHp, kWt}, {"hp", "wt"}), kAm);
  REQUIRE(fit.converged);
  REQUIRE(fit.coefficients.size() == 3);
  check_row(fit.coefficients[0], 18.8662987172041, 7.4435580602053, 2.53458071592, 0.01125819871661,
            1e-8);
  check_row(fit.coefficients[1], 0.0362555960822, 0.0177341536508, 2.04439393028, 0.04091464645903,
            1e-8);
  check_row(fit.coefficients[2], -8.0834751824446, 3.0686751130547, -2.63419061472,
            0.00843381259971, 1e-8);
  CHECK(fit.deviance == Approx(10.0591104723).epsilon(1e-10));
  CHECK(fit.null_deviance == Approx(43.2297332769).epsilon(1e-10));
  CHECK(fit.aic == Approx(16.0591104723).epsilon(1e-10));
  CHECK(fit.iterations == 8);
  CHECK(fit.rank == 3);
  CHECK(fit.df_residual == 29);
  CHECK(fit.cov[1 * 3 + 2] == Approx(-0.0418323880355646).epsilon(1e-7));  // vcov(m)[2, 3]
  CHECK_FALSE(fit.separation);
  CHECK(fit.warnings.empty());
}

TEST_CASE("IRLS matches R glm with a factor and with case weights", "[glm]") {
  const auto d = test::synth();
  double ones = 0;
  for (double v : d.y) ones += v;
  REQUIRE(ones == 135);  // R: sum(d$y), so the generator matches R's
  // R: m <- glm(y ~ x1 + x2 + g + x4 + x5, binomial, d); summary(m)$coefficients
  const auto fit = learn::fit_logistic(test::synth_design(d), d.y);
  const double est[] = {-1.0931463052934898, 1.1772972010410527, 0.1079509251608590,
                        0.9939903553846592,  0.0271102140737525, -0.0956565205923538,
                        -0.1307237932687483};
  const double se[] = {0.4523773823772227, 0.1475187271853232, 0.0495692634013239,
                       0.3610656827409413, 0.3437971374425075, 0.5056521832906756,
                       0.2493358581295830};
  for (std::size_t j = 0; j < 7; ++j) {
    CHECK(fit.coefficients[j].estimate == Approx(est[j]).epsilon(1e-8));
    CHECK(fit.coefficients[j].std_error == Approx(se[j]).epsilon(1e-8));
  }
  CHECK(fit.coefficients[3].name == "g1");
  CHECK(fit.coefficients[4].p_value == Approx(0.937147746451903).epsilon(1e-8));
  CHECK(fit.deviance == Approx(298.748180978781).epsilon(1e-10));
  CHECK(fit.null_deviance == Approx(412.883288228153).epsilon(1e-10));
  CHECK(fit.aic == Approx(312.748180978781).epsilon(1e-10));
  CHECK(fit.iterations == 4);

  // R: mw <- glm(y ~ x1 + x2 + g + x4 + x5, binomial, d, weights = w)
  const auto wfit = learn::fit_logistic(test::synth_design(d), d.y, d.w);
  CHECK(wfit.coefficients[1].estimate == Approx(1.1665438184595647).epsilon(1e-8));
  CHECK(wfit.coefficients[1].std_error == Approx(0.1030867140523911).epsilon(1e-8));
  CHECK(wfit.coefficients[6].estimate == Approx(-0.0417279230324954).epsilon(1e-7));
  CHECK(wfit.deviance == Approx(602.586833371274).epsilon(1e-10));
  CHECK(wfit.null_deviance == Approx(828.834210953583).epsilon(1e-10));
  CHECK(wfit.aic == Approx(616.586833371274).epsilon(1e-10));
}

TEST_CASE("design matrix: treatment dummies named like R, NaN rejected", "[glm]") {
  const auto d = test::synth();
  auto x = test::synth_features(d);
  const auto design = learn::make_design(x, true, {{}, {}, {"a", "b", "c"}, {}, {}});
  REQUIRE(design.cols == 7);
  CHECK(design.names[3] == "gb");
  CHECK(design.names[4] == "gc");
  CHECK(design.term[4] == 2);
  for (std::size_t r = 0; r < design.rows; ++r) {
    CHECK(design.at(r, 3) == (d.g[r] == 1 ? 1.0 : 0.0));
    CHECK(design.at(r, 4) == (d.g[r] == 2 ? 1.0 : 0.0));
  }
  // Through the float FeatureMatrix the fit agrees with the double one to float precision.
  const auto fit = learn::fit_logistic(design, d.y);
  CHECK(fit.coefficients[1].estimate == Approx(1.1772972010410527).epsilon(1e-5));
  const std::vector<std::size_t> terms = {2, 0};
  const auto sub = learn::make_design(x, terms);
  CHECK(sub.names == std::vector<std::string>{"(Intercept)", "g1", "g2", "x1"});
  x.values[7 * x.cols + 1] = std::nanf("");
  CHECK_THROWS_AS(learn::make_design(x), InputError);
  x.values[7 * x.cols + 1] = 1;
  x.values[9 * x.cols + 2] = 3;  // code outside 3 levels
  CHECK_THROWS_AS(learn::make_design(x), InputError);
}

TEST_CASE("aliased columns are NA as in R; separation is flagged", "[glm]") {
  // R: d <- mtcars; d$hp2 <- 2 * d$hp; coef(glm(am ~ hp + hp2 + wt, binomial, d)): hp2 NA
  std::vector<double> hp2;
  for (double h : kHp) hp2.push_back(2 * h);
  const auto fit = learn::fit_logistic(columns({kHp, hp2, kWt}, {"hp", "hp2", "wt"}), kAm);
  CHECK(fit.rank == 3);
  CHECK(fit.coefficients[2].aliased);
  CHECK(std::isnan(fit.coefficients[2].estimate));
  CHECK(fit.coefficients[1].estimate == Approx(0.0362555960822166).epsilon(1e-8));
  CHECK(fit.coefficients[3].estimate == Approx(-8.0834751824446371).epsilon(1e-8));
  CHECK(fit.aic == Approx(16.0591104723).epsilon(1e-10));
  CHECK(fit.warnings.size() == 1);

  // Perfectly separated: x < 0 -> 0, x > 0 -> 1.
  const std::vector<double> x = {-3, -2, -1, -0.5, 0.5, 1, 2, 3}, y = {0, 0, 0, 0, 1, 1, 1, 1};
  const auto sep = learn::fit_logistic(columns({x}, {"x"}), y);
  CHECK(sep.separation);
  CHECK(sep.deviance < 1e-6);
  CHECK_FALSE(sep.warnings.empty());
  CHECK(learn::format_logistic(sep).find("separation") != std::string::npos);

  const std::vector<double> bad = {0, 0, 0, 0, 1, 1, 1, 2};
  CHECK_THROWS_AS(learn::fit_logistic(columns({x}, {"x"}), bad), InputError);
}

TEST_CASE("backward stepwise matches R step()", "[glm]") {
  const auto d = test::synth();
  const auto x = test::synth_features(d);
  // R: s <- step(m, direction = "backward", trace = 0); s$anova  (m as above)
  //   start AIC 312.748180978781; - x4 310.783982691595; - x5 309.038024669045; y ~ x1 + x2 + g
  const auto s = learn::stepwise_logistic(x, d.y);
  REQUIRE(s.trace.size() == 3);
  CHECK(s.trace[0].aic == Approx(312.748180978781).epsilon(1e-7));
  CHECK(s.trace[1].removed == "x4");
  CHECK(s.trace[1].aic == Approx(310.783982691595).epsilon(1e-7));
  CHECK(s.trace[1].deviance == Approx(298.783982691595).epsilon(1e-7));
  CHECK(s.trace[2].removed == "x5");
  CHECK(s.trace[2].aic == Approx(309.038024669045).epsilon(1e-7));
  CHECK(s.kept == std::vector<std::size_t>{0, 1, 2});
  CHECK(s.aic == Approx(309.038024669045).epsilon(1e-7));
  // Weighted, R: step(glm(..., weights = w), direction = "backward")$anova
  const auto sw = learn::stepwise_logistic(x, d.y, d.w);
  REQUIRE(sw.trace.size() == 3);
  CHECK(sw.trace[1].aic == Approx(614.600878437775).epsilon(1e-7));
  CHECK(sw.trace[2].aic == Approx(612.652551593037).epsilon(1e-7));
}

TEST_CASE("stepwise drops a factor as one term", "[glm]") {
  // A noise factor with 4 levels (row % 4) next to x1: its three dummies go in one step.
  // R: d$h <- factor((0:299) %% 4); step(glm(y ~ x1 + h, binomial, d), direction = "backward")
  //    $anova: start AIC 317.7569, "- h" 317.2719
  const auto d = test::synth();
  auto x = test::synth_features(d);
  x.levels[2] = 4;
  for (std::size_t r = 0; r < x.rows; ++r) x.values[r * x.cols + 2] = static_cast<float>(r % 4);
  auto score = [&](const std::vector<std::size_t>& terms) {
    const auto fit = learn::fit_logistic(learn::make_design(x, terms), d.y);
    return learn::ModelScore{fit.aic, fit.deviance};
  };
  const auto s = learn::backward_stepwise({0, 2}, score, x.names);
  REQUIRE(s.trace.size() == 2);
  CHECK(s.trace[0].aic == Approx(317.7569).epsilon(1e-6));
  CHECK(s.trace[1].removed == "g");
  CHECK(s.aic == Approx(317.2719).epsilon(1e-6));
  CHECK(s.kept == std::vector<std::size_t>{0});
}

TEST_CASE("GlmClassifier: binary, multiclass, absent class, stepwise", "[glm]") {
  const auto d = test::synth();
  const auto x = test::synth_features(d);
  std::vector<std::int32_t> y;
  for (double v : d.y) y.push_back(static_cast<std::int32_t>(v));
  learn::GlmParams params;
  params.stepwise = true;
  learn::GlmClassifier glm(params);
  glm.fit(x, y, 2);
  REQUIRE(glm.logistic());
  CHECK(glm.terms() == std::vector<std::size_t>{0, 1, 2});  // as R's step above
  const auto prob = glm.predict_proba(x);
  const auto direct =
      learn::predict_logistic(learn::make_design(x, glm.terms()), glm.logistic()->beta());
  for (std::size_t r = 0; r < x.rows; ++r) {
    CHECK(prob[2 * r + 1] == Approx(direct[r]).epsilon(1e-12));
    CHECK(prob[2 * r] + prob[2 * r + 1] == Approx(1).margin(1e-12));
  }
  const auto imp = glm.importance();
  CHECK(imp[0] == Approx(std::fabs(glm.logistic()->coefficients[1].z)));
  CHECK(imp[3] == 0);  // dropped by stepwise
  CHECK(imp[4] == 0);

  // Class 1 absent among 3: the model is binary over classes 0 and 2.
  std::vector<std::int32_t> y3;
  for (auto v : y) y3.push_back(v == 1 ? 2 : 0);
  learn::GlmClassifier plain;
  plain.fit(x, y3, 3);
  CHECK(plain.present_classes() == std::vector<std::int32_t>{0, 2});
  const auto p3 = plain.predict_proba(x);
  CHECK(p3[1] == 0);
  learn::GlmClassifier binary;
  binary.fit(x, y, 2);
  const auto p2 = binary.predict_proba(x);
  for (std::size_t r = 0; r < x.rows; ++r) CHECK(p3[3 * r + 2] == Approx(p2[2 * r + 1]));

  // Three classes -> multinomial.
  std::vector<std::int32_t> yk;
  for (std::size_t r = 0; r < x.rows; ++r) yk.push_back(y[r] + (d.x2[r] > 6 ? 1 : 0));
  auto clone = plain.clone();
  clone->fit(x, yk, 3);
  const auto pk = clone->predict_proba(x);
  CHECK(pk.size() == 3 * x.rows);
  CHECK(pk[0] + pk[1] + pk[2] == Approx(1).margin(1e-12));
}
