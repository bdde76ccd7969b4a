#include "io/input_digest.hpp"

#include "core/input_file.hpp"

namespace adm::io {

// Hashed in pieces: a data file read in byte ranges by the ranks (data.layout = "split") can be
// larger than the coordinator's memory.
InputDigest digest_file(const std::string& path) {
  // Block by block: a data file need not fit in memory to be fingerprinted.
  RegularFileReader in(path);
  for (std::string block; in.append_to(block, std::size_t{1} << 20) > 0;) block.clear();
  return {path, in.digest()};
}

std::vector<InputDigest> digest_files(const std::vector<std::string>& paths) {
  std::vector<InputDigest> out;
  for (const auto& p : paths) {
    if (const auto read = digest_of_read(p))
      out.push_back({p, *read});  // the bytes the run used, not a second read
    else
      out.push_back(digest_file(p));
  }
  return out;
}

}  // namespace adm::io
