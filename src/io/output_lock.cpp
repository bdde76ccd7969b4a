#include "io/output_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"
#include "core/termination.hpp"

namespace adm::io {
namespace {

// The pid the holder wrote into its lock file, for the message ("" if unreadable).
std::string holder_of(int fd) {
  char buf[32] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return "";
  std::string text(buf, static_cast<std::size_t>(n));
  return " (pid " + text.substr(0, text.find('\n')) + ")";
}

bool same_file(int fd, const std::string& path) {
  struct stat open_file {
  }, named{};
  return ::fstat(fd, &open_file) == 0 && ::stat(path.c_str(), &named) == 0 &&
         open_file.st_dev == named.st_dev && open_file.st_ino == named.st_ino;
}

}  // namespace

OutputLock::OutputLock(const std::string& result_path) : lock_path_(result_path + ".lock") {
  // The holder removes the lock file when done; a run that opened the old file just before that
  // would lock a file no longer in the folder, so it checks the name still leads to its file.
  for (;;) {
    fd_ = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
      throw InputError(lock_path_ +
                       ": cannot create the lock file of the result file: " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      const std::string holder = holder_of(fd_);
      ::close(fd_);
      fd_ = -1;
      if (error == EWOULDBLOCK)
        throw InputError(result_path + ": another admissible run" + holder +
                         " is writing this result file (it holds " + lock_path_ +
                         "); wait for it to finish or choose another --out");
      throw InputError(lock_path_ + ": cannot lock the result file: " + std::strerror(error));
    }
    if (same_file(fd_, lock_path_)) break;
    ::close(fd_);
    fd_ = -1;
  }
  termination_slot_ = delete_on_termination(lock_path_);
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, pid.data(), pid.size(), 0) < 0) {
    // The pid only improves another run's message; a full disk must not stop this run here.
  }
}

OutputLock::~OutputLock() {
  if (fd_ < 0) return;
  forget_on_termination(termination_slot_);
  ::unlink(lock_path_.c_str());
  ::close(fd_);
}

}  // namespace adm::io
