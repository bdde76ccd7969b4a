#pragma once
// How many tasks the farm's coordinator hands out in one message. Every message costs rank 0 a few
// microseconds (receive, record, hand out: ~2.5 us a task measured on the audit stage), so tasks of
// a fraction of a millisecond (a bootstrap replicate) saturate rank 0 at some tens of ranks when
// each travels alone. Cheap tasks therefore go in chunks of about kTargetSeconds of work; long
// tasks (model fits) still go one at a time. Guided self-scheduling caps a chunk at the pending
// tasks over twice the ranks, so chunks shrink towards the end of a stage and the last tasks still
// go to whoever is free. The chunking changes only who runs which task: task i always draws from
// its own stream, so results do not depend on it.
//
// At many ranks a fixed chunk time is not enough: P workers each returning a chunk every
// kTargetSeconds ask rank 0 for P / kTargetSeconds handouts a second, and rank 0 spends ~10 us of
// CPU on each (receive, record, hand out; measured with farm_probe's sleeping tasks at 16-64
// ranks: 9-12 us), so at ~400 ranks it would do nothing else. The chunk time therefore grows with
// the ranks, ranks x kHandoutSeconds / kCoordinatorShare, keeping rank 0 at most a quarter busy
// with handouts: 4 ms up to 100 ranks, 41 ms at 1,024.
#include <algorithm>
#include <cstddef>

namespace adm::dist {

class TaskChunks {
 public:
  static constexpr double kTargetSeconds = 0.004;
  static constexpr double kHandoutSeconds = 10e-6;  // rank 0's CPU time per handout, measured
  static constexpr double kCoordinatorShare = 0.25;

  // Seconds of work a chunk aims at with `ranks` ranks.
  static double target_seconds(std::size_t ranks) {
    return std::max(kTargetSeconds,
                    static_cast<double>(ranks) * kHandoutSeconds / kCoordinatorShare);
  }

  // Seconds the tasks of this stage took, as results come in (rank 0's own included).
  void timed(std::size_t tasks, double seconds) {
    tasks_ += tasks;
    seconds_ += seconds;
  }

  // Tasks of the next handout to a rank that stands for `capacity` ranks (a node leader hands them
  // on to its node, dist/farm_nodes): one a rank until a task has been timed, then about
  // target_seconds(correspondents) of them a rank, at most its share (capacity / ranks) of half
  // the pending tasks, at least one. `correspondents` is how many ranks the coordinator answers
  // (what its handout rate grows with): all the ranks when flat (0 means that), its node and the
  // other leaders with node leaders.
  std::size_t next(std::size_t pending, std::size_t ranks, std::size_t capacity = 1,
                   std::size_t correspondents = 0) const {
    if (pending == 0) return 0;
    capacity = std::max<std::size_t>(capacity, 1);
    std::size_t by_time = 1;
    if (tasks_ > 0) {
      const double mean = seconds_ / static_cast<double>(tasks_);
      const double target = target_seconds(correspondents > 0 ? correspondents : ranks);
      by_time = mean * kMaxChunk <= target ? kMaxChunk : static_cast<std::size_t>(target / mean);
      by_time = std::max<std::size_t>(by_time, 1);
    }
    const std::size_t by_share = pending * capacity / (2 * std::max<std::size_t>(ranks, 1));
    return std::max<std::size_t>(1, std::min({by_time * capacity, by_share, pending}));
  }

 private:
  static constexpr std::size_t kMaxChunk = 4096;
  std::size_t tasks_ = 0;
  double seconds_ = 0;
};

}  // namespace adm::dist
