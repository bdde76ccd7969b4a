// Why a rule-list search stopped, what it can still promise (lower bound, gap), when it may call
// its answer certified, and how closely it keeps to its memory cap.
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <limits>

#include "../pipelines/pipeline_run.hpp"
#include "core/process_memory.hpp"
#include "methods/rulelist/prefix_codec.hpp"
#include "methods/rulelist/search.hpp"
#include "pipelines/rulelist/rulelist_pipeline.hpp"
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
    const double lb = stopped.real("/timing/rulelist/search/lower_bound");
    const double found = stopped.real("/rulelist/best/objective");
    // A valid bound: the true optimum lies between the lower bound and what was found.
    CHECK(lb <= optimum);
    CHECK(found >= optimum);
    CHECK(stopped.real("/timing/rulelist/search/gap") == found - lb);
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
  const double gap = run.real("/timing/rulelist/search/gap");
  CHECK(gap > 0.0);
  CHECK(gap ==
        run.real("/rulelist/best/objective") - run.real("/timing/rulelist/search/lower_bound"));
  CHECK_THAT(run.summary.str(), Catch::Contains("stopped by the time limit (time_limit = 0.3 s)"));
}

// The cap is for the process: the structures get what it did not hold when the search began, less
// 6 MiB for the open bound's scratch (issue 28, item 15).
TEST_CASE("rulelist: the memory cap holds within a few percent", "[rulelist]") {
  using namespace methods::rulelist;
  const RuleSet set = test::random_rule_set(7, 400, 60, 2);
  for (double mb : {0.5, 1.0, 1.5}) {
    SearchOptions o;
    o.regularization = 0.0005;
    o.max_length = 6;
    o.max_memory_mb = static_cast<double>(resident_bytes()) / 1048576.0 + 6 + mb;
    const auto r = run_serial(set, o);
    INFO("room " << mb << " MiB, peak " << r.stats.peak_bytes / 1048576.0 << " MiB");
    CHECK(r.stats.stopped_by_memory);
    CHECK(r.stats.peak_bytes <= mb * 1048576.0 * 1.03 + 65536);
    CHECK(r.stats.peak_bytes >= mb * 1048576.0 * 0.4);  // it stops near the cap, not long before
  }
}

// Prefixes received when no room is left are not queued (they used to be, all of them: 1,055 MiB
// under an 800 MiB cap at 2 ranks), and the bound of what was dropped keeps the lower bound valid.
TEST_CASE("rulelist: a received batch does not carry a rank past its cap", "[rulelist]") {
  using namespace methods::rulelist;
  const RuleSet set = test::random_rule_set(11, 400, 60, 2);
  SearchOptions o;
  o.regularization = 0.0005;
  o.max_length = 6;
  o.strategy = Strategy::LowerBound;
  RulelistSearch giver(set, o);
  giver.partition(0, 1);
  giver.start();
  giver.step(3000);
  const std::string batch = giver.give(giver.frontier_size());  // half of a large frontier
  // The lowest bound of the given prefixes' extensions: what a valid lower bound may not exceed.
  double lowest = std::numeric_limits<double>::infinity();
  std::size_t count = 0, pos = 0;
  WirePrefix p;
  while (read_prefix(batch, pos, p)) {
    ++count;
    lowest = std::min(
        lowest, std::max(objective_value(p.errors, p.rules.size() + 1,
                                         1.0 / static_cast<double>(set.rows), o.regularization),
                         p.lower_bound));
  }
  REQUIRE(count > 5000);  // ~0.4 MiB of trie and queue, twice the room it gets
  SearchOptions capped = o;
  const double room = 0.5;  // MiB beyond the process, its headroom and two 64 KiB messages
  capped.max_memory_mb = static_cast<double>(resident_bytes()) / 1048576.0 + 6 + 0.125 + room;
  RulelistSearch taker(set, capped);
  taker.partition(1, 2);
  taker.take(batch);
  const auto r = taker.result();
  INFO("took " << r.stats.queued << " of " << count << ", peak " << r.stats.peak_bytes);
  CHECK(r.stats.stopped_by_memory);
  CHECK(r.stats.queued < count);
  CHECK(r.stats.peak_bytes <= room * 1048576.0 * 1.03 + 65536);
  // Without a cap the whole batch is queued (or pruned by the permutation map). The capped rank's
  // bound is never above it (the dropped prefixes' bounds are kept, unstrengthened) nor below the
  // lowest bound any given prefix had.
  RulelistSearch all(set, o);
  all.partition(1, 2);
  all.take(batch);
  const auto full = all.result();
  CHECK(full.stats.queued + full.stats.pruned_permutation == count);
  CHECK(r.open_bound <= full.open_bound);
  CHECK(r.open_bound >= lowest);
  CHECK(std::isfinite(r.open_bound));
}
