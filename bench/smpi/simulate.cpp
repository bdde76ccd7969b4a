// Simulation driver for SimGrid SMPI (bench/smpi/run.sh): the project's real distributed code on a
// simulated cluster. What is real and what is modelled:
//   farm STAGE TASKS MEAN_S CV VALUES  - the real dist::TaskFarm (handouts, chunking, prefetch,
//       results to rank 0, their broadcast); each task's compute is MODELLED: it charges
//       MEAN_S x a log-normal factor of coefficient of variation CV (drawn from the task's own
//       stream, so the same for every rank count) to the simulated clock (smpi_execute_benched),
//       and returns VALUES doubles, the real stage's result size. MEAN_S, CV and VALUES come from
//       1-rank runs of the real pipelines (run.sh says which).
//   patterns CSV K [divergence]        - REAL: the German top-K mine by |Delta| (or by
//       divergence: ~11x the nodes at K = 200,000) of configs/fairnb/patterns_german.toml (the
//       pipeline's data, naive Bayes fit and pt::mine with root_only), its CPU time measured by
//       SMPI between MPI calls and injected into the simulation.
//   rulelist CORELS_DIR LAMBDA         - REAL: CORELS' COMPAS rule list (simulate_rulelist.cpp).
//   rulelist_fair OUT LABEL GROUPS LAMBDA METRIC EPSILON - REAL: a certified fairness-constrained
//       rule list on CORELS' files (simulate_rulelist.cpp).
// Rank 0 prints one line: "RESULT <stage> <ranks> <simulated seconds> <key=value ...>".
#include <mpi.h>
#include <smpi/smpi.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "data/load.hpp"
#include "learn/naive_bayes.hpp"
#include "methods/patterns/miner.hpp"
#include "methods/patterns/pattern_model.hpp"
#include "parallel/communicator.hpp"
#include "parallel/frontier_search.hpp"
#include "parallel/task_farm.hpp"

namespace {

using namespace adm;
namespace pt = methods::patterns;

template <class T>
T sum(const std::vector<T>& v) {
  T s{};
  for (const auto& x : v) s += x;
  return s;
}

int farm(dist::Communicator& comm, int argc, char** argv) {
  if (argc != 7) throw std::runtime_error("usage: farm STAGE TASKS MEAN_S CV VALUES");
  const std::string stage = argv[2];
  const auto tasks = std::stoull(argv[3]);
  const double mean = std::stod(argv[4]), cv = std::stod(argv[5]);
  const auto values = std::stoull(argv[6]);
  // Log-normal with mean 1 and coefficient of variation cv: exp(sigma z - sigma^2 / 2).
  const double sigma = std::sqrt(std::log1p(cv * cv));
  dist::TaskFarm farm(comm, dist::FarmOptions{.seed = 20261205});
  const auto results = farm.run(stage, tasks, [&](std::size_t index, Rng& rng) {
    smpi_execute_benched(mean * std::exp(sigma * rng.normal() - sigma * sigma / 2));
    return std::vector<double>(values, static_cast<double>(index));
  });
  double check = 0;  // rank 0 must hold every result, in task order (the others hold none)
  if (comm.is_root() && results.size() != tasks) check += 1;
  if (!comm.is_root() && !results.empty()) check += 1;
  for (std::size_t i = 0; i < results.size(); ++i)
    if (results[i].size() != values || (values > 0 && results[i][0] != static_cast<double>(i)))
      check += 1;
  if (comm.is_root()) {
    const auto& s = farm.last_stats();
    std::printf(
        "RESULT %s %d %.6f tasks=%zu handouts=%zu busy=%.6f wait=%.6f coordinator=%.6f "
        "result_bytes=%llu broadcast_bytes=%llu rank0_sent=%llu rank0_received=%llu "
        "leaders=%zu root_messages=%llu root_peers=%zu misplaced=%.0f\n",
        stage.c_str(), comm.size(), s.seconds, s.tasks, s.handouts, sum(s.busy_seconds),
        sum(s.wait_seconds), s.coordinator_seconds,
        static_cast<unsigned long long>(sum(s.result_bytes)),
        static_cast<unsigned long long>(s.broadcast_bytes),
        static_cast<unsigned long long>(s.traffic.messages_sent[0]),
        static_cast<unsigned long long>(s.traffic.messages_received[0]), s.leaders,
        static_cast<unsigned long long>(s.root_messages), s.root_peers, check);
  }
  return check == 0 ? 0 : 1;
}

// configs/fairnb/patterns_german.toml's data and model, as run_patterns builds them.
pt::PatternModel german_model(const std::string& csv) {
  const std::vector<std::string> order = {"duration",
                                          "credit_amount",
                                          "age",
                                          "maintenance",
                                          "telephone",
                                          "foreign_worker",
                                          "checking_status",
                                          "credit_history",
                                          "purpose",
                                          "saving_account",
                                          "employment",
                                          "income",
                                          "sex",
                                          "marital_status",
                                          "guarantor",
                                          "residence",
                                          "property",
                                          "installation_plan",
                                          "housing",
                                          "existing_credit",
                                          "job"};
  const std::vector<std::string> sensitive = {"age", "foreign_worker", "sex", "marital_status"};
  data::DataSpec spec;
  spec.source = csv;
  spec.roles.target = "loan_status";
  spec.roles.sensitive = sensitive;
  for (const auto& n : order) {
    spec.types[n] = data::ColumnType::Categorical;
    bool s = false;
    for (const auto& x : sensitive) s = s || x == n;
    if (!s) spec.roles.features.push_back(n);
  }
  spec.types["loan_status"] = data::ColumnType::Categorical;
  const auto dataset = data::load_dataset(spec);
  std::vector<bool> is_sensitive;
  for (const auto& n : order) {
    bool s = false;
    for (const auto& x : sensitive) s = s || x == n;
    is_sensitive.push_back(s);
  }
  const auto table = learn::nb_table(dataset, order, "1");
  const auto nb = learn::NaiveBayes::fit(learn::NbCounts::of(table), 0.0);
  return pt::PatternModel(nb, is_sensitive, 0.1);
}

int patterns(dist::Communicator& comm, int argc, char** argv) {
  const bool divergence = argc == 5 && std::string(argv[4]) == "divergence";
  if (argc != 4 && !divergence) throw std::runtime_error("usage: patterns CSV K [divergence]");
  const auto model = german_model(argv[2]);
  pt::MineOptions options{
      divergence ? pt::MineMode::TopDivergence : pt::MineMode::TopDiscrimination,
      std::stoull(argv[3]), true};
  options.root_only = true;  // as the pipeline: only the coordinator writes the patterns
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  dist::FrontierStats stats;
  const auto r = pt::mine(comm, model, options, &stats);
  const double seconds = MPI_Wtime() - t0;
  if (comm.is_root()) {
    double scores = 0;  // the answer, to compare between rank counts
    for (std::size_t i = 0; i < r.patterns.size(); ++i) scores += r.patterns.score(i);
    std::printf(
        "RESULT patterns_german%s %d %.6f patterns=%zu score_sum=%.12g visited=%llu nodes=%llu "
        "search=%.6f findings=%.6f busy=%.6f idle=%.6f messages=%llu bytes=%llu steals=%llu "
        "waves=%llu complete=%d\n",
        divergence ? "_divergence" : "", comm.size(), seconds, r.patterns.size(), scores,
        static_cast<unsigned long long>(r.visited),
        static_cast<unsigned long long>(stats.total_nodes()), stats.search_seconds,
        stats.findings_seconds, sum(stats.busy_seconds), sum(stats.idle_seconds),
        static_cast<unsigned long long>(sum(stats.messages_sent)),
        static_cast<unsigned long long>(sum(stats.bytes_sent)),
        static_cast<unsigned long long>(stats.steals), static_cast<unsigned long long>(stats.waves),
        r.complete ? 1 : 0);
  }
  return 0;
}

}  // namespace

namespace adm::smpi_bench {
int rulelist(dist::Communicator& comm, int argc, char** argv);       // simulate_rulelist.cpp
int rulelist_fair(dist::Communicator& comm, int argc, char** argv);  // simulate_rulelist.cpp
}  // namespace adm::smpi_bench

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  // Communicator goes distributed only under a launcher's environment; smpirun sets none.
  setenv("PMI_SIZE", "smpi", 0);
  auto& comm = adm::dist::Communicator::world();
  int code = 2;
  try {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "farm")
      code = farm(comm, argc, argv);
    else if (mode == "patterns")
      code = patterns(comm, argc, argv);
    else if (mode == "rulelist")
      code = adm::smpi_bench::rulelist(comm, argc, argv);
    else if (mode == "rulelist_fair")
      code = adm::smpi_bench::rulelist_fair(comm, argc, argv);
    else
      std::fprintf(stderr, "usage: simulate farm|patterns|rulelist|rulelist_fair ...\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "simulate: %s\n", e.what());
    code = 2;
  }
  MPI_Finalize();
  return code;
}
