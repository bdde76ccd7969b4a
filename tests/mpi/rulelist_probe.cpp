// Runs the distributed rule-list search under mpirun for the rank tests. For each case (random
// problem seed x fairness constraint x strategy) rank 0 prints the brute-force optimum over all
// rule lists up to length 3 and the certified optimum of the branch-and-bound over every rank
// (frontier_search); the lines must agree with each other and be identical at any rank count.
#include <cstdio>

#include "../methods/rulelist_brute_force.hpp"
#include "methods/rulelist/search.hpp"
#include "parallel/frontier_search.hpp"

using namespace adm;
using namespace adm::methods::rulelist;

int main() {
  auto& comm = dist::Communicator::world();
  // Every metric (issue 14: the fairness-aware bounds prune under each), PP counting an
  // unmeasurable unfairness as fair.
  const FairnessConstraint constraints[] = {{},
                                            {true, fairness::GapMetric::SP, 0.9, false},
                                            {true, fairness::GapMetric::EOdds, 0.85, false},
                                            {true, fairness::GapMetric::PP, 0.8, true},
                                            {true, fairness::GapMetric::PE, 0.9, false},
                                            {true, fairness::GapMetric::EOpp, 0.9, false},
                                            {true, fairness::GapMetric::CUAE, 0.8, false}};
  // BfsObjective runs with best_first_after: each rank's queue turns best-first mid-search.
  const Strategy strategies[] = {Strategy::Bfs, Strategy::Curiosity, Strategy::Dfs,
                                 Strategy::BfsObjective};
  int mismatches = 0;
  for (std::uint64_t seed : {31, 32, 33}) {
    const auto set = test::random_rule_set(seed, 90, 9, seed == 33 ? 3 : 2);
    for (const auto& fair : constraints)
      for (Strategy strategy : strategies)
        for (bool fair_bounds : {true, false}) {
          // The fairness-aware bounds off too, once per constraint.
          if (!fair_bounds && (!fair.active || strategy != Strategy::Curiosity)) continue;
          SearchOptions o;
          o.bounds.fair_unfairness = o.bounds.fair_errors = o.bounds.fair_permutation_map =
              o.bounds.fair_classes = fair_bounds;
          o.regularization = 0.01;
          o.max_length = 3;
          o.strategy = strategy;
          if (strategy == Strategy::BfsObjective) o.best_first_after = 5;
          o.fairness = fair;
          RulelistSearch search(set, o);
          dist::FrontierOptions fo;
          // Steps of 4 prefixes with a poll after each: many messages even on this small tree,
          // however fast the machine.
          fo.slice_seconds = 0;
          fo.step_budget = 4;
          dist::FrontierStats stats;
          const auto merged = merge_findings(dist::frontier_search(comm, search, fo, &stats));
          if (!comm.is_root()) continue;
          const auto brute = test::brute_force(set, o.regularization, 3, fair);
          const std::string got = merged.best.found ? encode(merged.best.list) : "none";
          const std::string want = brute.found ? encode(brute.list) : "none";
          mismatches += got != want || !stats.complete;
          std::printf("seed %llu fair %d bounds %d strategy %s: bnb %s %.17g brute %s %.17g\n",
                      static_cast<unsigned long long>(seed), fair.active ? int(fair.metric) : -1,
                      int(fair_bounds), to_string(strategy), got.c_str(), merged.best.objective,
                      want.c_str(), brute.objective);
          std::fprintf(stderr, "ranks %d moved %llu\n", comm.size(),
                       static_cast<unsigned long long>(stats.steals + merged.stats.routed));
        }
  }
  if (comm.is_root() && mismatches) std::printf("%d mismatches\n", mismatches);
  return mismatches ? 1 : 0;
}
