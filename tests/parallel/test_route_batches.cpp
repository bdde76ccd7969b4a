#include <catch2/catch.hpp>

#include "parallel/route_batches.hpp"

using namespace adm::dist;

// The waits, derived by hand from route_batches.hpp: busy max(2 ms, (P - 1) x 0.125 ms), idle
// (P - 1) x 16 us. Up to 17 ranks a busy rank keeps the old 2 ms.
TEST_CASE("routed batches: waits grow with the owners beyond 17 ranks", "[dist]") {
  CHECK(RouteBatches(2).busy_wait() == Approx(0.002));
  CHECK(RouteBatches(16).busy_wait() == Approx(0.002));
  CHECK(RouteBatches(17).busy_wait() == Approx(0.002));
  CHECK(RouteBatches(64).busy_wait() == Approx(63 * 0.000125));
  CHECK(RouteBatches(1024).busy_wait() == Approx(1023 * 0.000125));
  CHECK(RouteBatches(2).idle_wait() == Approx(0.000016));
  CHECK(RouteBatches(64).idle_wait() == Approx(63 * 0.000016));
  CHECK(RouteBatches(1).busy_wait() == Approx(0.002));  // one rank routes nothing; no zero waits
}

TEST_CASE("routed batches: when a batch goes", "[dist]") {
  const RouteBatches b(64);  // busy wait 7.875 ms, idle wait 1.008 ms
  // A full batch goes at once, busy or idle, whatever its owner does.
  CHECK(b.due(RouteBatches::kBatchBytes, 0.0, false, true));
  CHECK(b.due(RouteBatches::kBatchBytes, 0.0, true, true));
  // An owner without work: an idle rank sends at once, a busy one after 2 ms (as before).
  CHECK(b.due(75, 0.0, true, false));
  CHECK_FALSE(b.due(75, 0.0019, false, false));
  CHECK(b.due(75, 0.002, false, false));
  // An owner with work: a busy rank waits its busy wait, an idle one its idle wait.
  CHECK_FALSE(b.due(75, 0.0078, false, true));
  CHECK(b.due(75, 0.0079, false, true));
  CHECK_FALSE(b.due(75, 0.0010, true, true));
  CHECK(b.due(75, 0.00101, true, true));
}
