#include "core/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "core/error.hpp"

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

RegularFileReader::RegularFileReader(const std::string& path, const std::string& what)
    : path_(path), named_(what.empty() ? "" : " " + what) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat on the open descriptor then
  // tells what it is, with no window for the path to be swapped between check and read.
  Descriptor in{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (in.fd < 0) {
    if (errno == ENOENT) throw InputError(path + ": cannot open" + named_ + ": no such file");
    throw InputError(path + ": cannot open" + named_ + ": " + std::strerror(errno));
  }
  struct stat info {};
  if (::fstat(in.fd, &info) != 0)
    throw InputError(path + ": cannot read" + named_ + ": " + std::strerror(errno));
  if (!S_ISREG(info.st_mode))
    throw InputError(path + ": cannot read" + named_ + ": " + kind_of(info.st_mode));
  size_ = static_cast<std::uint64_t>(info.st_size);
  std::swap(fd_, in.fd);
}

RegularFileReader::~RegularFileReader() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t RegularFileReader::read(char* into, std::size_t max) {
  if (done_ || max == 0) return 0;
  for (;;) {
    const ssize_t n = ::read(fd_, into, max);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw InputError(path_ + ": cannot read" + named_ + ": " + std::strerror(errno));
    const auto got = static_cast<std::size_t>(n);
    digest_.add(std::string_view(into, got));
    if (got == 0) {
      done_ = true;
      const std::lock_guard<std::mutex> hold(reads_mutex);
      reads[path_] = digest_.value();
    }
    return got;
  }
}

std::size_t RegularFileReader::append_to(std::string& out, std::size_t max) {
  const std::size_t old = out.size();
  out.resize(old + max);
  std::size_t got = 0;
  try {
    got = read(out.data() + old, max);
  } catch (...) {
    out.resize(old);
    throw;
  }
  out.resize(old + got);
  return got;
}

std::string read_regular_file(const std::string& path, const std::string& what) {
  RegularFileReader in(path, what);
  std::string buf;
  buf.reserve(static_cast<std::size_t>(in.size_at_open()));
  // Past the size at open too: the file may grow while we read.
  while (in.append_to(buf, std::max<std::size_t>(buf.capacity() - buf.size(), 1 << 16)) > 0) {
  }
  return buf;
}

std::optional<std::uint64_t> digest_of_read(const std::string& path) {
  const std::lock_guard<std::mutex> hold(reads_mutex);
  const auto it = reads.find(path);
  if (it == reads.end()) return std::nullopt;
  return it->second;
}

}  // namespace adm
