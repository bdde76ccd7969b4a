#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>

#include "core/error.hpp"
#include "data/load.hpp"
#include "io/result_file.hpp"
#include "io/write_results.hpp"
#include "learn/naive_bayes.hpp"
#include "methods/patterns/miner.hpp"
#include "parallel/task_farm.hpp"
#include "pipeline_run.hpp"
#include "pipelines/patterns/patterns_pipeline.hpp"

using namespace adm;

namespace {

// The embedded demo data (2,000 rows): decision repaid, sensitive race and sex (2 levels each),
// other features zip_code (6 levels) and favorite_color (3). Search tree: every feature unset, in
// y or (sensitive) in x: 5 * 5 * 7 * 4 = 700 nodes, small enough to enumerate.
const char* kConfig =
    "[run]\npipeline = \"patterns\"\nseed = 5\n"
    "[data]\nsource = \"embedded:demo\"\ntarget = \"repaid\"\nsensitive = [\"race\", \"sex\"]\n"
    "features = [\"zip_code\", \"favorite_color\"]\n"
    "[patterns]\n";

struct PatternsRun : test::PipelineRun {
  explicit PatternsRun(const std::string& extra, const std::string& favourable = "yes") {
    config = pipelines::parse_config(
        std::string(kConfig) + "favourable = \"" + favourable + "\"\n" + extra, "t.toml");
    execute(pipelines::check_patterns_inputs,
            [](auto& c, auto& t) { pipelines::run_patterns(c, t); });
  }
};

// The reference: the same naive Bayes mined by brute force (every node scored, no bounds).
methods::patterns::MineResult reference(const data::Dataset& data, double delta, std::size_t k) {
  const auto table = learn::nb_table(data, {"race", "sex", "zip_code", "favorite_color"}, "yes");
  const auto nb = learn::NaiveBayes::fit(learn::NbCounts::of(table), 0.0);
  const methods::patterns::PatternModel model(nb, {true, true, false, false}, delta);
  return methods::patterns::brute_force(model, {methods::patterns::MineMode::All, k, false});
}

std::string input_error(const std::string& extra, const std::string& favourable = "yes") {
  try {
    PatternsRun run(extra, favourable);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no InputError";
}

}  // namespace

TEST_CASE("patterns pipeline: an exhaustive mine equals brute force and is certified",
          "[pipelines][patterns]") {
  PatternsRun run("delta = 0.02\nmode = \"all\"\nk = 5\n");
  const auto ref = reference(run.data, 0.02, 5);
  REQUIRE(ref.qualifying > 5);  // the demo's race effect leaves patterns to find
  CHECK(run.get<double>("/patterns/mine/total_nodes")[0] == 700);
  CHECK(run.get<std::int64_t>("/patterns/mine/qualifying")[0] ==
        static_cast<std::int64_t>(ref.qualifying));
  CHECK(run.get<std::int64_t>("/patterns/mine/complete")[0] == 1);
  const auto& delta = run.get<double>("/patterns/mine/delta");
  REQUIRE(delta.size() == 5);
  for (std::size_t i = 0; i < 5; ++i) CHECK(delta[i] == Approx(ref.patterns[i].scores.delta));
  CHECK_THAT(run.summary.str(), Catch::Contains("complete (certified)"));
}

TEST_CASE("patterns pipeline: a node budget stops the mine and says it is not certified",
          "[pipelines][patterns]") {
  // The budget counts nodes scored, the figure the result reports: it is never exceeded.
  PatternsRun run("delta = 0.02\nmode = \"all\"\nk = 5\nmax_nodes = 40\n");
  const auto ref = reference(run.data, 0.02, 5);
  CHECK(run.get<std::int64_t>("/patterns/mine/complete")[0] == 0);
  const auto billed = run.get<std::int64_t>("/timing/patterns/mine/nodes_per_rank")[0];
  const auto scored = run.get<std::int64_t>("/timing/patterns/mine/nodes_visited")[0];
  CHECK(scored > 1);  // the root and at least one expansion
  CHECK(scored <= 40);
  CHECK(billed == scored);
  CHECK(run.get<std::int64_t>("/patterns/mine/qualifying")[0] <
        static_cast<std::int64_t>(ref.qualifying));
  CHECK_THAT(run.summary.str(), Catch::Contains("stopped by the node budget (max_nodes = 40"));

  // A budget larger than the tree changes nothing.
  PatternsRun big("delta = 0.02\nmode = \"all\"\nk = 5\nmax_nodes = 100000\n");
  CHECK(big.get<std::int64_t>("/patterns/mine/complete")[0] == 1);
  CHECK(big.get<std::int64_t>("/patterns/mine/qualifying")[0] ==
        static_cast<std::int64_t>(ref.qualifying));
}

TEST_CASE("patterns pipeline: the delta-fair learner leaves no pattern and costs likelihood",
          "[pipelines][patterns]") {
  PatternsRun run(
      "delta = 0.02\nmode = \"top_divergence\"\nk = 3\n"
      "[patterns.fair]\nenabled = true\nk = 1\n");
  CHECK(reference(run.data, 0.02, 1).qualifying > 0);  // the ML model does discriminate
  CHECK(run.get<std::int64_t>("/patterns/fair/final_patterns")[0] == 0);
  CHECK(run.get<double>("/patterns/fair/loglik_final")[0] <
        run.get<double>("/patterns/loglik/unconstrained")[0]);
  CHECK(run.get<std::string>("/patterns/fair/constraint_patterns").size() >= 1);
  // Nodes visited depend on which rank's cut pruned what: a /timing figure, never a result.
  CHECK(run.results.find("/patterns/fair/nodes") == nullptr);
  CHECK(run.get<std::int64_t>("/timing/patterns/fair/nodes_per_iteration").size() ==
        run.get<std::int64_t>("/patterns/fair/constraints").size());
}

// Log-likelihood of the data under the parameters read back from a result file: sum over rows of
// log P(decision) + sum over features of log P(value | decision), looked up by name.
double loglik_from_file(const io::ResultReader& in, const std::string& model,
                        const data::Dataset& data) {
  const auto variable = in.strings("/patterns/model/variable");
  const auto value = in.strings("/patterns/model/value");
  const auto decision = in.strings("/patterns/model/decision");
  const auto prior = in.doubles("/patterns/model/" + model + "/prior");
  const auto cond = in.doubles("/patterns/model/" + model + "/cond");
  REQUIRE(decision.size() == 2);
  REQUIRE(prior.size() == 2);
  REQUIRE(cond.size() == 2 * variable.size());
  REQUIRE(in.dims("/patterns/model/" + model + "/cond") ==
          std::vector<std::size_t>{variable.size(), 2});
  // Probabilities, summing to 1 over the decisions and over each variable's values.
  CHECK(prior[0] + prior[1] == Approx(1.0).margin(1e-12));
  std::map<std::string, double> sum[2];
  for (std::size_t r = 0; r < variable.size(); ++r)
    for (int d = 0; d < 2; ++d) {
      const double p = cond[2 * r + d];
      CHECK(p >= 0.0);
      CHECK(p <= 1.0);
      sum[d][variable[r]] += p;
    }
  for (int d = 0; d < 2; ++d)
    for (const auto& [name, s] : sum[d]) {
      INFO(model << " " << name << " d " << d);
      CHECK(s == Approx(1.0).margin(1e-9));
    }
  std::map<std::pair<std::string, std::string>, std::size_t> row;
  for (std::size_t r = 0; r < variable.size(); ++r) row[{variable[r], value[r]}] = r;
  const auto& target = data.target();
  double ll = 0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const std::string& dv = target.levels()[target.codes()[i]];
    const int d = dv == decision[1] ? 1 : 0;
    ll += std::log(prior[d]);
    for (const auto& name : sum[0]) {
      const auto& col = data.column(name.first);
      ll += std::log(cond[2 * row.at({name.first, col.levels()[col.codes()[i]]}) + d]);
    }
  }
  return ll;
}

TEST_CASE("patterns pipeline: the fitted naive Bayes parameters are in the result file",
          "[pipelines][patterns]") {
  PatternsRun run(
      "delta = 0.02\nmode = \"top_divergence\"\nk = 3\n"
      "[patterns.fair]\nenabled = true\nk = 1\n");
  const auto path =
      (std::filesystem::temp_directory_path() / "adm_test_patterns_model.h5").string();
  {
    io::ResultFile file(path);
    io::write_results(file, run.results);
    file.commit();
  }
  const io::ResultReader in(path);
  CHECK(in.strings("/patterns/model/decision") == std::vector<std::string>{"no", "yes"});
  const auto unconstrained = loglik_from_file(in, "unconstrained", run.data);
  const auto fair = loglik_from_file(in, "delta_fair", run.data);
  CHECK(unconstrained == Approx(in.doubles("/patterns/loglik/unconstrained")[0]).epsilon(1e-12));
  CHECK(fair == Approx(in.doubles("/patterns/fair/loglik_final")[0]).epsilon(1e-12));
  CHECK(fair < unconstrained);  // the fair model is another model, not a copy
  std::filesystem::remove(path);
}

TEST_CASE("patterns pipeline: bad settings are input errors naming the key",
          "[pipelines][patterns]") {
  CHECK_THAT(input_error("", "maybe"), Catch::Contains("patterns.favourable"));
  CHECK_THAT(input_error("order = [\"race\", \"sex\", \"zip_code\"]\n"),
             Catch::Contains("patterns.order"));
  CHECK_THAT(input_error("mode = \"everything\"\n"), Catch::Contains("patterns.mode"));
  CHECK_THAT(input_error("delta = 1\n"), Catch::Contains("patterns.delta"));
  CHECK_THAT(input_error("slice_seconds = 0\n"), Catch::Contains("patterns.slice_seconds"));
  CHECK_THAT(input_error("delta = 0.005\n[patterns.fair]\nenabled = true\nmargin = 0.01\n"),
             Catch::Contains("patterns.fair.margin"));
}

// Issue 28, item 16: the patterns are stored as a key matrix (a byte per feature) written in
// blocks, not a string per pattern; its rendering is the miner's own description.
TEST_CASE("patterns pipeline: patterns are stored as keys, rendered as the miner names them",
          "[pipelines][patterns]") {
  PatternsRun run("delta = 0.02\nmode = \"all\"\nk = 5\n");
  const auto ref = reference(run.data, 0.02, 5);
  CHECK(run.results.find("/patterns/mine/pattern") == nullptr);  // no string per pattern
  const auto* keys = run.results.find_blocks("/patterns/mine/key");
  REQUIRE(keys != nullptr);
  CHECK(keys->type == ResultBlocks::Type::Byte);
  REQUIRE(keys->rows == 5);
  REQUIRE(keys->columns == 4);
  const auto& bytes = run.get<std::uint8_t>("/patterns/mine/key");
  const auto table =
      learn::nb_table(run.data, {"race", "sex", "zip_code", "favorite_color"}, "yes");
  std::vector<std::vector<std::string>> level_names;
  for (const auto& n : table.names) level_names.push_back(run.data.column(n).levels());
  for (std::size_t i = 0; i < 5; ++i) {
    const methods::patterns::PatternKey key(bytes.begin() + 4 * i, bytes.begin() + 4 * (i + 1));
    CHECK(key == ref.patterns[i].key);
    CHECK(methods::patterns::PatternModel::describe(key, table.names, level_names, table.levels) ==
          methods::patterns::PatternModel::describe(ref.patterns[i].key, table.names, level_names,
                                                    table.levels));
  }
  // The file holds the matrix; read back, the report's loader renders the texts from it.
  const std::string path =
      (std::filesystem::temp_directory_path() / "adm_test_pattern_keys.h5").string();
  {
    io::ResultFile file(path);
    io::write_results(file, run.results);
    file.commit();
  }
  io::ResultReader reader(path);
  CHECK(reader.dims("/patterns/mine/key") == std::vector<std::size_t>{5, 4});
  CHECK_FALSE(reader.has("/patterns/mine/pattern"));
  std::filesystem::remove(path);
}

TEST_CASE("patterns pipeline: a memory cap stops the mine, not certified",
          "[pipelines][patterns]") {
  // Any process holds more than 1 MiB: the mine stops before its first step.
  PatternsRun run("delta = 0.02\nmode = \"all\"\nk = 5\nmax_memory_mb = 1\n");
  CHECK(run.get<std::int64_t>("/patterns/mine/complete")[0] == 0);
  CHECK_THAT(run.summary.str(), Catch::Contains("stopped by the memory cap (max_memory_mb = 1"));
  PatternsRun roomy("delta = 0.02\nmode = \"all\"\nk = 5\nmax_memory_mb = 100000\n");
  CHECK(roomy.get<std::int64_t>("/patterns/mine/complete")[0] == 1);
}
