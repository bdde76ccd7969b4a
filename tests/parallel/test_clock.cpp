#include <catch2/catch.hpp>

#include "parallel/clock.hpp"

using namespace adm::dist;

// The real build's protocol clock is the machine's steady clock: it never goes back, a pause lets
// at least that much time pass, and time is not simulated (the farm runs rank 0's chunk on its own
// thread). The SMPI build (bench/smpi) links other definitions and is checked by bench/smpi/run.sh.
TEST_CASE("protocol clock is steady and pauses for at least the time asked", "[dist]") {
  CHECK_FALSE(simulated_time());
  const auto t0 = ProtocolClock::now();
  const auto t1 = ProtocolClock::now();
  CHECK(t1 >= t0);
  pause_for(0.002);
  CHECK(seconds_since(t0) >= 0.002);
  CHECK(seconds_since(t0) < 5.0);  // seconds, not nanoseconds read as seconds
}
