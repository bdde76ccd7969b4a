// The rule-list stages of the SMPI simulation driver (bench/smpi/simulate.cpp dispatches to them):
//   rulelist DIR LAMBDA  - REAL: CORELS' COMPAS rule list as
//       configs/faircorels/rulelist_corels_compas.toml with bench/workloads.sh's settings (strategy
//       lower_bound, max_memory_mb 8000, every bound on, CORELS' own files in DIR:
//       compas_train.out/.label/.minor).
//   rulelist_fair OUT LABEL GROUPS LAMBDA METRIC EPSILON  - REAL: a certified fairness-constrained
//       rule list as configs/faircorels/corels_compas_sp.toml run by bench/fair_certify.sh (CORELS'
//       files with the sensitive attribute's rules taken out, its groups in GROUPS in CORELS'
//       layout, strategy lower_bound i.e. best-first, max_memory_mb 8000, the fair bounds on and
//       fair_unsafe_bounds off, so a complete search certifies its answer; the equivalent-points
//       minority computed from the rules, as the config gives no .minor).
// Both run the real RulelistSearch and frontier search (prefixes routed to their owner rank), their
// CPU time measured by SMPI between MPI calls and injected into the simulation. Rank 0 prints
// "RESULT <name> <ranks> <simulated seconds> <key=value ...>".
#include <mpi.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "fairness/gaps.hpp"
#include "methods/rulelist/corels_format.hpp"
#include "methods/rulelist/search.hpp"
#include "parallel/communicator.hpp"
#include "parallel/frontier_search.hpp"

namespace adm::smpi_bench {

namespace rl = methods::rulelist;

namespace {

// One search on every rank, timed on the simulated clock; rank 0 prints its RESULT line.
int search_and_report(dist::Communicator& comm, const rl::RuleSet& set,
                      const rl::SearchOptions& options, const std::string& name) {
  rl::check_search_options(options);
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  rl::RulelistSearch search(set, options);
  dist::FrontierOptions fo;  // the pipeline's: a 0.5 ms slice, findings to rank 0 only
  fo.findings_on_root_only = true;
  dist::FrontierStats stats;
  const auto findings = dist::frontier_search(comm, search, fo, &stats);
  const double seconds = MPI_Wtime() - t0;
  if (comm.is_root()) {
    const auto merged = rl::merge_findings(findings);
    std::string rules;  // the answer, to compare between rank counts
    for (std::size_t i = 0; i < merged.best.list.rules.size(); ++i)
      rules += (i ? "," : "") + std::to_string(merged.best.list.rules[i]) + ":" +
               std::to_string(merged.best.list.predictions[i]);
    auto total = [](const auto& v) {
      double s = 0;
      for (const auto& x : v) s += static_cast<double>(x);
      return s;
    };
    // As the pipeline's /rulelist/search/certified: run to its end with only safe bounds.
    const bool certified = stats.complete && !stats.stopped_by_budget && !stats.stopped_by_method &&
                           rl::certifiable(options);
    std::printf(
        "RESULT %s %d %.6f objective=%.12g rules=%s default=%d certified=%d nodes=%llu "
        "expanded=%llu "
        "search=%.6f findings=%.6f busy=%.6f idle=%.6f take=%.6f messages=%.0f bytes=%.0f "
        "steals=%llu waves=%llu complete=%d batches=%.0f routed=%llu\n",
        name.c_str(), comm.size(), seconds, merged.best.objective, rules.c_str(),
        merged.best.list.default_prediction, certified ? 1 : 0,
        static_cast<unsigned long long>(stats.total_nodes()),
        static_cast<unsigned long long>(merged.stats.expanded), stats.search_seconds,
        stats.findings_seconds, total(stats.busy_seconds), total(stats.idle_seconds),
        total(stats.take_seconds), total(stats.messages_sent), total(stats.bytes_sent),
        static_cast<unsigned long long>(stats.steals), static_cast<unsigned long long>(stats.waves),
        stats.complete ? 1 : 0, total(stats.routed_batches),
        static_cast<unsigned long long>(merged.stats.routed));
  }
  return 0;
}

fairness::GapMetric metric_named(const std::string& name) {
  for (auto m : fairness::kAllGapMetrics)
    if (name == fairness::to_string(m)) return m;
  throw std::runtime_error("rulelist_fair: unknown metric '" + name + "'");
}

}  // namespace

int rulelist(dist::Communicator& comm, int argc, char** argv) {
  if (argc != 4) throw std::runtime_error("usage: rulelist CORELS_DIR LAMBDA");
  const std::string dir = argv[2], lambda_text = argv[3];
  const auto set = rl::read_corels(
      {dir + "/compas_train.out", dir + "/compas_train.label", dir + "/compas_train.minor", ""});
  rl::SearchOptions options;  // the pipeline's defaults for the keys the config leaves out
  options.regularization = std::stod(lambda_text);
  options.strategy = rl::Strategy::LowerBound;
  options.max_memory_mb = 8000;
  return search_and_report(comm, set, options, "corels_compas_" + lambda_text);
}

int rulelist_fair(dist::Communicator& comm, int argc, char** argv) {
  if (argc != 8)
    throw std::runtime_error("usage: rulelist_fair OUT LABEL GROUPS LAMBDA METRIC EPSILON");
  const std::string lambda_text = argv[5], metric = argv[6], epsilon_text = argv[7];
  const auto set = rl::read_corels({argv[2], argv[3], "", argv[4]});
  if (set.groups.empty())
    throw std::runtime_error("rulelist_fair: no groups in " + std::string(argv[4]));
  rl::SearchOptions options;  // the pipeline's defaults for the keys the config leaves out
  options.regularization = std::stod(lambda_text);
  options.strategy = rl::Strategy::LowerBound;
  options.max_memory_mb = 8000;
  options.fairness.active = true;
  options.fairness.metric = metric_named(metric);
  options.fairness.epsilon = std::stod(epsilon_text);
  return search_and_report(comm, set, options,
                           "fair_" + metric + "_" + epsilon_text + "_" + lambda_text);
}

}  // namespace adm::smpi_bench
