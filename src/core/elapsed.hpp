#pragma once
// Seconds elapsed on a clock since a time point of that clock: the one helper every wall-time
// figure uses (the protocol clock of the MPI layer, std::chrono::steady_clock elsewhere).
#include <chrono>

namespace adm {

template <class Clock, class Duration>
double seconds_since(std::chrono::time_point<Clock, Duration> t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace adm
