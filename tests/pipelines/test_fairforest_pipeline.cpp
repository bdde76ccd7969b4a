// Pipeline "fairforest" in-process on the embedded demo data (race protected, zip_code its proxy,
// age numeric), plus the protocol's vote and the per-feature Discrimination of the sweep.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "fairness/fair_metrics.hpp"
#include "methods/fairforest/feature_discrimination.hpp"
#include "methods/fairforest/forest_protocol.hpp"
#include "pipeline_run.hpp"
#include "pipelines/fairforest/fairforest_pipeline.hpp"

using namespace adm;

namespace {

const char* kConfig =
    "[run]\npipeline = \"fairforest\"\nseed = 3\n"
    "[data]\nsource = \"embedded:demo\"\nrows = 600\ntarget = \"repaid\"\npositive = \"yes\"\n"
    "features = [\"race\", \"age\", \"zip_code\", \"income\", \"debt_ratio\", \"years_employed\", "
    "\"favorite_color\"]\n"
    "[fairforest]\nprotected_nominal = \"race\"\nprotected_numeric = \"age\"\nfolds = 3\n"
    "bootstrap = 0\n";
const char* kSweep = "sweep = true\nsweep_features = [\"race\", \"age\", \"favorite_color\"]\n";

struct FairforestRun : test::PipelineRun {
  explicit FairforestRun(const std::string& extra = kSweep, const std::string& forest = "") {
    config = pipelines::parse_config(
        std::string(kConfig) + extra + "[fairforest.forest]\ntrees = 15\n" + forest, "t.toml");
    execute(pipelines::check_fairforest_inputs,
            [](auto& c, auto& t) { pipelines::run_fairforest(c, t); });
  }
  double importance(const std::string& model, std::size_t col) const {
    return get<double>("/fairforest/models/" + model + "/importance")[col];
  }
};

}  // namespace

TEST_CASE("fairforest pipeline: fair models never split on what they protect", "[fairforest]") {
  const FairforestRun run;
  // Columns: 0 race, 1 age, 2 zip_code (race's proxy). Plain models use race and age; _F never
  // race, _Fc never age.
  CHECK(run.importance("RF", 0) > 0);
  CHECK(run.importance("RF", 1) > 0);
  for (const char* m : {"DT_F", "RF_F"}) CHECK(run.importance(m, 0) == 0.0);
  for (const char* m : {"DT_Fc", "RF_Fc"}) CHECK(run.importance(m, 1) == 0.0);
  CHECK(run.get<double>("/fairforest/models/RF/prediction").size() == run.data.rows());
  CHECK(run.get<double>("/fairforest/models/RF_F/discrimination")[0] <
        run.get<double>("/fairforest/models/RF/discrimination")[0]);
  const auto& summary = run.get<double>("/fairforest/sweep/summary");
  REQUIRE(summary.size() == 6);
  CHECK(run.get<std::string>("/fairforest/sweep/feature").size() == 3);
  REQUIRE(run.results.files().size() == 1);
  CHECK(run.results.files()[0].first == "importance.svg");
}

TEST_CASE("fairforest pipeline: split_on_protected lets fair trees use it", "[fairforest]") {
  const FairforestRun run("split_on_protected = true\nmodels = [\"RF_F\"]\n");
  CHECK(run.importance("RF_F", 0) > 0);
}

TEST_CASE("fairforest pipeline: the forest does not depend on the trees per task", "[fairforest]") {
  const std::string models = "models = [\"RF\", \"RF_Fc\"]\n";
  const FairforestRun one(models, "trees_per_task = 1\n"), seven(models, "trees_per_task = 7\n");
  for (const char* m : {"RF", "RF_Fc"}) {
    const std::string g = std::string("/fairforest/models/") + m;
    CHECK(one.get<double>(g + "/prediction") == seven.get<double>(g + "/prediction"));
    CHECK(one.get<double>(g + "/importance") == seven.get<double>(g + "/importance"));
  }
}

TEST_CASE("fairforest protocol: majority vote per held-out row, ties to the lower class",
          "[fairforest]") {
  methods::fairforest::Problem pb;
  pb.x.rows = 4;
  pb.x.cols = 1;
  pb.x.values = {0, 1, 2, 3};
  pb.classes = 2;
  pb.labels = {0, 1, 0, 1};
  methods::fairforest::ModelSpec spec;
  spec.name = "RF";
  spec.forest = true;
  spec.trees = 2;
  const auto eval = methods::fairforest::holdout(2, 4);
  // Task results (one tree each): votes for classes 0 and 1 of rows 2 and 3, then the MDI of the
  // one column. Row 2: two votes for 1; row 3: one vote each.
  const auto o = methods::fairforest::assemble(pb, spec, eval, {{0, 1, 0, 1, 3}, {0, 1, 1, 0, 1}});
  CHECK(o.rows == std::vector<std::size_t>{2, 3});
  CHECK(o.prediction == std::vector<double>{1, 0});  // row 3: one vote each -> class 0
  CHECK(o.importance == std::vector<double>{1.0});
}

TEST_CASE("fairforest sweep: per-feature Discrimination is eq. 7 or MaxD by type", "[fairforest]") {
  methods::fairforest::Protected nominal;
  nominal.codes = {0, 2, 2, 0, 2};  // level 1 absent: two groups
  nominal.levels = 3;
  const std::vector<std::size_t> rows{0, 1, 2, 3, 4};
  const std::vector<double> yhat{1, 0, 0, 1, 1};
  // Groups {1, 1} and {0, 0, 1}: |1 - 1/3| = 2/3.
  CHECK(methods::fairforest::feature_discrimination(nominal, rows, yhat) == Approx(2.0 / 3));
  methods::fairforest::Protected numeric;
  numeric.values = {10, 20, 30, 40, 50};
  CHECK(methods::fairforest::feature_discrimination(numeric, rows, yhat) ==
        Approx(fairness::max_discrimination(yhat, numeric.values).value));
  numeric.values = {5, 5, 5, 5, 5};
  CHECK(std::isnan(methods::fairforest::feature_discrimination(numeric, rows, yhat)));
}

namespace {

// Eq. (7) by hand over the groups present: (2 / k) sum_i |mu - mu_i|.
double eq7_by_hand(const std::vector<double>& yhat, const std::vector<std::int32_t>& group) {
  std::map<std::int32_t, std::pair<double, double>> sums;  // group -> (sum, count)
  double total = 0;
  for (std::size_t i = 0; i < yhat.size(); ++i) {
    sums[group[i]].first += yhat[i];
    sums[group[i]].second += 1;
    total += yhat[i];
  }
  const double mu = total / static_cast<double>(yhat.size());
  double s = 0;
  for (const auto& [g, sc] : sums) s += std::abs(mu - sc.first / sc.second);
  return 2.0 / static_cast<double>(sums.size()) * s;
}

}  // namespace

TEST_CASE("fairforest sweep: protected Discrimination recomputed from the stored predictions",
          "[fairforest]") {
  const FairforestRun run;
  const auto& features = run.get<std::string>("/fairforest/sweep/feature");
  const auto& rows = run.get<std::int64_t>("/fairforest/rows");
  const auto& pred = run.get<double>("/fairforest/sweep/prediction");
  const auto& stored = run.get<double>("/fairforest/sweep/protected_discrimination");
  REQUIRE(pred.size() == features.size() * rows.size());
  CHECK(rows.size() == run.data.rows());
  for (std::size_t j = 0; j < features.size(); ++j) {
    INFO("feature " << features[j]);
    const std::vector<double> yhat(pred.begin() + j * rows.size(),
                                   pred.begin() + (j + 1) * rows.size());
    const auto& column = run.data.column(features[j]);
    double recomputed = 0;
    if (column.is_categorical()) {
      std::vector<std::int32_t> group;
      for (const auto r : rows) group.push_back(column.codes()[static_cast<std::size_t>(r)]);
      recomputed = eq7_by_hand(yhat, group);
    } else {
      std::vector<double> value;
      for (const auto r : rows) value.push_back(column.values()[static_cast<std::size_t>(r)]);
      recomputed = fairness::max_discrimination(yhat, value).value;
    }
    CHECK(stored[j] == Approx(recomputed).margin(1e-12));
  }
  // A fair forest's predictions differ from the plain forest's for the protected race.
  const auto& rf = run.get<double>("/fairforest/models/RF/prediction");
  CHECK(std::vector<double>(pred.begin(), pred.begin() + rows.size()) != rf);
}
