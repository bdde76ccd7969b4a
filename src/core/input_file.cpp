#include "core/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace adm {
namespace {

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "is a directory";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe); only regular files are read";
  if (S_ISCHR(mode)) return "is a character device; only regular files are read";
  if (S_ISBLK(mode)) return "is a block device; only regular files are read";
  if (S_ISSOCK(mode)) return "is a socket; only regular files are read";
  return "is not a regular file; only regular files are read";
}

// Closes the descriptor on every way out.
std::mutex reads_mutex;
std::unordered_map<std::string, std::uint64_t> reads;  // path -> digest of the bytes last read

struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string read_regular_file(const std::string& path, const std::string& what) {
  const std::string named = what.empty() ? "" : " " + what;
  // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat on the open descriptor then
  // tells what it is, with no window for the path to be swapped between check and read.
  Descriptor in{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (in.fd < 0) {
    if (errno == ENOENT) throw InputError(path + ": cannot open" + named + ": no such file");
    throw InputError(path + ": cannot open" + named + ": " + std::strerror(errno));
  }
  struct stat info {};
  if (::fstat(in.fd, &info) != 0)
    throw InputError(path + ": cannot read" + named + ": " + std::strerror(errno));
  if (!S_ISREG(info.st_mode))
    throw InputError(path + ": cannot read" + named + ": " + kind_of(info.st_mode));
  std::string buf(static_cast<std::size_t>(info.st_size), '\0');
  std::size_t got = 0;
  for (;;) {
    if (got == buf.size()) buf.resize(buf.size() + (1 << 16));  // the file grew while we read
    const ssize_t n = ::read(in.fd, buf.data() + got, buf.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw InputError(path + ": cannot read" + named + ": " + std::strerror(errno));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  buf.resize(got);
  const std::uint64_t digest = stable_hash(buf);
  const std::lock_guard<std::mutex> hold(reads_mutex);
  reads[path] = digest;
  return buf;
}

std::optional<std::uint64_t> digest_of_read(const std::string& path) {
  const std::lock_guard<std::mutex> hold(reads_mutex);
  const auto it = reads.find(path);
  if (it == reads.end()) return std::nullopt;
  return it->second;
}

}  // namespace adm
