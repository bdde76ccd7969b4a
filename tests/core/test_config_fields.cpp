#include <catch2/catch.hpp>
#include <cstdlib>

#include "core/error.hpp"
#include "pipelines/experiment_config.hpp"

using adm::pipelines::parse_config;

namespace {
const char* kMinimal = "[data]\nsource = \"embedded:demo\"\ntarget = \"repaid\"\n";

std::string error_of(const std::string& text) {
  try {
    parse_config(text, "cfg.toml");
  } catch (const adm::InputError& e) {
    return e.what();
  }
  return "no error";
}
}  // namespace

TEST_CASE("defaults fill keys the config leaves out", "[core][config]") {
  const auto c = parse_config(kMinimal, "cfg.toml");
  CHECK(c.run.seed == 20261130);
  CHECK(c.run.out == "results/experiment.h5");
  CHECK(c.discretize.bins == 5);
  CHECK(c.fairness.bootstrap == 200);
  CHECK(c.data.csv.delimiter == ',');
  CHECK(c.data.csv.missing_markers == std::vector<std::string>{"?", "NA", ""});
}

TEST_CASE("config errors name file, line, column and key", "[core][config]") {
  CHECK(error_of(std::string(kMinimal) + "[run]\nsede = 3\n") ==
        "cfg.toml:5:1: unknown config key 'run.sede' (known keys here: name, out, pipeline, seed)");
  CHECK_THAT(error_of(std::string(kMinimal) + "[discretize]\nbins = 1\n"),
             Catch::StartsWith(
                 "cfg.toml:5:8: config key 'discretize.bins': must be in [2, 1000] (got 1)"));
  CHECK_THAT(error_of(std::string(kMinimal) + "[run]\nseed = \"x\"\n"),
             Catch::Contains("'run.seed': expected an integer, got a string"));
  CHECK_THAT(error_of(std::string(kMinimal) + "[fairness]\nconfidence = 1.0\n"),
             Catch::Contains("'fairness.confidence': must be > 0 and < 1 (got 1)"));
  CHECK_THAT(error_of(std::string(kMinimal) + "[discretize]\nmethod = \"kmeans\"\n"),
             Catch::Contains("must be one of none, quantile, equal_width, mdlp"));
  CHECK_THAT(error_of(std::string(kMinimal) + "[data.csv]\ndelimiter = \";;\"\n"),
             Catch::Contains("'data.csv.delimiter': must be exactly one character"));
  CHECK_THAT(error_of("[data]\nsource = \"embedded:demo\"\n"),
             Catch::Contains("'data.target' is required"));
  CHECK_THAT(error_of("[data\n"), Catch::StartsWith("cfg.toml:1:"));
  CHECK_THAT(error_of(std::string(kMinimal) + "[[data.filter]]\ncolumn = \"race\"\nin = [1]\n"),
             Catch::Contains("'data.filter[0].in': expected an array of strings"));
  CHECK_THAT(error_of(std::string(kMinimal) + "[[data.filter]]\ncolumn = \"age\"\n"),
             Catch::Contains("data.filter[0].in"));
}

TEST_CASE("paths expand environment variables", "[core][config]") {
  setenv("ADM_TEST_DIR_VAR", "/some/where", 1);
  auto c =
      parse_config("[data]\nsource = \"${ADM_TEST_DIR_VAR}/x.csv\"\ntarget = \"y\"\n", "c.toml");
  CHECK(c.data.source == "/some/where/x.csv");
  CHECK_THAT(error_of("[data]\nsource = \"${ADM_SURELY_UNSET_VAR}/x.csv\"\ntarget = \"y\"\n"),
             Catch::Contains("${ADM_SURELY_UNSET_VAR} is not set"));
}

TEST_CASE("the resolved config reads back to the same config", "[core][config]") {
  const auto c = parse_config(adm::pipelines::demo_config_text(), "demo");
  const std::string text = adm::pipelines::resolved_text(c);
  const auto again = parse_config(text, "resolved");
  CHECK(adm::pipelines::resolved_text(again) == text);
  CHECK(again.data.derived.size() == 1);
  CHECK(again.data.derived[0].threshold == 25.0);
  CHECK(again.data.roles.sensitive == std::vector<std::string>{"race", "sex"});
  CHECK(text.find("bootstrap = 200") != std::string::npos);
}

TEST_CASE("the key reference documents every section", "[core][config]") {
  std::string all;
  for (const auto& line : adm::pipelines::config_reference()) all += line + "\n";
  for (const char* key :
       {"run.seed (integer >= 0) = 20261130", "data.csv.quote", "[[data.filter]]",
        "data.filter.min", "data.derive.op", "fairness.confidence", "info.enabled"})
    CHECK_THAT(all, Catch::Contains(key));
}

TEST_CASE("numbers must be finite whatever their range", "[core][config]") {
  for (const std::string bad : {"inf", "+inf", "-inf", "nan"}) {
    CHECK_THAT(error_of(std::string(kMinimal) + "[learner.gbm]\nlambda = " + bad + "\n"),
               Catch::StartsWith("cfg.toml:5:10: config key 'learner.gbm.lambda': must be a "
                                 "finite number >= 0 (got "));
    CHECK_THAT(error_of(std::string(kMinimal) +
                        "[[data.filter]]\ncolumn = \"income\"\nmin = " + bad + "\n"),
               Catch::Contains("config key 'data.filter[0].min': must be a finite number"));
  }
}

TEST_CASE("values XGBoost refuses are errors at their key", "[core][config]") {
  CHECK(error_of(std::string(kMinimal) + "[learner.gbm]\nmin_child_weight = 1e300\n") ==
        "cfg.toml:5:20: config key 'learner.gbm.min_child_weight': XGBoost refuses this value "
        "(Out of range value for min_child_weight, value='1e+300')");
  CHECK_THAT(error_of(std::string(kMinimal) + "[learner.gbm]\nlearning_rate = 1e-300\n"),
             Catch::Contains("'learner.gbm.learning_rate': XGBoost refuses this value"));
  CHECK_THAT(error_of(std::string(kMinimal) + "[learner.gbm]\nlambda = 1e300\n"),
             Catch::Contains("'learner.gbm.lambda': XGBoost refuses this value"));
  // Large values XGBoost can hold are fine.
  CHECK(parse_config(std::string(kMinimal) + "[learner.gbm]\nlambda = 1e30\n", "cfg.toml")
            .learner.gbm.lambda == 1e30);
}

TEST_CASE("fairness intervals need enough bootstrap replicates", "[core][config]") {
  CHECK_THAT(error_of(std::string(kMinimal) + "[fairness]\nbootstrap = 1\n"),
             Catch::StartsWith("cfg.toml:5:13: config key 'fairness.bootstrap': a 95 % percentile "
                               "interval needs at least 41 replicates (got 1)"));
  CHECK_THAT(error_of(std::string(kMinimal) + "[fairness]\nbootstrap = 30\nconfidence = 0.99\n"),
             Catch::Contains("needs at least 201 replicates (got 30)"));
  CHECK(parse_config(std::string(kMinimal) + "[fairness]\nbootstrap = 21\nconfidence = 0.9\n",
                     "cfg.toml")
            .fairness.bootstrap == 21);
  CHECK_THAT(
      error_of(std::string(kMinimal) +
               "[run]\npipeline = \"fairforest\"\n[fairforest]\nbootstrap = 20\n"),
      Catch::Contains("'fairforest.bootstrap': a 95 % percentile interval needs at least 41"));
}
