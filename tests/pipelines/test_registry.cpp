// The pipeline registry: a toy pipeline registered at run time is read, documented, checked, run
// end to end into a result file and drawn in the report like a built-in one, with no edit
// anywhere else; the built-ins are all registered once each.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>

#include "../lib/render_page.hpp"
#include "core/error.hpp"
#include "io/load_result.hpp"
#include "pipelines/experiment_config.hpp"
#include "pipelines/registry.hpp"
#include "pipelines/runner.hpp"

using namespace adm;

namespace toy {

// The toy's own config section: [toy] weight.
struct ToySection {
  double weight = 1.0;
  std::uint64_t tasks = 10;
};

void describe(config::Fields& f, ToySection& s) {
  f.real("weight", s.weight, "What every task's index is multiplied by.", {0.0, 100.0});
  f.count("tasks", s.tasks, "Farm tasks of the toy stage.", {1, 10000});
}

// Task i returns weight * i, so the stage's sum is weight * n (n - 1) / 2.
void run(pipelines::StageContext& context, pipelines::Timings& timings) {
  const auto& section = context.config.extension<ToySection>("toy");
  pipelines::timed(timings, "toy", [&] {
    const auto parts = context.farm.run("toy", section.tasks, [&](std::size_t i, Rng&) {
      return section.weight * static_cast<double>(i);
    });
    double sum = 0;
    for (const double part : parts) sum += part;
    context.results.add("/toy/sum", std::vector<double>{sum}, "Sum of the tasks' values.", "1");
  });
}

pipelines::Pipeline registration() {
  pipelines::Pipeline p;
  p.name = "toy";
  p.summary = "a test's toy";
  p.sections = {pipelines::extension_section<ToySection>("toy", "The toy pipeline's settings.")};
  p.stages = {"toy"};
  p.check_inputs = [](const pipelines::ExperimentConfig& config, const data::Dataset& data) {
    if (config.extension<ToySection>("toy").tasks > data.rows())
      throw InputError("config key 'toy.tasks': more tasks than rows");
  };
  p.run = run;
  p.report_sections = {{"/toy", "Toy figures", nullptr}};
  return p;
}

// Registered for one test's lifetime.
struct Registered {
  Registered() { pipelines::register_pipeline(registration()); }
  ~Registered() { pipelines::unregister_pipeline("toy"); }
};

const char* kConfig =
    "[run]\npipeline = \"toy\"\nseed = 5\n"
    "[data]\nsource = \"embedded:demo\"\ntarget = \"repaid\"\npositive = \"yes\"\n"
    "sensitive = [\"race\"]\n";

}  // namespace toy

TEST_CASE("registry: every built-in pipeline once, each config section owned once",
          "[pipelines][registry]") {
  std::set<std::string> names, sections;
  for (const auto& p : pipelines::registered_pipelines()) {
    CHECK(names.insert(p.name).second);
    CHECK(p.run);
    for (const auto& s : p.sections) CHECK(sections.insert(s.key).second);
  }
  CHECK(names == std::set<std::string>{"audit", "infogram", "all", "models", "shapley", "rulelist",
                                       "patterns", "fairforest"});
  CHECK(sections == std::set<std::string>{"infogram", "alfa", "models", "shapley", "rulelist",
                                          "patterns", "fairforest"});
  CHECK_THROWS_AS(pipelines::register_pipeline(pipelines::find_pipeline("audit")), InternalError);
}

TEST_CASE("registry: a toy pipeline is read, documented, run and reported",
          "[pipelines][registry]") {
  // Before registration its name and section are unknown to the config reader.
  CHECK_THROWS_AS(pipelines::parse_config(std::string(toy::kConfig) + "[toy]\nweight = 2.5\n", "t"),
                  InputError);
  const toy::Registered registered;

  const auto config =
      pipelines::parse_config(std::string(toy::kConfig) + "[toy]\nweight = 2.5\n", "t.toml");
  CHECK(config.extension<toy::ToySection>("toy").weight == 2.5);
  CHECK(config.extension<toy::ToySection>("toy").tasks == 10);
  CHECK_THAT(pipelines::resolved_text(config), Catch::Contains("weight = 2.5"));
  // Its keys are range-checked and unknown ones refused, as every section's.
  CHECK_THROWS_AS(pipelines::parse_config(std::string(toy::kConfig) + "[toy]\nweight = -1\n", "t"),
                  InputError);
  CHECK_THROWS_AS(pipelines::parse_config(std::string(toy::kConfig) + "[toy]\nwidth = 1\n", "t"),
                  InputError);
  // config-keys documents it, and run.pipeline lists it.
  std::string reference;
  for (const auto& line : pipelines::config_reference()) reference += line + "\n";
  CHECK_THAT(reference, Catch::Contains("toy.weight"));
  CHECK_THAT(reference, Catch::Contains("toy (a test's toy)"));

  // The runner dispatches to it; the result file holds 2.5 * (0 + 1 + ... + 9).
  const auto dir = std::filesystem::temp_directory_path() / "adm_test_registry";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  pipelines::RunRequest request;
  request.config = config;
  request.out_override = (dir / "toy.h5").string();
  pipelines::run_experiment(dist::Communicator::world(), request);
  const ResultDocument doc = io::load_result(request.out_override);
  const auto* sum = doc.results.find("/toy/sum");
  REQUIRE(sum != nullptr);
  CHECK(std::get<std::vector<double>>(sum->values) == std::vector<double>{2.5 * 45});
  CHECK(doc.results.find("/timing/toy") != nullptr);

  // The report draws its group as its own section.
  CHECK_THAT(test::render_page({doc}), Catch::Contains("Toy figures"));

  // Its input check runs before any computing.
  auto many = pipelines::parse_config(std::string(toy::kConfig) + "[toy]\ntasks = 5000\n", "t");
  CHECK_THROWS_WITH(pipelines::validate_experiment(many), Catch::Contains("toy.tasks"));
  std::filesystem::remove_all(dir);
}
