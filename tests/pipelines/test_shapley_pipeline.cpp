// The shapley pipeline when a BROJA solve does not certify its tolerance (a tiny
// shapley.pid_max_newton_steps): on_uncertified = fail stops with a message giving the tolerance
// and gap in scientific notation; bracket keeps the run, records the subsets' gaps and bounds each
// phi_D, and the bounds hold the values of a fully certified run.
#include <catch2/catch.hpp>
#include <string>

#include "core/error.hpp"
#include "pipeline_run.hpp"
#include "pipelines/shapley/shapley_pipeline.hpp"

using namespace adm;

namespace {

const char* kConfig =
    "[run]\npipeline = \"shapley\"\nseed = 3\n"
    "[data]\nsource = \"embedded:demo\"\ntarget = \"repaid\"\npositive = \"yes\"\n"
    "sensitive = [\"race\", \"sex\"]\n"
    "features = [\"zip_code\", \"income\", \"debt_ratio\", \"favorite_color\"]\n"
    "[discretize]\nmethod = \"quantile\"\nbins = 3\n"
    "[shapley]\nmethod = \"exact\"\nchunks = 4\n";

struct ShapleyRun : test::PipelineRun {
  explicit ShapleyRun(const std::string& extra) {
    config = pipelines::parse_config(std::string(kConfig) + extra, "t.toml");
    execute(pipelines::check_shapley_inputs,
            [](auto& c, auto& t) { pipelines::run_shapley(c, t); });
  }
};

}  // namespace

TEST_CASE("shapley pipeline: an uncertified subset fails the run or keeps its bracket",
          "[pipelines][shapley]") {
  const ShapleyRun full("");
  CHECK(full.get<std::int64_t>("/shapley/uncertified_subsets")[0] == 0);
  CHECK(full.get<double>("/shapley/max_pid_gap")[0] <= 1e-9);

  std::string message;
  try {
    ShapleyRun run("pid_max_newton_steps = 1\non_uncertified = \"fail\"\n");
  } catch (const InputError& e) {
    message = e.what();
  }
  CHECK_THAT(message, Catch::Contains("to 1e-09 bits (gap "));
  CHECK_THAT(message, Catch::Contains("shapley.on_uncertified"));
  CHECK_THAT(message, !Catch::Contains("0.000000"));

  const ShapleyRun bracket("pid_max_newton_steps = 1\non_uncertified = \"bracket\"\n");
  CHECK(bracket.get<std::int64_t>("/shapley/uncertified_subsets")[0] > 0);
  CHECK(bracket.get<double>("/shapley/max_pid_gap")[0] > 1e-9);
  const auto& gap = bracket.get<double>("/shapley/subsets/pid_gap");
  CHECK(gap.size() == 16);
  const auto& phi = bracket.get<double>("/shapley/phi_d");
  const auto& lower = bracket.get<double>("/shapley/phi_d_lower");
  const auto& upper = bracket.get<double>("/shapley/phi_d_upper");
  const auto& exact = full.get<double>("/shapley/phi_d");
  REQUIRE(phi.size() == 4);
  bool wide = false;
  for (std::size_t i = 0; i < 4; ++i) {
    INFO("feature " << i);
    CHECK(lower[i] <= phi[i]);
    CHECK(phi[i] <= upper[i]);
    // The certified run's value (within its own 1e-9-bit gaps) lies in the bracket.
    CHECK(exact[i] >= lower[i] - 1e-15);
    CHECK(exact[i] <= upper[i] + 1e-15);
    wide = wide || upper[i] - lower[i] > 1e-12;
  }
  CHECK(wide);  // the bracket reflects the uncertified gaps
  CHECK(bracket.get<double>("/shapley/phi_acc") == full.get<double>("/shapley/phi_acc"));
  CHECK_THAT(bracket.summary.str(), Catch::Contains("not certified to 1e-09 bits"));
}
