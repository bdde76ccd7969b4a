// CPU times (std::clock: the machine is shared, wall time is not ours alone) of the binomial GLM
// (IRLS), the lasso path and the 10-fold lasso CV on Adult's complete columns, the fastest of
// REPEAT runs each, printed as `name seconds value` lines that
// bench/glm.sh sets beside R's glm / glmnet / cv.glmnet on the same design.
// Usage: bench_glm ADULT_TRAIN_CSV [REPEAT]
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <string>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "data/csv_reader.hpp"
#include "data/dataset.hpp"
#include "learn/lasso_cv.hpp"
#include "learn/logistic.hpp"

namespace {

double best_of(int repeat, const std::function<void()>& work) {
  double best = 1e300;
  for (int r = 0; r < repeat; ++r) {
    const std::clock_t t0 = std::clock();
    work();
    best = std::min(best, static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_glm ADULT_TRAIN_CSV [REPEAT]\n");
    return 2;
  }
  try {
    const int repeat = argc > 2 ? std::stoi(argv[2]) : 3;
    const auto data = adm::data::read_csv(argv[1]);
    // Columns without missing values (R's glm would drop incomplete rows of the others).
    const std::vector<std::string> names = {"age",          "education_num", "hours_per_week",
                                            "capital_gain", "capital_loss",  "sex",
                                            "race",         "relationship",  "marital_status"};
    const auto x = adm::learn::make_matrix(data, names);
    const auto design = adm::learn::make_design(x);
    const auto& income = data.column("income");
    std::vector<double> y(data.rows());
    for (std::size_t i = 0; i < y.size(); ++i) y[i] = income.codes()[i] == 1 ? 1.0 : 0.0;
    std::printf("rows %zu design_columns %zu\n", design.rows, design.cols);

    adm::learn::LogisticFit fit;
    const double t_glm = best_of(repeat, [&] { fit = adm::learn::fit_logistic(design, y); });
    std::printf("glm %.4f %.6f\n", t_glm, fit.deviance);

    adm::learn::LassoPath path;
    const double t_path = best_of(repeat, [&] { path = adm::learn::fit_lasso_path(design, y); });
    std::printf("lasso_path %.4f %zu\n", t_path, path.size());

    adm::learn::LassoCv cv;
    const double t_cv = best_of(1, [&] {
      adm::Rng rng(1, "bench_glm");
      cv = adm::learn::cv_lasso(design, y, {}, {}, {}, 10, rng);
    });
    std::printf("lasso_cv10 %.4f %.6g\n", t_cv, cv.lambda_min);
    return 0;
  } catch (const adm::InputError& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
}
