#pragma once
// Reading a whole input file (config, data) that must be a regular file. A FIFO would block the
// run forever waiting for a writer, and /dev/zero or another device would be read until memory
// runs out, so both are refused with a message naming the file instead.
#include <cstdint>
#include <optional>
#include <string>

#include "core/byte_digest.hpp"

namespace adm {

// The bytes of `path`. `what` names the file in messages ("config file"; empty for data, whose
// messages already say "file"). Throws InputError if it is missing, a folder, not a regular file
// or unreadable.
std::string read_regular_file(const std::string& path, const std::string& what = "");

// The same file read block by block, so a large data file need not be held whole. Opening makes
// the checks of read_regular_file; reaching the end records the digest for digest_of_read.
class RegularFileReader {
 public:
  explicit RegularFileReader(const std::string& path, const std::string& what = "");
  ~RegularFileReader();
  RegularFileReader(const RegularFileReader&) = delete;
  RegularFileReader& operator=(const RegularFileReader&) = delete;

  // Reads up to `max` bytes into `into`; returns how many, 0 at the end of the file.
  std::size_t read(char* into, std::size_t max);
  // The same, appended to `out`.
  std::size_t append_to(std::string& out, std::size_t max);
  std::uint64_t size_at_open() const { return size_; }
  // ByteDigest of the bytes read so far (of the whole file once append_to returned 0).
  std::uint64_t digest() const { return digest_.value(); }

 private:
  std::string path_;
  std::string named_;  // " what" for messages
  int fd_ = -1;
  std::uint64_t size_ = 0;
  ByteDigest digest_;
  bool done_ = false;
};

// ByteDigest of the bytes read_regular_file (or a RegularFileReader) last read from `path` in this
// process, if it read it: a checkpoint then fingerprints exactly the data the run used, without
// reading it again.
std::optional<std::uint64_t> digest_of_read(const std::string& path);

}  // namespace adm
