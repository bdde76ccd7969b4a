#pragma once
// Where the task farm records completed tasks as they arrive, and finds those an interrupted run
// already finished. Implemented by the I/O layer (a crash-safe journal); the farm only sees this.
#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace adm {

class CheckpointSink {
 public:
  virtual ~CheckpointSink() = default;
  // Results of `stage` tasks that an earlier, interrupted run completed (task index -> result's
  // bytes, as its Codec encoded them).
  virtual std::map<std::size_t, std::string> completed(const std::string& stage) = 0;
  virtual void record(const std::string& stage, std::size_t index, const std::string& result) = 0;
};

}  // namespace adm
