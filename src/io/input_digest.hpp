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

// The digest (64-bit FNV-1a) of the bytes this process read from `path`, or, if it has not read
// it yet, of the file now (a regular file, else InputError).
InputDigest digest_file(const std::string& path);

std::vector<InputDigest> digest_files(const std::vector<std::string>& paths);

}  // namespace adm::io
