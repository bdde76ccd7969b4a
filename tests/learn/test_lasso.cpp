#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "glm_test_data.hpp"
#include "learn/lasso.hpp"
#include "learn/lasso_classifier.hpp"
#include "learn/lasso_cv.hpp"

using namespace adm;

namespace {

const double kInf = std::numeric_limits<double>::infinity();
// R: pf <- c(1, 2, 0.5, 0.5, Inf, 2)   (x1, x2, g1, g2, x4, x5)
const std::vector<double> kFactors = {1, 2, 0.5, 0.5, kInf, 2};

learn::LassoOptions tight(std::size_t nlambda) {
  learn::LassoOptions o;
  o.nlambda = nlambda;
  o.tolerance = 1e-14;  // as thresh = 1e-14 in the R calls
  return o;
}

// KKT conditions of the standardised problem at every lambda, from the original columns:
// g_j = sum_i (w_i / W) x_ij (y_i - p_i) / sd_j must equal lambda v_j sign(b_j) where b_j != 0
// and be at most lambda v_j in size where b_j = 0.
void check_kkt(const learn::DesignMatrix& x, const std::vector<double>& y,
               const std::vector<double>& w, const learn::LassoPath& path,
               const std::vector<double>& v) {
  const std::size_t n = x.rows;
  double wsum = 0;
  for (double wi : w) wsum += wi;
  for (std::size_t k = 0; k < path.size(); ++k) {
    const auto prob = learn::predict_lasso(x, path, k);
    double score0 = 0;
    for (std::size_t i = 0; i < n; ++i) score0 += w[i] / wsum * (y[i] - prob[i]);
    CHECK(score0 == Approx(0).margin(1e-9));
    for (std::size_t j = 0; j + 1 < x.cols; ++j) {
      const double* col = x.column(j + 1);
      double m = 0, s2 = 0, g = 0;
      for (std::size_t i = 0; i < n; ++i) m += w[i] / wsum * col[i];
      for (std::size_t i = 0; i < n; ++i) s2 += w[i] / wsum * (col[i] - m) * (col[i] - m);
      for (std::size_t i = 0; i < n; ++i) g += w[i] / wsum * col[i] * (y[i] - prob[i]);
      g /= std::sqrt(s2);
      const double b = path.coef(k)[j], bound = path.lambda[k] * v[j];
      INFO("lambda " << k << " column " << x.names[j + 1]);
      if (std::isinf(v[j])) {
        CHECK(b == 0);
      } else if (b == 0) {
        CHECK(std::fabs(g) <= bound + 1e-9);
      } else {
        CHECK(g == Approx(std::copysign(bound, b)).margin(1e-9));
      }
    }
  }
}

}  // namespace

TEST_CASE("lasso path matches glmnet and satisfies KKT", "[glm][lasso]") {
  const auto d = test::synth();
  const auto x = test::synth_design(d);
  // R: x <- model.matrix(~ x1 + x2 + g + x4 + x5, d)[, -1]
  //    f <- glmnet(x, d$y, family = "binomial", penalty.factor = pf, nlambda = 20,
  //                thresh = 1e-14); f$lambda; coef(f)[, c(1, 3, 6, 10, 15)]
  const auto path = learn::fit_lasso_path(x, d.y, {}, kFactors, tight(20));
  REQUIRE(path.size() == 15);  // glmnet's early path end (deviance ratio rises < 1e-5)
  CHECK(path.lambda[0] == Approx(0.316612633441654).epsilon(1e-9));
  CHECK(path.lambda[9] == Approx(0.00403451558952295).epsilon(1e-9));
  CHECK(path.lambda[14] == Approx(0.000357404337615014).epsilon(1e-9));
  CHECK(path.null_deviance == Approx(412.883288228153).epsilon(1e-12));
  CHECK(path.deviance[14] == Approx(298.785788414331).epsilon(1e-8));
  struct Point {
    std::size_t k;
    double coef[7];  // intercept, x1, x2, g1, g2, x4, x5
  };
  const Point expected[] = {
      {0, {-0.200670695462151, 0, 0, 0, 0, 0, 0}},
      {2, {-0.322174421744894, 0.625921112909806, 0, 0.342711341327812, 0, 0, 0}},
      {5,
       {-0.5704573997489029, 1.0281342198738235, 0.0173482375921439, 0.7486703783085964, 0, 0, 0}},
      {9,
       {-1.0453569171812558, 1.1514237999846422, 0.0952899151147100, 0.9382644896415138, 0, 0,
        -0.0571038425926369}},
      {14,
       {-1.1329522853958804, 1.1750190639665146, 0.1075618862522603, 0.9853019047751953,
        0.0214818005364359, 0, -0.1183790219906428}}};
  for (const auto& e : expected) {
    INFO("lambda index " << e.k);
    CHECK(path.intercept[e.k] == Approx(e.coef[0]).margin(1e-7));
    for (std::size_t j = 0; j < 6; ++j)
      CHECK(path.coef(e.k)[j] == Approx(e.coef[j + 1]).margin(1e-7));
  }
  // Rescaled factors: sum 7 with Inf counted as 1 -> times 6 / 7; x4 (Inf) never enters.
  std::vector<double> v;
  for (double f : kFactors) v.push_back(f * 6.0 / 7.0);
  v[4] = kInf;
  CHECK(path.penalty[0] == Approx(6.0 / 7.0));
  check_kkt(x, d.y, std::vector<double>(d.y.size(), 1.0), path, v);
}

TEST_CASE("weighted lasso path matches glmnet and satisfies KKT", "[glm][lasso]") {
  const auto d = test::synth();
  const auto x = test::synth_design(d);
  // R: fw <- glmnet(x, d$y, family = "binomial", weights = d$w, nlambda = 10, thresh = 1e-14)
  //    fw$lambda; coef(fw)[, c(2, 5, 9)]
  const auto path = learn::fit_lasso_path(x, d.y, d.w, {}, tight(10));
  REQUIRE(path.size() == 9);
  CHECK(path.lambda[0] == Approx(0.272531895231998).epsilon(1e-9));
  CHECK(path.null_deviance == Approx(828.834210953583).epsilon(1e-12));
  const double at1[] = {-0.161785319928246, 0.664731023479978, 0, 0, 0, 0, 0};
  const double at4[] = {
      -0.999182409563687, 1.132164086438820, 0.108900003953924, 0.851430574169910, 0, 0, 0};
  const double at8[] = {-1.0622130758513135, 1.1659474892777653, 0.1186370616786311,
                        0.9355992164154746,  0.0181695310676569, -0.0407723520971060,
                        -0.0407762086202735};
  for (std::size_t j = 0; j < 7; ++j) {
    const double b1 = j == 0 ? path.intercept[1] : path.coef(1)[j - 1];
    const double b4 = j == 0 ? path.intercept[4] : path.coef(4)[j - 1];
    const double b8 = j == 0 ? path.intercept[8] : path.coef(8)[j - 1];
    CHECK(b1 == Approx(at1[j]).margin(1e-7));
    CHECK(b4 == Approx(at4[j]).margin(1e-7));
    CHECK(b8 == Approx(at8[j]).margin(1e-7));
  }
  check_kkt(x, d.y, d.w, path, std::vector<double>(6, 1.0));
}

TEST_CASE("lasso CV matches cv.glmnet with given folds", "[glm][lasso]") {
  const auto d = test::synth();
  const auto x = test::synth_design(d);
  std::vector<std::size_t> fold;
  for (std::size_t i = 0; i < 300; ++i) fold.push_back(i % 5);
  // R: foldid <- ((0:299) %% 5) + 1
  //    cv <- cv.glmnet(x, d$y, family = "binomial", penalty.factor = pf, lambda = f$lambda,
  //                    foldid = foldid, thresh = 1e-14); cv$cvm; cv$cvsd
  auto options = tight(20);
  const auto cv = learn::cv_lasso(x, d.y, {}, kFactors, options, fold);
  REQUIRE(cv.cvm.size() == 15);
  const double cvm[] = {1.38407382206808, 1.19532345101897, 1.10245786765853, 1.06167072919241,
                        1.04763553861438, 1.04551409848939, 1.04436038980686, 1.04445863425477,
                        1.04632896723288, 1.04821435457678, 1.04968648532001, 1.05071615581085,
                        1.05150671163383, 1.05206148311843, 1.05241075374348};
  const double cvsd[] = {0.0202172272213891, 0.0159383124906187, 0.0158842895627687,
                         0.0194449237009046, 0.0209260112286070, 0.0178996003555047,
                         0.0136448352949034, 0.0093507062804880, 0.0074446434410401,
                         0.0072904034217732, 0.0077334240894394, 0.0082030920479903,
                         0.0084610945209521, 0.0086012547965766, 0.0086971165095064};
  for (std::size_t l = 0; l < 15; ++l) {
    CHECK(cv.cvm[l] == Approx(cvm[l]).epsilon(1e-7));
    CHECK(cv.cvsd[l] == Approx(cvsd[l]).epsilon(1e-5));
  }
  CHECK(cv.lambda_min == Approx(0.0172731023065631).epsilon(1e-9));  // cv$lambda.min
  CHECK(cv.lambda_1se == Approx(0.045543140720461).epsilon(1e-9));   // cv$lambda.1se
  // type.measure = "class": cvm 0.45, 0.28333, 0.26, ...; lambda.min = lambda.1se = 0.12008
  const auto cls =
      learn::cv_lasso(x, d.y, {}, kFactors, options, fold, learn::CvMeasure::Misclassification);
  CHECK(cls.cvm[0] == Approx(0.45));
  CHECK(cls.cvm[1] == Approx(0.283333333333333));
  CHECK(cls.cvsd[2] == Approx(0.0221108319357027).epsilon(1e-9));
  CHECK(cls.index_min == 2);
  CHECK(cls.index_1se == 2);
}

TEST_CASE("lasso folds are balanced and reproducible from the Rng", "[glm][lasso]") {
  Rng a(7, "lasso_cv"), b(7, "lasso_cv"), c(8, "lasso_cv");
  const auto fa = learn::assign_folds(103, 10, a);
  CHECK(fa == learn::assign_folds(103, 10, b));
  CHECK(fa != learn::assign_folds(103, 10, c));
  std::vector<int> count(10, 0);
  for (auto f : fa) ++count[f];
  for (int k = 0; k < 10; ++k) CHECK(count[k] == (k < 3 ? 11 : 10));
  CHECK_THROWS_AS(learn::assign_folds(5, 6, a), InputError);
}

TEST_CASE("lasso input checks", "[glm][lasso]") {
  const auto d = test::synth();
  const auto x = test::synth_design(d);
  const std::vector<double> negative = {1, -1, 1, 1, 1, 1};
  CHECK_THROWS_AS(learn::fit_lasso_path(x, d.y, {}, negative), InputError);
  const std::vector<double> wrong_count = {1, 1};
  CHECK_THROWS_AS(learn::fit_lasso_path(x, d.y, {}, wrong_count), InputError);
  const std::vector<double> all_inf(6, kInf);
  const auto empty = learn::fit_lasso_path(x, d.y, {}, all_inf);
  REQUIRE(empty.size() == 1);  // nothing can enter: the intercept-only model
  for (std::size_t j = 0; j < 6; ++j) CHECK(empty.coef(0)[j] == 0);
  const std::vector<double> per_term = {1, 2, 3, 4, 5};
  CHECK(learn::expand_penalty(x, per_term) == std::vector<double>{1, 2, 3, 3, 4, 5});
}

TEST_CASE("LassoClassifier: CV-chosen lambda, infinite penalty keeps a column out",
          "[glm][lasso]") {
  const auto d = test::synth();
  const auto x = test::synth_features(d);
  std::vector<std::int32_t> y;
  for (double v : d.y) y.push_back(static_cast<std::int32_t>(v));
  learn::LassoParams params;
  params.penalty = {1, 1, 1, kInf, 1};  // x4 (F = 0) never enters
  params.folds = 5;
  learn::LassoClassifier a(params, 11), b(params, 11);
  a.fit(x, y, 2);
  b.fit(x, y, 2);
  REQUIRE(a.cv());
  CHECK(a.coefficients() == b.coefficients());  // same seed, same folds, same model
  CHECK(a.chosen() == a.cv()->index_1se);
  CHECK(a.cv()->lambda_1se >= a.cv()->lambda_min);
  for (std::size_t k = 0; k < a.cv()->path.size(); ++k) CHECK(a.cv()->path.coef(k)[4] == 0);
  const auto imp = a.importance();
  CHECK(imp[3] == 0);
  CHECK(imp[0] > 0);  // x1 is the strongest predictor
  const auto prob = a.predict_proba(x);
  CHECK(prob.size() == 2 * x.rows);
  CHECK(prob[0] + prob[1] == Approx(1).margin(1e-12));
  CHECK_THROWS_AS(a.fit(x, y, 3), InputError);
}
