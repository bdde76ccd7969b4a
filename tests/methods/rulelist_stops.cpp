// Why a rule-list search stopped, what it can still promise (lower bound, gap), when it may call
// its answer certified, and how closely it keeps to its memory cap.
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>

#include "../pipelines/pipeline_run.hpp"
#include "methods/rulelist/search.hpp"
#include "pipelines/rulelist_pipeline.hpp"
#include "rulelist_brute_force.hpp"

using namespace adm;

namespace {

// The demo data (four intersectional groups) through the rulelist pipeline; `rulelist` is the
// whole [rulelist] section.
struct Run : test::PipelineRun {
  explicit Run(const std::string& rulelist) {
    config = pipelines::parse_config(
        std::string(pipelines::demo_config_text()) + "\n[rulelist]\n" + rulelist, "demo");
    config.run.pipeline = "rulelist";
    execute(pipelines::check_rulelist_inputs,
            [](auto& c, auto& t) { pipelines::run_rulelist(c, t); });
  }
  double real(const std::string& path) const { return get<double>(path)[0]; }
};

const char* kShort = "max_length = 2\nregularization = 0.01\n";

}  // namespace

TEST_CASE("rulelist: unsafe bounds under a constraint are never certified", "[rulelist]") {
  const std::string fair = std::string(kShort) + "metric = \"sp\"\nepsilon = 0.97\n";
  Run safe(fair);
  Run unsafe(fair + "fair_unsafe_bounds = true\n");
  CHECK(safe.get<std::int64_t>("/rulelist/search/certified")[0] == 1);
  // The search ran to the end, but the support and permutation bounds may have cut the fair
  // optimum away: no certificate, and no valid lower bound.
  CHECK(unsafe.get<std::int64_t>("/rulelist/search/certified")[0] == 0);
  CHECK_THAT(unsafe.summary.str(), Catch::Contains("NOT certified: fair_unsafe_bounds"));
  // Nor are the folds of a Pareto sweep.
  Run sweep(fair +
            "fair_unsafe_bounds = true\n[rulelist.pareto]\nenabled = true\nepsilon_min = 0.9\n"
            "epsilon_count = 2\nfolds = 2\n");
  for (double c : sweep.get<double>("/rulelist/pareto/sp/certified")) CHECK(c == 0.0);
  // Without a constraint the option changes nothing: still certified.
  Run free(std::string(kShort) + "fair_unsafe_bounds = true\n");
  CHECK(free.get<std::int64_t>("/rulelist/search/certified")[0] == 1);
}

TEST_CASE("rulelist: a stopped search says why, with its lower bound and gap", "[rulelist]") {
  const std::string base = "regularization = 0.002\nmax_length = 3\n";
  Run full(base);
  CHECK(full.get<std::int64_t>("/rulelist/search/certified")[0] == 1);
  CHECK(full.get<std::string>("/rulelist/search/stopped_by")[0] == "none");
  CHECK(full.real("/rulelist/search/lower_bound") == full.real("/rulelist/best/objective"));
  CHECK(full.real("/rulelist/search/gap") == 0.0);
  const double optimum = full.real("/rulelist/best/objective");
  // Unsafe bounds under a constraint ran to the end but leave no valid lower bound.
  Run unsafe(base + "metric = \"sp\"\nepsilon = 0.97\nfair_unsafe_bounds = true\n");
  CHECK(unsafe.get<std::string>("/rulelist/search/stopped_by")[0] == "none");
  CHECK(std::isnan(unsafe.real("/rulelist/search/lower_bound")));
  CHECK(std::isnan(unsafe.real("/rulelist/search/gap")));
  struct Case {
    std::string key, reason, words;
  };
  for (const auto& c :
       {Case{"max_nodes = 20", "max_nodes", "stopped by the node budget"},
        Case{"max_trie_nodes = 40", "max_trie_nodes", "stopped by the trie limit"},
        Case{"max_memory_mb = 0.01", "max_memory_mb", "stopped by the memory cap"}}) {
    Run stopped(base + c.key + "\n");
    INFO(c.key << "\n" << stopped.summary.str());
    CHECK(stopped.get<std::int64_t>("/rulelist/search/certified")[0] == 0);
    CHECK(stopped.get<std::string>("/rulelist/search/stopped_by")[0] == c.reason);
    const double lb = stopped.real("/rulelist/search/lower_bound");
    const double found = stopped.real("/rulelist/best/objective");
    // A valid bound: the true optimum lies between the lower bound and what was found.
    CHECK(lb <= optimum);
    CHECK(found >= optimum);
    CHECK(stopped.real("/rulelist/search/gap") == found - lb);
    CHECK(found - lb > 0.0);
    CHECK_THAT(stopped.summary.str(), Catch::Contains(c.words));
    CHECK_THAT(stopped.summary.str(), Catch::Contains("gap"));
  }
}

TEST_CASE("rulelist: time_limit stops cleanly with the best list and its gap", "[rulelist]") {
  // Without the limit this search runs for minutes (tiny lambda, no length limit).
  const auto t0 = std::chrono::steady_clock::now();
  Run run("regularization = 0.0002\nmin_support = 0.001\ntime_limit = 0.3\nmax_memory_mb = 500\n");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO(run.summary.str());
  CHECK(seconds < 10.0);
  CHECK(run.get<std::int64_t>("/rulelist/search/certified")[0] == 0);
  CHECK(run.get<std::string>("/rulelist/search/stopped_by")[0] == "time_limit");
  CHECK_FALSE(run.get<std::string>("/rulelist/best/encoded").empty());
  const double gap = run.real("/rulelist/search/gap");
  CHECK(gap > 0.0);
  CHECK(gap == run.real("/rulelist/best/objective") - run.real("/rulelist/search/lower_bound"));
  CHECK_THAT(run.summary.str(), Catch::Contains("stopped by the time limit (time_limit = 0.3 s)"));
}

TEST_CASE("rulelist: the memory cap holds within a few percent", "[rulelist]") {
  using namespace methods::rulelist;
  const RuleSet set = test::random_rule_set(7, 400, 60, 2);
  for (double mb : {0.05, 0.08, 0.13, 0.2, 0.33, 0.5}) {
    SearchOptions o;
    o.lambda = 0.0005;
    o.max_length = 6;
    o.max_memory_mb = mb;
    const auto r = run_serial(set, o);
    INFO("cap " << mb << " MiB, peak " << r.stats.peak_bytes / 1048576.0 << " MiB");
    CHECK(r.stats.stopped_by_memory);
    CHECK(r.stats.peak_bytes <= mb * 1048576.0 * 1.03);
    CHECK(r.stats.peak_bytes >= mb * 1048576.0 * 0.5);  // it stops near the cap, not long before
  }
}
