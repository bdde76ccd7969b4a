#include "core/process_memory.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace adm {

std::uint64_t resident_bytes() {
  // statm: total program size, then resident pages. One read of a short line (a few us), cheap
  // enough for a search to look every few dozen expansions.
  const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char buf[128];
  const ssize_t n = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  if (n <= 0) return 0;
  buf[n] = '\0';
  char* end = nullptr;
  std::strtoull(buf, &end, 10);  // total size: skipped
  const unsigned long long pages = std::strtoull(end, nullptr, 10);
  const long page = ::sysconf(_SC_PAGESIZE);
  return page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

std::uint64_t peak_resident_bytes() {
  // VmHWM is in kB ("VmHWM:    123456 kB").
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == "VmHWM:") {
      std::uint64_t kb = 0;
      if (status >> kb) return kb * 1024;
      break;
    }
    status.ignore(1 << 12, '\n');
  }
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) == 0 && usage.ru_maxrss > 0)
    return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // kB on Linux
  return 0;
}

}  // namespace adm
