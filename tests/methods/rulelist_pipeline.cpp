#include "pipelines/rulelist/rulelist_pipeline.hpp"

#include <catch2/catch.hpp>

#include "../pipelines/pipeline_run.hpp"
#include "core/error.hpp"
#include "data/load.hpp"
#include "methods/rulelist/search.hpp"
#include "parallel/task_farm.hpp"

using namespace adm;

namespace {

// The demo data (race x sex as four intersectional groups) through the rulelist pipeline.
struct RulelistRun : test::PipelineRun {
  explicit RulelistRun(const std::string& extra) {
    config =
        pipelines::parse_config(std::string(pipelines::demo_config_text()) +
                                    "\n[rulelist]\nmax_length = 2\nregularization = 0.01\n" + extra,
                                "demo");
    config.run.pipeline = "rulelist";
    execute(pipelines::check_rulelist_inputs,
            [](auto& c, auto& t) { pipelines::run_rulelist(c, t); });
  }
};

}  // namespace

TEST_CASE("rulelist pipeline: constrained optimum, results and Pareto sweep", "[rulelist]") {
  RulelistRun free("");
  RulelistRun fair(
      "metric = \"sp\"\nepsilon = 0.97\n[rulelist.pareto]\nenabled = true\nmetrics = [\"sp\", "
      "\"eopp\"]\nepsilon_min = 0.8\nepsilon_count = 3\nfolds = 3\n");
  CHECK(free.get<std::int64_t>("/rulelist/search/certified")[0] == 1);
  CHECK(fair.get<std::int64_t>("/rulelist/search/certified")[0] == 1);
  const double sp = fair.get<double>("/rulelist/best/unfairness")[0];
  CHECK(sp <= 0.03 + 1e-12);
  // The constraint costs accuracy (or nothing), never gains it.
  CHECK(fair.get<double>("/rulelist/best/objective")[0] >=
        free.get<double>("/rulelist/best/objective")[0]);
  // Four intersectional groups: the rule list found equals a direct search on the same rules.
  const auto set = pipelines::rulelist_rules(fair.config, fair.data);
  CHECK(set.groups.size() == 4);
  auto options = pipelines::search_options(fair.config.rulelist);
  const auto direct = methods::rulelist::run_serial(set, options);
  CHECK(fair.get<std::string>("/rulelist/best/encoded")[0] ==
        methods::rulelist::encode(direct.best.list));
  // One front and one SVG per metric.
  CHECK(fair.get<double>("/rulelist/pareto/sp/epsilon").size() == 3);
  CHECK_FALSE(fair.get<std::int64_t>("/rulelist/pareto/eopp/front").empty());
  REQUIRE(fair.results.files().size() == 2);
  CHECK(fair.results.files()[0].first == "rulelist_pareto_sp.svg");
  CHECK_THAT(fair.summary.str(), Catch::Contains("certified optimal"));
}

TEST_CASE("rulelist config: bad keys and values are input errors", "[rulelist]") {
  const std::string base = std::string(pipelines::demo_config_text()) + "\n[rulelist]\n";
  CHECK_THROWS_AS(pipelines::parse_config(base + "strategy = \"random\"\n", "t"), InputError);
  CHECK_THROWS_AS(pipelines::parse_config(base + "lamda = 0.1\n", "t"), InputError);
  CHECK_THROWS_AS(pipelines::parse_config(base + "corels_out = \"x.out\"\n", "t"), InputError);
  CHECK_THROWS_AS(pipelines::parse_config(base + "[rulelist.pareto]\nmetrics = [\"xx\"]\n", "t"),
                  InputError);
  auto c = pipelines::parse_config(base + "regularization = 0\n", "t");
  c.run.pipeline = "rulelist";
  const auto data = data::load_dataset(c.data);
  CHECK_THROWS_AS(pipelines::check_rulelist_inputs(c, data), InputError);  // could not end
}
