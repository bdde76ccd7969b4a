#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/fresh_memory.hpp"

using namespace adm;

namespace {

// The VmFlags of the mapping (in /proc/self/smaps) that holds `address`; empty if none.
std::string vm_flags_at(const void* address) {
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t lo = 0, hi = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> lo >> dash >> hi && dash == '-' &&
        line.find(' ') != std::string::npos && line.find(':') > line.find(' ')) {
      inside = lo <= at && at < hi;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) return line;
  }
  return {};
}

}  // namespace

TEST_CASE("fresh memory: buffers keep their size and contents", "[core]") {
  const std::string s = fresh_string(9 << 20);
  REQUIRE(s.size() == std::size_t{9} << 20);
  REQUIRE(s.find_first_not_of('\0') == std::string::npos);
  REQUIRE(fresh_string(0).empty());
  REQUIRE(fresh_string(5) == std::string(5, '\0'));

  std::vector<double> v{1.5, 2.5};
  reserve_fresh(v, 1 << 20);
  REQUIRE(v.capacity() >= std::size_t{1} << 20);
  REQUIRE(v == std::vector<double>{1.5, 2.5});
  const double* data = v.data();
  reserve_fresh(v, 10);  // already room: no reallocation
  REQUIRE(v.data() == data);
  advise_huge_pages(nullptr, 1 << 30);  // no buffer: nothing to advise, no crash
}

// The advice is a flag on the mapping ("hg" in VmFlags), set whether or not the kernel then finds
// free huge pages, so this checks that it reached the kernel without depending on memory state.
TEST_CASE("fresh memory: a large buffer's aligned pages are advised huge", "[core]") {
  if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage/enabled")) {
    WARN("no transparent huge pages on this kernel: the advice is ignored, nothing to check");
    return;
  }
  std::vector<char> big;
  reserve_fresh(big, 16 << 20);
  const char* middle = big.data() + (8 << 20);  // inside the 2 MiB-aligned interior
  REQUIRE(vm_flags_at(middle).find(" hg") != std::string::npos);
}

namespace {

std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * 4096;
}

}  // namespace

TEST_CASE("fresh memory: zeroed arrays read as zeros and fault in only what is used", "[core]") {
  ZeroedArray<std::uint64_t> counts(1 << 16);
  REQUIRE(counts.size() == std::size_t{1} << 16);
  for (const auto c : counts) REQUIRE(c == 0);
  counts[7] += 3;
  ZeroedArray<std::uint64_t> moved = std::move(counts);
  REQUIRE(moved[7] == 3);
  REQUIRE(counts.size() == 0);  // NOLINT(bugprone-use-after-move): moved from, empty
  moved = ZeroedArray<std::uint64_t>(4);
  REQUIRE(moved.size() == 4);
  REQUIRE(moved[3] == 0);
  const ZeroedArray<double> none(0);
  REQUIRE(none.size() == 0);

  if (!std::filesystem::exists("/proc/self/statm")) return;
  // 64 MiB each: a std::vector's zeros are written, so all of it becomes resident (the control
  // that shows the measure works); a zeroed vector's are not.
  std::size_t before = resident_bytes();
  std::vector<std::uint64_t> written(std::size_t{8} << 20, 0);
  const std::size_t control = resident_bytes() - std::min(before, resident_bytes());
  before = resident_bytes();
  ZeroedArray<std::uint64_t> big(std::size_t{8} << 20);
  big[123456] = 1;  // one page used
  const std::size_t grown = resident_bytes() - std::min(before, resident_bytes());
  CHECK(control >= (std::size_t{56} << 20));
  CHECK(grown < control / 4);  // (a sanitizer build adds up to 8 MiB of shadow memory)
  REQUIRE(written[123456] == 0);
  REQUIRE(big[123456] == 1);
}
