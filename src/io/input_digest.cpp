#include "io/input_digest.hpp"

#include "core/input_file.hpp"
#include "core/rng.hpp"

namespace adm::io {

InputDigest digest_file(const std::string& path) {
  return {path, stable_hash(read_regular_file(path))};
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
