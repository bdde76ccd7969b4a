#include <catch2/catch.hpp>
#include <vector>

#include "parallel/traffic.hpp"

using namespace adm::dist;

// The broadcast's accounting follows a binomial tree. Checked against the tree built independently
// round by round, halving the step from the largest power of two below P: every holder whose
// relative rank v is a multiple of 2 step sends the payload to v + step. Every rank must receive it
// exactly once, and a rank's children must be the sends it made in that construction, for any root.
TEST_CASE("broadcast children are those of the binomial tree built by doubling", "[dist]") {
  for (int size = 1; size <= 70; ++size) {
    for (const int root : {0, 1, size / 2, size - 1}) {
      if (root >= size) continue;
      std::vector<std::uint64_t> sends(static_cast<std::size_t>(size), 0);
      std::vector<int> received(static_cast<std::size_t>(size), 0);
      received[static_cast<std::size_t>(root)] = 1;
      int top = 1;
      while (top * 2 < size) top *= 2;
      for (int step = top; step >= 1 && size > 1; step /= 2)
        for (int v = 0; v + step < size; v += 2 * step) {
          REQUIRE(received[static_cast<std::size_t>((v + root) % size)] == 1);  // holds it
          ++sends[static_cast<std::size_t>((v + root) % size)];
          ++received[static_cast<std::size_t>((v + step + root) % size)];
        }
      std::uint64_t total = 0;
      for (int r = 0; r < size; ++r) {
        CHECK(received[static_cast<std::size_t>(r)] == 1);
        CHECK(broadcast_children(r, root, size) == sends[static_cast<std::size_t>(r)]);
        total += broadcast_children(r, root, size);
      }
      CHECK(total == static_cast<std::uint64_t>(size - 1));
    }
  }
  // The root sends ceil(log2 P) copies: 10 at 1,024 ranks, 11 at 1,025.
  CHECK(broadcast_children(0, 0, 1024) == 10);
  CHECK(broadcast_children(0, 0, 1025) == 11);
  CHECK(broadcast_children(0, 0, 1) == 0);
}
