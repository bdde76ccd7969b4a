#pragma once
// What a run read, in a form a checkpoint can keep: each input file's path and a 64-bit digest of
// its bytes. `--resume` compares them, so replicates computed from other data are never mixed in.
#include <cstdint>
#include <string>
#include <vector>

namespace adm::io {

struct InputDigest {
  std::string path;
  std::uint64_t digest = 0;
};

// Reads `path` (a regular file, else InputError) and digests it (64-bit FNV-1a).
InputDigest digest_file(const std::string& path);

// For each path the digest of the bytes this process read from it (read_regular_file), so a
// checkpoint fingerprints the data the run used; a file not read yet is read now.
std::vector<InputDigest> digest_files(const std::vector<std::string>& paths);

}  // namespace adm::io
