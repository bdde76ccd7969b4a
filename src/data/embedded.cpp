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

}  // namespace

std::vector<std::string> embedded_names() {
  return {"demo", "example1", "example1_null", "example3"};
}

Dataset make_embedded(const std::string& name, std::uint64_t rows, std::uint64_t draw) {
  if (name == "demo") return make_demo(rows == 0 ? 2000 : rows, draw);
  if (name == "example1" || name == "example1_null")
    return make_example1(name, rows == 0 ? 500 : rows, draw, name == "example1_null");
  if (name == "example3") return make_example3(rows == 0 ? 500 : rows, draw);
  std::string known;
  for (const auto& n : embedded_names()) known += (known.empty() ? "" : ", ") + ("embedded:" + n);
  throw InputError("unknown embedded dataset 'embedded:" + name + "' (available: " + known + ")");
}

}  // namespace adm::data
