#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "glm_test_data.hpp"
#include "learn/logistic.hpp"
#include "learn/multinomial.hpp"

using namespace adm;

namespace {

// R: iris$Sepal.Length; species codes 0 setosa, 1 versicolor, 2 virginica (50 each, in order).
const std::vector<double> kSepalLength = {
    5.1, 4.9, 4.7, 4.6, 5,   5.4, 4.6, 5,   4.4, 4.9, 5.4, 4.8, 4.8, 4.3, 5.8, 5.7, 5.4, 5.1, 5.7,
    5.1, 5.4, 5.1, 4.6, 5.1, 4.8, 5,   5,   5.2, 5.2, 4.7, 4.8, 5.4, 5.2, 5.5, 4.9, 5,   5.5, 4.9,
    4.4, 5.1, 5,   4.5, 4.4, 5,   5.1, 4.8, 5.1, 4.6, 5.3, 5,   7,   6.4, 6.9, 5.5, 6.5, 5.7, 6.3,
    4.9, 6.6, 5.2, 5,   5.9, 6,   6.1, 5.6, 6.7, 5.6, 5.8, 6.2, 5.6, 5.9, 6.1, 6.3, 6.1, 6.4, 6.6,
    6.8, 6.7, 6,   5.7, 5.5, 5.5, 5.8, 6,   5.4, 6,   6.7, 6.3, 5.6, 5.5, 5.5, 6.1, 5.8, 5,   5.6,
    5.7, 5.7, 6.2, 5.1, 5.7, 6.3, 5.8, 7.1, 6.3, 6.5, 7.6, 4.9, 7.3, 6.7, 7.2, 6.5, 6.4, 6.8, 5.7,
    5.8, 6.4, 6.5, 7.7, 7.7, 6,   6.9, 5.6, 7.7, 6.3, 6.7, 7.2, 6.2, 6.1, 6.4, 7.2, 7.4, 7.9, 6.4,
    6.3, 6.1, 7.7, 6.3, 6.4, 6,   6.9, 6.7, 6.9, 5.8, 6.8, 6.7, 6.7, 6.3, 6.5, 6.2, 5.9};

learn::DesignMatrix iris_design() {
  learn::DesignMatrix d;
  d.rows = kSepalLength.size();
  d.cols = 2;
  d.names = {"(Intercept)", "Sepal.Length"};
  d.term = {-1, 0};
  d.terms = {0};
  d.values.assign(d.rows, 1.0);
  d.values.insert(d.values.end(), kSepalLength.begin(), kSepalLength.end());
  return d;
}

std::vector<std::int32_t> iris_species() {
  std::vector<std::int32_t> y;
  for (std::int32_t k = 0; k < 3; ++k) y.insert(y.end(), 50, k);
  return y;
}

}  // namespace

TEST_CASE("multinomial logit matches nnet::multinom on iris", "[glm][multinomial]") {
  // R: m <- nnet::multinom(Species ~ Sepal.Length, iris, maxit = 10000, reltol = 1e-16,
  //                        abstol = 1e-30); coef(m); m$deviance; m$AIC; summary(m)$standard.errors
  const auto fit = learn::fit_multinomial(iris_design(), iris_species(), 3);
  REQUIRE(fit.converged);
  CHECK(fit.iterations < 15);
  const double coef[] = {-26.0819364462, 4.81569116786, -38.7590018189, 6.84639870202};
  const double se[] = {4.88927300609, 0.906837987061, 5.69067521665, 1.022222675538};
  for (std::size_t j = 0; j < 4; ++j) {
    CHECK(fit.coef[j] == Approx(coef[j]).epsilon(1e-6));
    CHECK(fit.std_error[j] == Approx(se[j]).epsilon(1e-4));  // nnet differentiates numerically
  }
  CHECK(fit.deviance == Approx(182.06793279).epsilon(1e-9));
  CHECK(fit.aic == Approx(190.06793279).epsilon(1e-9));
  // nnet with its default tolerance stops near the optimum (coef -26.0833867050, ...): close.
  CHECK(fit.coef[0] == Approx(-26.0833867050).epsilon(1e-3));

  const auto prob = learn::predict_multinomial(iris_design(), fit.beta(), 3);
  for (std::size_t i = 0; i < 150; ++i) {
    CHECK(prob[i * 3] + prob[i * 3 + 1] + prob[i * 3 + 2] == Approx(1).margin(1e-12));
  }
  // Fitted class totals equal observed ones at the MLE (score equation of the intercepts).
  double versicolor = 0;
  for (std::size_t i = 0; i < 150; ++i) versicolor += prob[i * 3 + 1];
  CHECK(versicolor == Approx(50).epsilon(1e-8));
}

TEST_CASE("two-class multinomial equals binomial IRLS", "[glm][multinomial]") {
  const auto d = test::synth();
  const auto x = test::synth_design(d);
  std::vector<std::int32_t> y;
  for (double v : d.y) y.push_back(static_cast<std::int32_t>(v));
  const auto multi = learn::fit_multinomial(x, y, 2, d.w);
  const auto bin = learn::fit_logistic(x, d.y, d.w);
  for (std::size_t j = 0; j < x.cols; ++j) {
    CHECK(multi.coef[j] == Approx(bin.coefficients[j].estimate).epsilon(1e-8));
    // R's glm (and fit_logistic) take standard errors from the working weights of the last IRLS
    // step, the multinomial fit from the final estimate: equal to about 1e-6.
    CHECK(multi.std_error[j] == Approx(bin.coefficients[j].std_error).epsilon(1e-5));
  }
  CHECK(multi.aic == Approx(bin.aic).epsilon(1e-10));
}

TEST_CASE("multinomial rejects an empty class and drops aliased columns", "[glm][multinomial]") {
  auto y = iris_species();
  for (auto& v : y)
    if (v == 2) v = 1;
  CHECK_THROWS_AS(learn::fit_multinomial(iris_design(), y, 3), InputError);
  auto x = iris_design();
  x.cols = 3;
  x.names.push_back("copy");
  x.term.push_back(1);
  x.values.insert(x.values.end(), kSepalLength.begin(), kSepalLength.end());
  const auto fit = learn::fit_multinomial(x, iris_species(), 3);
  CHECK(fit.aliased[2]);
  CHECK(std::isnan(fit.coef[2]));
  CHECK(fit.coef[1] == Approx(4.81569116786).epsilon(1e-6));
}
