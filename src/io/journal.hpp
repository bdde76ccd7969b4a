#pragma once
// A crash-safe checkpoint: an append-only file of completed task results, each record with its own
// checksum. A run killed at any instant (even mid-write) leaves a journal whose intact prefix is
// still readable; `--resume` replays it and skips those tasks. HDF5 1.10 files are not safe to read
// after their writer is killed, which is why checkpoints live here and not inside the result file.
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/checkpoint.hpp"
#include "io/input_digest.hpp"

namespace adm::io {

class Journal : public CheckpointSink {
 public:
  // Opens `path`. With `resume`, keeps the intact records of an earlier run whose `fingerprint`
  // (a hash of the resolved config) and `inputs` (digests of the files it read) match, and fails
  // with an InputError naming what differs; without `resume`, starts a new journal.
  Journal(std::string path, std::uint64_t fingerprint, bool resume,
          std::vector<InputDigest> inputs = {});
  ~Journal() override;
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  std::map<std::size_t, std::string> completed(const std::string& stage) override;
  void record(const std::string& stage, std::size_t index, const std::string& result) override;

  std::size_t resumed_records() const { return resumed_; }
  // Completed tasks the file holds: those resumed plus those recorded since.
  std::size_t held_records() const { return resumed_ + recorded_; }
  const std::string& path() const { return path_; }
  // Deletes the journal file (after the final result file is in place).
  void remove();

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  std::map<std::string, std::map<std::size_t, std::string>> loaded_;
  std::size_t resumed_ = 0;
  std::size_t recorded_ = 0;
};

std::uint32_t crc32(const void* data, std::size_t size, std::uint32_t crc = 0);

}  // namespace adm::io
