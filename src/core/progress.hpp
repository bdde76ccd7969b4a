#pragma once
// Progress with ETA on stderr for long stages. Quiet for stages that finish within `quiet_seconds`,
// then at most one line every `interval_seconds`, so logs of short runs stay clean.
#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>

namespace adm {

class Progress {
 public:
  Progress(std::string stage, std::size_t total, std::ostream* out, double quiet_seconds = 2.0,
           double interval_seconds = 5.0);
  // `done` tasks of `total` finished (including any resumed from a checkpoint: `resumed`).
  void update(std::size_t done);
  void set_resumed(std::size_t resumed) { resumed_ = resumed; }
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  std::string stage_;
  std::size_t total_;
  std::ostream* out_;
  double quiet_, interval_;
  std::size_t resumed_ = 0;
  Clock::time_point start_, last_;
  bool printed_ = false;
};

}  // namespace adm
