// The rule-list stage of the SMPI simulation driver (bench/smpi/simulate.cpp dispatches to it):
//   rulelist DIR LAMBDA  - REAL: CORELS' COMPAS rule list as
//   configs/faircorels/rulelist_corels_compas
//       .toml with bench/workloads.sh's settings (strategy lower_bound, max_memory_mb 8000, every
//       bound on, CORELS' own files in DIR: compas_train.out/.label/.minor), the real
//       RulelistSearch and frontier search (prefixes routed to the owner of their rule set), its
//       CPU time measured by SMPI between MPI calls and injected into the simulation.
// Rank 0 prints "RESULT corels_compas_<LAMBDA> <ranks> <simulated seconds> <key=value ...>".
#include <mpi.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "methods/rulelist/corels_format.hpp"
#include "methods/rulelist/search.hpp"
#include "parallel/communicator.hpp"
#include "parallel/frontier_search.hpp"

namespace adm::smpi_bench {

namespace rl = methods::rulelist;

int rulelist(dist::Communicator& comm, int argc, char** argv) {
  if (argc != 4) throw std::runtime_error("usage: rulelist CORELS_DIR LAMBDA");
  const std::string dir = argv[2], lambda_text = argv[3];
  const auto set = rl::read_corels(
      {dir + "/compas_train.out", dir + "/compas_train.label", dir + "/compas_train.minor", ""});
  rl::SearchOptions options;  // the pipeline's defaults for the keys the config leaves out
  options.regularization = std::stod(lambda_text);
  options.strategy = rl::Strategy::LowerBound;
  options.max_memory_mb = 8000;
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
    std::printf(
        "RESULT corels_compas_%s %d %.6f objective=%.12g rules=%s default=%d nodes=%llu "
        "search=%.6f findings=%.6f busy=%.6f idle=%.6f take=%.6f messages=%.0f bytes=%.0f "
        "steals=%llu waves=%llu complete=%d batches=%.0f routed=%llu\n",
        lambda_text.c_str(), comm.size(), seconds, merged.best.objective, rules.c_str(),
        merged.best.list.default_prediction, static_cast<unsigned long long>(stats.total_nodes()),
        stats.search_seconds, stats.findings_seconds, total(stats.busy_seconds),
        total(stats.idle_seconds), total(stats.take_seconds), total(stats.messages_sent),
        total(stats.bytes_sent), static_cast<unsigned long long>(stats.steals),
        static_cast<unsigned long long>(stats.waves), stats.complete ? 1 : 0,
        total(stats.routed_batches), static_cast<unsigned long long>(merged.stats.routed));
  }
  return 0;
}

}  // namespace adm::smpi_bench
