#include "data/embedded.hpp"

#include <cmath>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace adm::data {
namespace {

// Each generator draws from its own fixed stream, so `embedded:NAME` with the same rows and draw is
// the same table in every run and on every rank.
Rng generator_stream(const std::string& name, std::uint64_t draw) {
  return Rng(20261130, "embedded:" + name, draw);
}

std::vector<std::string> bits() { return {"0", "1"}; }

// A lending scenario with a known causal structure, so every method has a right answer to find:
//   race -> zip_code            (zip_code is a proxy: it carries information about repaid only
//                                through race, i.e. I(repaid; zip_code | race) = 0)
//   race -> income -> repaid    (a structural disparity that passes through a genuine feature)
//   debt_ratio, years_employed -> repaid   (genuinely predictive, independent of race and sex)
//   favorite_color              (pure noise)
//   approved                    (a biased model's decision: it also penalises some zip codes)
Dataset make_demo(std::uint64_t rows, std::uint64_t draw) {
  Rng rng = generator_stream("demo", draw);
  const std::vector<std::string> races = {"group_a", "group_b"};
  const std::vector<std::string> sexes = {"female", "male"};
  const std::vector<std::string> zips = {"z1", "z2", "z3", "z4", "z5", "z6"};
  const std::vector<std::string> colors = {"blue", "green", "red"};
  const std::vector<std::string> yes_no = {"no", "yes"};
  // P(zip | race): group_a lives mostly in z1-z3, group_b mostly in z4-z6.
  const std::vector<double> zip_a = {0.30, 0.30, 0.25, 0.05, 0.05, 0.05};
  const std::vector<double> zip_b = {0.05, 0.05, 0.05, 0.25, 0.30, 0.30};

  std::vector<std::int32_t> race(rows), sex(rows), zip(rows), color(rows), repaid(rows),
      approved(rows);
  std::vector<double> income(rows), debt(rows), years(rows), age(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    race[i] = rng.bernoulli(0.4) ? 1 : 0;
    sex[i] = rng.bernoulli(0.5) ? 1 : 0;
    zip[i] = static_cast<std::int32_t>(rng.categorical(race[i] ? zip_b : zip_a));
    color[i] = static_cast<std::int32_t>(rng.uniform_index(3));
    income[i] = std::round(std::exp(3.9 - 0.45 * race[i] + 0.35 * rng.normal()) * 10.0) / 10.0;
    debt[i] =
        std::round(std::min(0.95, std::max(0.0, 0.35 + 0.15 * rng.normal())) * 1000.0) / 1000.0;
    years[i] = std::round(std::max(0.0, 8.0 + 5.0 * rng.normal()));
    age[i] = std::round(std::min(80.0, std::max(18.0, 40.0 + 12.0 * rng.normal())));
    const double logit = -0.8 - 0.6 * race[i] + 0.045 * (income[i] - 45.0) -
                         6.0 * (debt[i] - 0.35) + 0.12 * (years[i] - 8.0);
    repaid[i] = rng.bernoulli(1.0 / (1.0 + std::exp(-logit))) ? 1 : 0;
    const double score = 0.04 * (income[i] - 45.0) - 5.0 * (debt[i] - 0.35) +
                         0.08 * (years[i] - 8.0) - (zip[i] >= 3 ? 0.9 : 0.0);
    approved[i] = score > -0.3 ? 1 : 0;
  }
  Dataset d("embedded:demo");
  d.add(Column::categorical("race", race, races));
  d.add(Column::categorical("sex", sex, sexes));
  d.add(Column::numeric("age", age));
  d.add(Column::categorical("zip_code", zip, zips));
  d.add(Column::numeric("income", income));
  d.add(Column::numeric("debt_ratio", debt));
  d.add(Column::numeric("years_employed", years));
  d.add(Column::categorical("favorite_color", color, colors));
  d.add(Column::categorical("approved", approved, yes_no));
  d.add(Column::categorical("repaid", repaid, yes_no));
  return d;
}

// InfoGram paper, Example 1: X, S ~ Bernoulli(0.5); Y = X when S = 0 and 1 - X when S = 1, so
// MI(Y, X | S) = 1 bit. The `_null` variant draws Y ~ Bernoulli(0.5) independently (MI = 0).
Dataset make_example1(const std::string& name, std::uint64_t rows, std::uint64_t draw, bool null) {
  Rng rng = generator_stream(name, draw);
  std::vector<std::int32_t> x(rows), s(rows), y(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    x[i] = rng.bernoulli(0.5) ? 1 : 0;
    s[i] = rng.bernoulli(0.5) ? 1 : 0;
    y[i] = null ? (rng.bernoulli(0.5) ? 1 : 0) : (s[i] == 0 ? x[i] : 1 - x[i]);
  }
  Dataset d("embedded:" + name);
  d.add(Column::categorical("X", x, bits()));
  d.add(Column::categorical("S", s, bits()));
  d.add(Column::categorical("Y", y, bits()));
  return d;
}

// InfoGram paper, Example 3 (correlated features): X1..X49 iid N(0,1), X50 = 2 X1 - X2 + e with
// e ~ N(0, 2) (variance 2), Y ~ Bernoulli(1 / (1 + exp(-(3 sin X1 - 2 X2)))). Core set {X1, X2};
// X50 imitates them (predictive, but MI(Y, X50 | X1, X2) = 0).
Dataset make_example3(std::uint64_t rows, std::uint64_t draw) {
  Rng rng = generator_stream("example3", draw);
  const std::size_t p = 50;
  std::vector<std::vector<double>> x(p, std::vector<double>(rows));
  std::vector<std::int32_t> y(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j + 1 < p; ++j) x[j][i] = rng.normal();
    x[p - 1][i] = 2 * x[0][i] - x[1][i] + std::sqrt(2.0) * rng.normal();
    const double m = 3 * std::sin(x[0][i]) - 2 * x[1][i];
    y[i] = rng.bernoulli(1.0 / (1.0 + std::exp(-m))) ? 1 : 0;
  }
  Dataset d("embedded:example3");
  for (std::size_t j = 0; j < p; ++j) d.add(Column::numeric("X" + std::to_string(j + 1), x[j]));
  d.add(Column::categorical("Y", y, bits()));
  return d;
}

// "Information theoretic measures for fairness-aware feature selection", Table 1: the exact joint
// distribution of a random model on the paper's synthetic structure (Figure 3 is missing from the
// text; the graph is rebuilt from what the text says, see configs/shapley/expect.toml):
//   A -> X1;  X1 -> X5;  X1, X2 -> X3;  X2, X5 -> X4;  X3, X4 -> Y   (all binary)
// Every P(V = 1 | parents) is 0.05 + 0.9 U, U from the Park-Miller generator seeded with
// 1234567 + 7919 draw (five values skipped), in the order pa, p1[2], p5[2], p2, p3[4], p4[4],
// py[4]; the 128 cells are rows w (their probability, a weight), y, a, x1..x5. This is the awk
// generator of tests/reproductions/shapley_bayes_figure2.sh value for value (integers below 2^53
// are exact in awk's doubles), so the same draw gives bitwise the same weights.
Dataset make_shapley_synthetic(std::uint64_t draw) {
  std::int64_t state = 1234567 + 7919 * static_cast<std::int64_t>(draw);
  const auto rnd = [&] {
    state = (state * 16807) % 2147483647;
    return static_cast<double>(state) / 2147483647;
  };
  const auto p = [&] { return 0.05 + 0.9 * rnd(); };
  const auto b = [](double q, int v) { return v ? q : 1 - q; };
  for (int k = 0; k < 5; ++k) rnd();
  const double pa = p();
  double p1[2], p5[2], p3[4], p4[4], py[4];
  for (double& v : p1) v = p();
  for (double& v : p5) v = p();
  const double p2 = p();
  for (double& v : p3) v = p();
  for (double& v : p4) v = p();
  for (double& v : py) v = p();
  std::vector<std::vector<std::int32_t>> bit(7, std::vector<std::int32_t>(128));  // y a x1..x5
  std::vector<double> w(128);
  for (int c = 0; c < 128; ++c) {
    const int a = c / 64 % 2, x1 = c / 32 % 2, x2 = c / 16 % 2, x3 = c / 8 % 2, x4 = c / 4 % 2,
              x5 = c / 2 % 2, y = c % 2;
    const int row[7] = {y, a, x1, x2, x3, x4, x5};
    for (int j = 0; j < 7; ++j) bit[j][c] = row[j];
    w[c] = b(pa, a) * b(p1[a], x1) * b(p2, x2) * b(p5[x1], x5) * b(p3[2 * x1 + x2], x3) *
           b(p4[2 * x2 + x5], x4) * b(py[2 * x3 + x4], y);
  }
  Dataset d("embedded:shapley_synthetic");
  d.add(Column::numeric("w", w));
  const char* names[7] = {"y", "a", "x1", "x2", "x3", "x4", "x5"};
  for (int j = 0; j < 7; ++j) d.add(Column::categorical(names[j], bit[j], bits()));
  return d;
}

}  // namespace

std::vector<std::string> embedded_names() {
  return {"demo", "example1", "example1_null", "example3", "shapley_synthetic"};
}

Dataset make_embedded(const std::string& name, std::uint64_t rows, std::uint64_t draw) {
  if (name == "demo") return make_demo(rows == 0 ? 2000 : rows, draw);
  if (name == "example1" || name == "example1_null")
    return make_example1(name, rows == 0 ? 500 : rows, draw, name == "example1_null");
  if (name == "example3") return make_example3(rows == 0 ? 500 : rows, draw);
  if (name == "shapley_synthetic") {  // a distribution: always its 128 cells
    if (rows != 0 && rows != 128)
      throw InputError(
          "embedded:shapley_synthetic is 128 weighted rows (rows = " + std::to_string(rows) + ")");
    return make_shapley_synthetic(draw);
  }
  std::string known;
  for (const auto& n : embedded_names()) known += (known.empty() ? "" : ", ") + ("embedded:" + n);
  throw InputError("unknown embedded dataset 'embedded:" + name + "' (available: " + known + ")");
}

}  // namespace adm::data
