// Runs the real task farm under mpirun for the rank tests: `farm_probe ordered N` prints every
// task's result (identical for any rank count); `farm_probe fail K N` makes task K throw an input
// error on whichever rank runs it, which must end every rank with that message and exit code 2;
// `farm_probe sleep US N` runs N tasks that each sleep US microseconds (no CPU: on an
// oversubscribed node the ranks still work side by side, so the coordinator's limit shows).
// Rank 0 also prints the handouts, its messages and peers (node leaders), and with FARM_PROBE_TIMES
// set the stage's and the coordinator's seconds (NOTES, "Task farm": 100,000 tasks of ~3 us, with
// and without chunks).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

#include "core/error.hpp"
#include "parallel/task_farm.hpp"

int main(int argc, char** argv) {
  auto& comm = adm::dist::Communicator::world();
  if (argc < 3) return 2;
  const std::string mode = argv[1];
  const std::size_t fail_at = mode == "fail" ? std::stoul(argv[2]) : ~std::size_t{0};
  const long sleep_us = mode == "sleep" ? std::stol(argv[2]) : 0;
  const std::size_t n = std::stoul(argv[argc - 1]);
  adm::dist::TaskFarm farm(comm, adm::dist::FarmOptions{99});
  try {
    const auto results = farm.run("probe", n, [&](std::size_t i, adm::Rng& rng) {
      if (i == fail_at) throw adm::InputError("task " + std::to_string(i) + " rejected its input");
      if (sleep_us > 0) {
        std::this_thread::sleep_for(std::chrono::microseconds(sleep_us));
        return std::vector<double>{double(i), 0.0};
      }
      double sum = 0;
      for (int k = 0; k < 1000; ++k) sum += rng.uniform();  // some work, so ranks interleave
      return std::vector<double>{double(i), sum};
    });
    if (comm.is_root()) {
      if (sleep_us == 0)
        for (const auto& r : results) std::printf("%.0f %.17g\n", r[0], r[1]);
      const auto& per_rank = farm.last_stats().per_rank;
      for (std::size_t r = 0; r < per_rank.size(); ++r)
        std::fprintf(stderr, "rank %zu computed %zu tasks\n", r, per_rank[r]);
      const auto& stats = farm.last_stats();
      std::fprintf(stderr, "handouts %zu\n", stats.handouts);
      // Node leaders (ADM_FARM_NODE_RANKS): rank 0's messages and the ranks it exchanged them with.
      std::fprintf(stderr, "leaders %zu\nroot_messages %llu\nroot_peers %zu\n", stats.leaders,
                   static_cast<unsigned long long>(stats.root_messages), stats.root_peers);
      std::fprintf(stderr, "broadcast_bytes %llu\n",
                   static_cast<unsigned long long>(stats.broadcast_bytes));
      // Workers receive only their handouts (8 bytes a task) and the stop.
      std::uint64_t worker_max = 0;
      for (std::size_t r = 1; r < stats.traffic.bytes_received.size(); ++r)
        worker_max = std::max(worker_max, stats.traffic.bytes_received[r]);
      std::fprintf(stderr, "worker_bytes_received_max %llu\n",
                   static_cast<unsigned long long>(worker_max));
      if (std::getenv("FARM_PROBE_TIMES"))
        std::fprintf(stderr, "seconds %.4f coordinator %.4f coordinator_cpu %.4f\n", stats.seconds,
                     stats.coordinator_seconds, stats.coordinator_cpu_seconds);
    }
  } catch (const std::exception& e) {
    std::cerr << "farm_probe: error: " << e.what() << std::endl;
    comm.abort(dynamic_cast<const adm::InputError*>(&e) ? 2 : 1);
  }
  return 0;
}
