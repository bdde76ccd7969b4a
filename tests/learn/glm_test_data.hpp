#pragma once
// Data shared by the GLM, multinomial and lasso tests, reproducible in R (the R code is beside
// each expected value in the tests).
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "learn/design_matrix.hpp"

namespace adm::test {

// 300 rows from a Park-Miller generator (exact in R's doubles too). In R:
//   synth <- function(n=300) {
//     s <- 12345; u <- function() { s <<- (16807 * s) %% 2147483647; s / 2147483647 }
//     d <- data.frame(x1=numeric(n), x2=0, g=0, x4=0, x5=0, y=0)
//     for (i in 1:n) {
//       x1 <- 4*u()-2; x2 <- 10*u(); g <- floor(3*u()); x4 <- u(); x5 <- 2*u()-1; v <- u()
//       eta <- -0.5 + 1.2*x1 + 0.05*x2 + 0.8*(g==1) - 0.6*(g==2)
//       d[i,] <- c(x1, x2, g, x4, x5, as.numeric(v < plogis(eta)))
//     }
//     d$g <- factor(d$g); d$w <- 1 + ((0:(n-1)) %% 3); d
//   }
struct Synth {
  std::vector<double> x1, x2, g, x4, x5, y, w;
};

inline Synth synth(std::size_t n = 300) {
  std::int64_t s = 12345;
  auto u = [&] {
    s = (16807 * s) % 2147483647;
    return static_cast<double>(s) / 2147483647.0;
  };
  Synth d;
  for (std::size_t i = 0; i < n; ++i) {
    const double x1 = 4 * u() - 2, x2 = 10 * u(), g = std::floor(3 * u()), x4 = u(),
                 x5 = 2 * u() - 1, v = u();
    const double eta = -0.5 + 1.2 * x1 + 0.05 * x2 + 0.8 * (g == 1) - 0.6 * (g == 2);
    d.x1.push_back(x1);
    d.x2.push_back(x2);
    d.g.push_back(g);
    d.x4.push_back(x4);
    d.x5.push_back(x5);
    d.y.push_back(v < 1 / (1 + std::exp(-eta)) ? 1.0 : 0.0);
    d.w.push_back(1.0 + static_cast<double>(i % 3));
  }
  return d;
}

// R's model.matrix(~ x1 + x2 + g + x4 + x5, d) in double precision (the FeatureMatrix route
// stores floats).
inline learn::DesignMatrix synth_design(const Synth& d, bool intercept = true) {
  learn::DesignMatrix m;
  m.rows = d.y.size();
  m.intercept = intercept;
  auto add = [&](const std::string& name, int term, auto value) {
    m.names.push_back(name);
    m.term.push_back(term);
    for (std::size_t r = 0; r < m.rows; ++r) m.values.push_back(value(r));
  };
  if (intercept) add("(Intercept)", -1, [](std::size_t) { return 1.0; });
  add("x1", 0, [&](std::size_t r) { return d.x1[r]; });
  add("x2", 1, [&](std::size_t r) { return d.x2[r]; });
  add("g1", 2, [&](std::size_t r) { return d.g[r] == 1 ? 1.0 : 0.0; });
  add("g2", 2, [&](std::size_t r) { return d.g[r] == 2 ? 1.0 : 0.0; });
  add("x4", 3, [&](std::size_t r) { return d.x4[r]; });
  add("x5", 4, [&](std::size_t r) { return d.x5[r]; });
  m.cols = m.names.size();
  m.terms = {0, 1, 2, 3, 4};
  return m;
}

// The same columns as a FeatureMatrix (g categorical with 3 levels).
inline learn::FeatureMatrix synth_features(const Synth& d) {
  learn::FeatureMatrix m;
  m.rows = d.y.size();
  m.cols = 5;
  m.names = {"x1", "x2", "g", "x4", "x5"};
  m.categorical = {0, 0, 1, 0, 0};
  m.levels = {0, 0, 3, 0, 0};
  const std::vector<const std::vector<double>*> cols = {&d.x1, &d.x2, &d.g, &d.x4, &d.x5};
  for (std::size_t r = 0; r < m.rows; ++r)
    for (const auto* c : cols) m.values.push_back(static_cast<float>((*c)[r]));
  return m;
}

}  // namespace adm::test
