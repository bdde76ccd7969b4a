// Throughput of the foundation's hot paths, printed as figures (not timed tests):
//   CSV reading (MB/s), plug-in CMI (rows/s), fairness evaluation on a bootstrap sample (rows/s),
//   and the task farm's overhead per task (a size-1 farm vs a plain loop).
// Usage: bench_foundation [CSV_FILE]   (default: Adult from the shared data folder, if present)
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "core/config_fields.hpp"
#include "data/csv_reader.hpp"
#include "data/embedded.hpp"
#include "data/split.hpp"
#include "fairness/group_fairness.hpp"
#include "info/measures.hpp"
#include "parallel/task_farm.hpp"

namespace {

using Clock = std::chrono::steady_clock;

template <class F>
double best_seconds(int repeats, F&& f) {
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    const auto t0 = Clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  std::string csv = argc > 1 ? argv[1] : "";
  if (csv.empty()) {
    const auto dir = adm::config::default_data_dir();
    if (!dir.empty()) csv = dir + "/adult/adult_train_clean.csv";
  }
  if (!csv.empty() && std::filesystem::exists(csv)) {
    const double mb = double(std::filesystem::file_size(csv)) / 1e6;
    std::size_t rows = 0;
    const double s = best_seconds(3, [&] { rows = adm::data::read_csv(csv).rows(); });
    std::printf("csv_read        %-40s %8zu rows  %7.3f s  %7.1f MB/s\n", csv.c_str(), rows, s,
                mb / s);
  } else {
    std::printf("csv_read        skipped (no CSV given and no shared data folder)\n");
  }

  const std::size_t n = 200000;
  auto data = adm::data::make_embedded("demo", n);
  const std::vector<std::string> y{"repaid"}, x{"zip_code"}, s{"race", "sex"};
  double cmi = 0;
  const double t_cmi =
      best_seconds(5, [&] { cmi = adm::info::conditional_mutual_information(data, y, x, s); });
  std::printf(
      "plugin_cmi      I(Y;X|S) on %zu rows                %7.4f s  %7.1f Mrows/s  (value %.5f "
      "bits)\n",
      n, t_cmi, n / t_cmi / 1e6, cmi);

  const auto decisions = data.column("approved").codes();
  adm::fairness::FairnessInputs in;
  in.y_true = data.column("repaid").codes();
  in.y_pred = decisions;
  in.group = data.column("race").codes();
  adm::Rng rng(1, "bench", 0);
  const auto sample = adm::data::bootstrap_sample(n, rng);
  const double t_fair = best_seconds(5, [&] { adm::fairness::evaluate_on_rows(in, sample); });
  std::printf("fairness_eval   one bootstrap replicate, %zu rows      %7.4f s  %7.1f Mrows/s\n", n,
              t_fair, n / t_fair / 1e6);

  // Farm overhead: 100k trivial tasks through a size-1 farm vs the same work in a plain loop.
  const std::size_t tasks = 100000;
  auto work = [](std::size_t i, adm::Rng& r) {
    return std::vector<double>{double(i) + r.uniform()};
  };
  adm::dist::TaskFarm farm(adm::dist::Communicator::world(), adm::dist::FarmOptions{3});
  const double t_farm = best_seconds(3, [&] { farm.run("bench", tasks, work); });
  const double t_loop = best_seconds(3, [&] {
    std::vector<std::vector<double>> out(tasks);
    for (std::size_t i = 0; i < tasks; ++i) {
      adm::Rng r(3, "bench", i);
      out[i] = work(i, r);
    }
  });
  std::printf("farm_overhead   %zu trivial tasks: farm %.4f s, loop %.4f s, ratio %.2f\n", tasks,
              t_farm, t_loop, t_farm / t_loop);
  return 0;
}
