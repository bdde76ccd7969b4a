// Runs the distributed frontier search under mpirun for the rank tests:
// `frontier_probe solve ITEMS SEED` prints the certified knapsack optimum (identical at any rank
// count, checked against dynamic programming at rank 0) and per-rank node counts on stderr;
// `frontier_probe fail ITEMS SEED` makes the last rank throw an input error mid-search, which
// must end every rank with that message and exit code 2;
// `frontier_probe budget ITEMS SEED MAX` runs with max_nodes = MAX and prints the nodes expanded
// over all ranks and whether the search says it stopped by the budget;
// `frontier_probe root ITEMS SEED` is `solve` with the findings sent to rank 0 only (the other
// ranks must get none); `frontier_probe sized ITEMS SEED` is `root` with each rank announcing its
// findings' size first (rank 0 posts its receives before the findings are made), and
// `frontier_probe sized_fail ITEMS SEED` the same with rank 0 failing to make its findings, which
// must end every rank (an error one rank sees ends the job, as in main) with exit code 2;
// `frontier_probe stop ITEMS SEED` makes the last rank's search want to stop after a few steps (as
// a memory cap does): every rank must end, the search must say it was stopped, and the stopped
// rank must take no nodes after it wanted to stop (exit 1 if it did);
// `frontier_probe chain ITEMS SEED` runs six task farm stages and six searches (instances SEED to
// SEED + 5) back to back in one process: they share one channel, so a message of one stage must
// never reach another (each search's optimum is checked against dynamic programming, each farm's
// results against their indices; rank 0 prints the optima).
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "parallel/knapsack_search.hpp"
#include "parallel/task_farm.hpp"

namespace {
class FailingSearch : public adm::test::KnapsackSearch {
 public:
  using KnapsackSearch::KnapsackSearch;
  bool fail_here = false;
  bool stop_here = false;
  bool took_after_stop = false;
  bool announces_size = false;
  bool fail_findings = false;
  std::optional<std::size_t> findings_bytes() const override {
    if (!announces_size) return std::nullopt;
    return KnapsackSearch::findings().size();
  }
  std::string findings() const override {
    if (fail_findings) throw adm::InputError("findings failed on rank 0");
    return KnapsackSearch::findings();
  }
  std::uint64_t step(std::uint64_t budget) override {
    if (fail_here && ++steps_ > 3) throw adm::InputError("node rejected on the last rank");
    if (stop_here && ++steps_ >= 3) stopped_ = true;
    return KnapsackSearch::step(budget);
  }
  bool wants_stop() const override { return stopped_; }
  void take(const std::string& nodes) override {
    took_after_stop = took_after_stop || (stopped_ && !nodes.empty());
    KnapsackSearch::take(nodes);
  }

 private:
  int steps_ = 0;
  bool stopped_ = false;
};
}  // namespace

namespace {
// Short slices and steps, so that ranks exchange work many times even on small instances.
adm::dist::FrontierOptions probe_options() {
  adm::dist::FrontierOptions options;
  options.slice_seconds = 0.0005;
  options.step_budget = 64;
  return options;
}

// The `chain` mode: stages of both protocols, one after the other; 0 when every answer is right.
int chain(adm::dist::Communicator& comm, std::size_t items, std::uint64_t seed) {
  adm::dist::TaskFarm farm(comm, {});
  for (std::uint64_t round = 0; round < 6; ++round) {
    // Tasks of a few microseconds, several a rank: ranks leave the stage at different times.
    const std::size_t tasks = 8 * static_cast<std::size_t>(comm.size()) + round;
    const auto results = farm.run_bytes("chain", tasks, [&](std::size_t i, adm::Rng&) {
      return std::to_string(round) + ":" + std::to_string(i);
    });
    if (comm.is_root())
      for (std::size_t i = 0; i < tasks; ++i)
        if (results.at(i) != std::to_string(round) + ":" + std::to_string(i)) {
          std::fprintf(stderr, "farm %llu: task %zu answered '%s'\n",
                       static_cast<unsigned long long>(round), i, results[i].c_str());
          return 1;
        }
    const auto k = adm::test::Knapsack::random(items, seed + round);
    adm::test::KnapsackSearch search(k);
    adm::dist::FrontierOptions options = probe_options();
    adm::dist::FrontierStats stats;
    const auto findings = adm::dist::frontier_search(comm, search, options, &stats);
    const auto [value, mask] = adm::test::merge_knapsack(findings);
    if (comm.is_root()) {
      std::printf("search %llu optimum %.17g mask %llu\n", static_cast<unsigned long long>(round),
                  value, static_cast<unsigned long long>(mask));
      if (value != k.dp_value()) return 1;
    }
  }
  return 0;
}
}  // namespace

int main(int argc, char** argv) {
  auto& comm = adm::dist::Communicator::world();
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "chain" && argc == 4) return chain(comm, std::stoul(argv[2]), std::stoull(argv[3]));
  if (argc != (mode == "budget" ? 5 : 4)) return 2;
  const auto k = adm::test::Knapsack::random(std::stoul(argv[2]), std::stoull(argv[3]));
  try {
    FailingSearch search(k);
    search.fail_here = mode == "fail" && comm.rank() == comm.size() - 1;
    search.stop_here = mode == "stop" && comm.rank() == comm.size() - 1;
    adm::dist::FrontierOptions options = probe_options();
    if (mode == "budget") options.max_nodes = std::stoull(argv[4]);
    search.announces_size = mode == "sized" || mode == "sized_fail";
    search.fail_findings = mode == "sized_fail" && comm.is_root();
    options.findings_on_root_only = search.announces_size || mode == "root";
    adm::dist::FrontierStats stats;
    const auto findings = adm::dist::frontier_search(comm, search, options, &stats);
    if (mode == "budget") {
      if (comm.is_root())
        std::printf("expanded %llu stopped_by_budget %d complete %d\n",
                    static_cast<unsigned long long>(stats.total_nodes()),
                    stats.stopped_by_budget ? 1 : 0, stats.complete ? 1 : 0);
      return 0;
    }
    if ((mode == "root" || mode == "sized") && !comm.is_root()) return findings.empty() ? 0 : 1;
    if (mode == "stop") {
      if (comm.is_root())
        std::printf("stopped_by_method %d complete %d\n", stats.stopped_by_method ? 1 : 0,
                    stats.complete ? 1 : 0);
      if (search.took_after_stop)
        std::fprintf(stderr, "rank %d took nodes after it stopped\n", comm.rank());
      return search.took_after_stop ? 1 : 0;
    }
    if (findings.size() != static_cast<std::size_t>(comm.size())) return 1;
    const auto [value, mask] = adm::test::merge_knapsack(findings);
    if (comm.is_root()) {
      const double reference = k.dp_value();
      std::printf("optimum %.17g mask %llu complete %d\n", value,
                  static_cast<unsigned long long>(mask), stats.complete ? 1 : 0);
      if (value != reference) {
        std::fprintf(stderr, "dynamic programming says %.17g\n", reference);
        return 1;
      }
      for (std::size_t r = 0; r < stats.nodes.size(); ++r)
        std::fprintf(stderr, "rank %zu expanded %llu nodes\n", r,
                     static_cast<unsigned long long>(stats.nodes[r]));
      std::fprintf(stderr, "waves %llu steals %llu\n", static_cast<unsigned long long>(stats.waves),
                   static_cast<unsigned long long>(stats.steals));
    }
  } catch (const adm::InputError& e) {
    // A collective error reaches every rank; one line is enough. One only this rank sees ends the
    // job, as main does.
    const bool collective = dynamic_cast<const adm::CollectiveFailure*>(&e) != nullptr;
    if (comm.is_root() || !collective) std::cerr << "error: " << e.what() << "\n";
    if (!collective && comm.size() > 1) comm.abort(2);
    return 2;
  }
  return 0;
}
