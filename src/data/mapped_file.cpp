#include "data/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/error.hpp"

namespace adm::data {

MappedFile::MappedFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) throw_input(path, 0, 0, std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw_input(path, 0, 0, "not a regular file");
  }
  size_ = static_cast<std::size_t>(st.st_size);
  if (size_ > 0) {
    void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
      ::close(fd);
      throw_input(path, 0, 0, std::string("cannot map: ") + std::strerror(errno));
    }
    data_ = static_cast<const char*>(p);
    // Read front to back: let the kernel read ahead generously.
    ::madvise(p, size_, MADV_SEQUENTIAL);
  }
  ::close(fd);  // the mapping keeps the file open
}

MappedFile::~MappedFile() {
  if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
}

void MappedFile::release(std::size_t begin, std::size_t end) const {
  if (data_ == nullptr) return;
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const std::size_t first = (begin + page - 1) / page * page;  // whole pages only
  const std::size_t last = std::min(end, size_) / page * page;
  if (last > first) ::madvise(const_cast<char*>(data_) + first, last - first, MADV_DONTNEED);
}

}  // namespace adm::data
