#pragma once
// One run per result file. Two runs with the same --out would write the same journal and race to
// rename their results over each other, so the first takes an exclusive lock on "<result>.lock"
// (flock: released by the kernel if the process dies, so a stale lock file never blocks) and a
// second is refused at once.
#include <string>

namespace adm::io {

class OutputLock {
 public:
  // Locks `result_path`; throws InputError naming the result if another run holds it.
  explicit OutputLock(const std::string& result_path);
  ~OutputLock();  // removes the lock file, then releases the lock
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

  const std::string& path() const { return lock_path_; }

 private:
  std::string lock_path_;
  int fd_ = -1;
  int termination_slot_ = -1;  // a terminated run removes its lock file too
};

}  // namespace adm::io
