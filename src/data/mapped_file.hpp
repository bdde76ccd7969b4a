#pragma once
// A data file mapped read-only into memory, so that a rank reading only its byte range of a file
// larger than its memory touches only those pages, and hands back the pages it has finished with
// (release) instead of keeping every byte it read resident.
#include <cstddef>
#include <string>
#include <string_view>

namespace adm::data {

class MappedFile {
 public:
  // Throws InputError naming `path` if it is missing, not a regular file or unreadable.
  explicit MappedFile(const std::string& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::string_view bytes() const { return {data_, size_}; }
  // Drops the whole pages inside [begin, end) from this process's memory (the kernel keeps them
  // in its page cache, and reading them again faults them back in).
  void release(std::size_t begin, std::size_t end) const;

 private:
  const char* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace adm::data
