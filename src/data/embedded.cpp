#include "data/embedded.hpp"

#include <cmath>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace adm::data {
namespace {

// A lending scenario with a known causal structure, so every method has a right answer to find:
//   race -> zip_code            (zip_code is a proxy: it carries information about repaid only
//                                through race, i.e. I(repaid; zip_code | race) = 0)
//   race -> income -> repaid    (a structural disparity that passes through a genuine feature)
//   debt_ratio, years_employed -> repaid   (genuinely predictive, independent of race and sex)
//   favorite_color              (pure noise)
//   approved                    (a biased model's decision: it also penalises some zip codes)
// The generator uses its own fixed stream so `embedded:demo` is the same table in every run.
Dataset make_demo(std::uint64_t rows) {
  Rng rng(20261130, "embedded:demo", 0);
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

}  // namespace

Dataset make_embedded(const std::string& name, std::uint64_t rows) {
  if (name == "demo") return make_demo(rows == 0 ? 2000 : rows);
  throw InputError("unknown embedded dataset 'embedded:" + name + "' (available: embedded:demo)");
}

}  // namespace adm::data
