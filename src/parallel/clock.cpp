#include "parallel/clock.hpp"

#include <thread>

namespace adm::dist {

ProtocolClock::time_point ProtocolClock::now() noexcept {
  return time_point(
      std::chrono::duration_cast<duration>(std::chrono::steady_clock::now().time_since_epoch()));
}

void pause_for(double seconds) {
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

bool simulated_time() { return false; }

void work_begins() {}
void work_ends(std::uint64_t) {}

}  // namespace adm::dist
