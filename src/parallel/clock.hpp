#pragma once
// The clock of the distributed protocols (the farm's timings and chunk sizes, the search's slices,
// rate limits and idle sleeps). Its source is chosen at link time, so the protocol code has no
// #ifdef: parallel/clock.cpp reads the machine's steady clock; a simulated cluster (bench/smpi,
// SimGrid SMPI) links its own definitions, which read and advance the simulated time. std::chrono
// and sleeps are invisible to a simulator: a protocol timed by them would see the host's time.
#include <chrono>
#include <cstdint>

#include "core/elapsed.hpp"

namespace adm::dist {

struct ProtocolClock {
  using rep = std::int64_t;
  using period = std::nano;
  using duration = std::chrono::nanoseconds;
  using time_point = std::chrono::time_point<ProtocolClock>;
  static constexpr bool is_steady = true;
  static time_point now() noexcept;
};

using adm::seconds_since;  // seconds_since(t0) on the protocol clock, as on any other

// Lets `seconds` pass on the protocol clock without using the CPU.
void pause_for(double seconds);

// True under a simulator: one thread of control per rank, whose CPU time the simulator measures
// between MPI calls. Work on a second thread (the farm's coordinator running its own tasks) would
// cost no simulated time, so it runs inline there instead.
bool simulated_time();

// Brackets one step of a search's own work (LocalSearch::step), `units` its nodes. A real build
// does nothing. A simulated cluster may charge each unit a fixed cost calibrated at one rank
// instead of the CPU it measures (bench/smpi/simulated_clock.cpp): SMPI runs every simulated rank
// in one process, so each step starts with caches the other ranks emptied (1.36x the CPU a node
// of the German mine at 64 ranks), and the host's speed drifts between runs.
void work_begins();
void work_ends(std::uint64_t units);

// The bracket as a scope: `units` is charged when it ends, also when the step threw.
struct MeteredWork {
  MeteredWork() { work_begins(); }
  ~MeteredWork() { work_ends(units); }
  MeteredWork(const MeteredWork&) = delete;
  MeteredWork& operator=(const MeteredWork&) = delete;
  std::uint64_t units = 0;
};

}  // namespace adm::dist
