#include "core/process_memory.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>

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

}  // namespace adm
