#include <catch2/catch.hpp>

#include "data/load.hpp"
#include "info/measures.hpp"
#include "parallel/task_farm.hpp"
#include "pipeline_run.hpp"
#include "pipelines/infogram/infogram_pipeline.hpp"

using namespace adm;

namespace {

struct InfogramRun : test::PipelineRun {
  explicit InfogramRun(const std::string& extra) {
    config = pipelines::parse_config(std::string(pipelines::demo_config_text()) + extra, "demo");
    config.infogram.bootstrap = 19;
    config.infogram.feature_bootstrap = 0;
    execute([](auto&, auto&) {}, [](auto& c, auto& t) { pipelines::run_infogram(c, t); });
  }
};

}  // namespace

TEST_CASE("fair InfoGram of the demo rejects the proxy and keeps genuine features",
          "[pipelines][infogram]") {
  InfogramRun run("");
  const auto& admissible = run.get<std::string>("/infogram/admissible_set");
  const auto has = [&](const char* f) {
    return std::find(admissible.begin(), admissible.end(), f) != admissible.end();
  };
  CHECK(has("debt_ratio"));
  CHECK(has("years_employed"));
  CHECK_FALSE(has("zip_code"));
  CHECK_FALSE(has("favorite_color"));
  // The biased decisions depend on S beyond the admissible features far more than the outcome.
  const double alpha_y = run.get<double>("/alfa/outcome/alpha")[0];
  const double alpha_d = run.get<double>("/alfa/approved/alpha")[0];
  CHECK(alpha_d > 3 * alpha_y);
  CHECK(run.get<double>("/alfa/approved/p_value")[0] == Approx(1.0 / 20));
  REQUIRE(run.results.files().size() == 1);
  CHECK_THAT(run.results.files()[0].second, Catch::Contains("<svg"));
}

TEST_CASE("ALFA with a given admissible set and the exact plug-in learner equals plug-in CMI",
          "[pipelines][infogram]") {
  // With the frequency learner the in-sample alpha is the plug-in MI(Y, S | zip_code).
  auto config = pipelines::parse_config(
      "[run]\npipeline = \"infogram\"\n[data]\nsource = \"embedded:demo\"\ntarget = \"repaid\"\n"
      "sensitive = [\"race\"]\nfeatures = [\"zip_code\", \"favorite_color\"]\n"
      "[learner]\nkind = \"frequency\"\n[infogram]\nmode = \"fair\"\nbootstrap = 0\n"
      "[alfa]\nadmissible = [\"zip_code\"]\n",
      "t");
  const auto data = data::load_dataset(config.data);
  ResultSet results;
  std::ostringstream summary;
  dist::TaskFarm farm(dist::Communicator::world(), dist::FarmOptions{1});
  pipelines::StageContext context{config, data, farm, results, summary};
  std::vector<std::pair<std::string, double>> timings;
  pipelines::run_infogram(context, timings);
  const auto* alpha = results.find("/alfa/outcome/alpha_in_sample");
  REQUIRE(alpha != nullptr);
  CHECK(std::get<std::vector<double>>(alpha->values)[0] ==
        Approx(info::conditional_mutual_information(data, {"repaid"}, {"race"}, {"zip_code"}))
            .margin(1e-12));
}
