#include "io/input_digest.hpp"

#include <filesystem>
#include <fstream>

#include "core/input_file.hpp"
#include "core/rng.hpp"

namespace adm::io {

// Hashed in pieces: a data file read in byte ranges by the ranks (data.layout = "split") can be
// larger than the coordinator's memory.
InputDigest digest_file(const std::string& path) {
  std::error_code ec;
  std::ifstream in(path, std::ios::binary);
  if (!std::filesystem::is_regular_file(path, ec) || !in)
    return {path, stable_hash(read_regular_file(path))};  // its message says what is wrong
  std::string piece(std::size_t{1} << 20, '\0');
  std::uint64_t h = stable_hash("");
  while (in.read(piece.data(), static_cast<std::streamsize>(piece.size())) || in.gcount() > 0)
    h = stable_hash(std::string_view(piece.data(), static_cast<std::size_t>(in.gcount())), h);
  return {path, h};
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
