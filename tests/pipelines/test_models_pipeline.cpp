#include <catch2/catch.hpp>

#include "data/load.hpp"
#include "data/split.hpp"
#include "info/ml_cmi.hpp"
#include "learn/metrics.hpp"
#include "learn/random_forest.hpp"
#include "parallel/task_farm.hpp"
#include "pipelines/experiment_config.hpp"
#include "pipelines/models/models_pipeline.hpp"
#include "pipelines/stage.hpp"

using namespace adm;

TEST_CASE("models: a forest scored in blocks of trees equals the serial forest on each split",
          "[pipelines][models][forest]") {
  // 23 trees: blocks of 10, 10 and 3 per split; the tree stays one task per split.
  const auto config = pipelines::parse_config(
      "[run]\npipeline = \"models\"\nseed = 7\n[data]\nsource = \"embedded:demo\"\n"
      "target = \"repaid\"\npositive = \"yes\"\nsensitive = [\"race\"]\n"
      "features = [\"zip_code\", \"income\", \"debt_ratio\", \"years_employed\"]\n"
      "[models]\nrepeats = 3\nalfa = false\n"
      "[[models.model]]\nname = \"tree\"\nkind = \"tree\"\nfeatures = \"all\"\n"
      "[[models.model]]\nname = \"rf\"\nkind = \"forest\"\nfeatures = \"all\"\ntrees = 23\n"
      "candidates = \"uniform\"\n",
      "t");
  const auto data = data::load_dataset(config.data);
  pipelines::check_models_inputs(config, data);
  ResultSet results;
  std::ostringstream summary;
  dist::TaskFarm farm(dist::Communicator::world(), dist::FarmOptions{config.run.seed});
  pipelines::StageContext context{config, data, farm, results, summary};
  pipelines::Timings timings;
  pipelines::run_models(context, timings);
  const auto stage = std::find_if(farm.history().begin(), farm.history().end(),
                                  [](const auto& h) { return h.first == "models.score"; });
  REQUIRE(stage != farm.history().end());
  CHECK(stage->second.tasks == 3 + 3 * 3);

  // Independently: the split, the forest fitted serially with the pair's seed, its scores.
  const auto get = [&](const std::string& path) {
    return std::get<std::vector<double>>(results.find(path)->values);
  };
  const auto accuracy = get("/models/rf/accuracy"), auc = get("/models/rf/auc");
  REQUIRE(accuracy.size() == 3);
  std::size_t classes = 0;
  const auto y = info::response_codes(data, "repaid", &classes);
  const std::vector<std::string> cols{"zip_code", "income", "debt_ratio", "years_employed"};
  for (std::size_t r = 0; r < 3; ++r) {
    Rng split_rng(7, "models.split", r);
    const auto split = data::stratified_train_test_split(y, 0.2, split_rng);
    std::vector<std::int32_t> train_y, test_y;
    for (auto i : split.train) train_y.push_back(y[i]);
    for (auto i : split.test) test_y.push_back(y[i]);
    learn::RandomForest forest(learn::ForestParams{.trees = 23});
    forest.reseed(Rng(7, "models.score", 3 + r).next_u64());  // pair (model 1, split r)
    forest.fit(learn::make_matrix(data, cols, split.train), train_y, classes);
    const auto x_test = learn::make_matrix(data, cols, split.test);
    // The pipeline sums each block of 10 trees, then the blocks: the same association here, from
    // the serial forest's own trees.
    std::vector<double> proba(test_y.size() * 2, 0.0);
    for (std::size_t first = 0; first < 23; first += 10) {
      std::vector<double> block(proba.size(), 0.0);
      for (std::size_t i = first; i < std::min<std::size_t>(first + 10, 23); ++i) {
        const auto p = forest.trees()[i].predict_proba(x_test);
        for (std::size_t q = 0; q < p.size(); ++q) block[q] += p[q];
      }
      for (std::size_t q = 0; q < proba.size(); ++q) proba[q] += block[q];
    }
    for (double& v : proba) v /= 23;
    std::vector<double> p1, serial_p1;
    const auto serial = forest.predict_proba(x_test);
    for (std::size_t i = 0; i < test_y.size(); ++i) {
      p1.push_back(proba[i * 2 + 1]);
      serial_p1.push_back(serial[i * 2 + 1]);
    }
    CHECK(accuracy[r] == learn::accuracy(learn::predicted_classes(proba, classes), test_y));
    CHECK(auc[r] == learn::roc_auc(p1, test_y));
    // Summed tree by tree, probabilities differ in the last bits, which can break ties between
    // test rows differently: the AUC moves a little, never more.
    CHECK(auc[r] == Approx(learn::roc_auc(serial_p1, test_y)).margin(1e-4));
  }
}
