#pragma once
// Reading a whole input file (config, data) that must be a regular file. A FIFO would block the
// run forever waiting for a writer, and /dev/zero or another device would be read until memory
// runs out, so both are refused with a message naming the file instead.
#include <cstdint>
#include <optional>
#include <string>

namespace adm {

// The bytes of `path`. `what` names the file in messages ("config file"; empty for data, whose
// messages already say "file"). Throws InputError if it is missing, a folder, not a regular file
// or unreadable.
std::string read_regular_file(const std::string& path, const std::string& what = "");

// stable_hash of the bytes read_regular_file last returned for `path` in this process, if it read
// it: a checkpoint then fingerprints exactly the data the run used, without reading it again.
std::optional<std::uint64_t> digest_of_read(const std::string& path);

}  // namespace adm
