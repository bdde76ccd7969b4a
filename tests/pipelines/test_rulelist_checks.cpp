// The rule-list pipeline's input check names the config key a search-option error is about (it
// used to name rulelist.regularization for every one of them).
#include <catch2/catch.hpp>
#include <string>

#include "core/error.hpp"
#include "data/load.hpp"
#include "pipelines/experiment_config.hpp"
#include "pipelines/rulelist/rulelist_pipeline.hpp"

using namespace adm;

namespace {

std::string check_message(const std::string& rulelist_keys) {
  const auto config = pipelines::parse_config(
      "[run]\npipeline = \"rulelist\"\n"
      "[data]\nsource = \"embedded:demo\"\ntarget = \"repaid\"\npositive = \"yes\"\n"
      "sensitive = [\"race\"]\n[rulelist]\n" +
          rulelist_keys,
      "t.toml");
  const auto data = data::load_dataset(config.data);
  try {
    pipelines::check_rulelist_inputs(config, data);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("rulelist: a search-option error names its own key", "[pipelines][rulelist]") {
  CHECK(check_message("max_length = 3\n").empty());
  CHECK_THAT(check_message("max_length = 0\nregularization = 0.0\n"),
             Catch::Contains("config key 'rulelist.max_length'"));
  CHECK_THAT(check_message("max_length = 0\n[rulelist.bounds]\nhierarchical = false\n"
                           "lookahead = false\n"),
             Catch::Contains("config key 'rulelist.max_length': 0 (no limit) needs"));
}
