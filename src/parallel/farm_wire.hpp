#pragma once
// Private to src/parallel: what the task farm's ranks send each other (task_farm.cpp,
// farm_leader.cpp) and the chunk a coordinating rank runs itself.
#include <chrono>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <future>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "parallel/clock.hpp"
#include "parallel/message_tags.hpp"
#include "parallel/task_farm.hpp"

namespace adm::dist::farm_wire {

// The farm's tags (kTask ... kForward) are declared with every other tag in message_tags.hpp.
constexpr int kFirstTag = kTask, kLastTag = kForward;

// CPU seconds of the calling thread.
inline double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Wire formats: a handout is the task indices (8 bytes each); a reply is the number of tasks and
// the seconds they took, then per task its index, its result's size and its bytes; a failure
// is its kind (1 internal, 2 input) then the message.
inline std::vector<std::uint64_t> decode_indices(const std::string& bytes) {
  if (bytes.empty() || bytes.size() % sizeof(std::uint64_t) != 0)
    throw InternalError("task farm: torn handout");
  std::vector<std::uint64_t> out(bytes.size() / sizeof(std::uint64_t));
  std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

inline std::string encode_indices(const std::vector<std::uint64_t>& indices) {
  std::string out(indices.size() * sizeof(std::uint64_t), '\0');
  if (!indices.empty()) std::memcpy(out.data(), indices.data(), out.size());
  return out;
}

template <class T>
void put(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
T take(const std::string& bytes, std::size_t& at) {
  T value;
  if (bytes.size() - at < sizeof value) throw InternalError("task farm: torn reply");
  std::memcpy(&value, bytes.data() + at, sizeof value);
  at += sizeof value;
  return value;
}

// Replies are built as a batch of results then closed with their header, so a node leader can
// append its members' replies to one batch without decoding them.
struct ReplyBatch {
  std::uint64_t count = 0;
  double seconds = 0;
  std::string entries;  // per task: index, size, bytes

  void add(std::uint64_t index, const std::string& result) {
    put(entries, index);
    put(entries, static_cast<std::uint64_t>(result.size()));
    entries += result;
    ++count;
  }
  // Appends a whole reply (header and entries) as received.
  void add_reply(const std::string& reply) {
    std::size_t at = 0;
    count += take<std::uint64_t>(reply, at);
    seconds += take<double>(reply, at);
    entries.append(reply, at, std::string::npos);
  }
  // The reply's bytes; the batch is empty afterwards.
  std::string close() {
    std::string out;
    out.reserve(2 * sizeof(std::uint64_t) + entries.size());
    put(out, count);
    put(out, seconds);
    out += entries;
    *this = ReplyBatch{};
    return out;
  }
};

struct Reply {
  double seconds = 0;
  std::vector<std::pair<std::uint64_t, std::string>> results;
};

inline Reply decode_reply(const std::string& bytes) {
  std::size_t at = 0;
  Reply reply;
  const auto count = take<std::uint64_t>(bytes, at);
  reply.seconds = take<double>(bytes, at);
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto index = take<std::uint64_t>(bytes, at);
    const auto size = take<std::uint64_t>(bytes, at);
    if (bytes.size() - at < size) throw InternalError("task farm: torn reply");
    reply.results.emplace_back(index, bytes.substr(at, size));
    at += size;
  }
  if (at != bytes.size()) throw InternalError("task farm: torn reply");
  return reply;
}

inline std::string run_one(const std::string& stage, std::uint64_t seed, std::size_t index,
                           const TaskFn& task) {
  Rng rng(seed, stage, index);
  return task(index, rng);
}

// The chunk a coordinating rank (rank 0, a node leader) runs itself: on a second thread, so that
// its MPI thread answers the ranks it serves meanwhile. Simulated (SMPI): one thread per rank, so
// it runs at once, inline (parallel/clock.hpp).
class OwnChunk {
 public:
  bool running() const { return future_.valid(); }
  void start(std::vector<std::uint64_t> indices, const std::string& stage, std::uint64_t seed,
             const TaskFn& task) {
    indices_ = std::move(indices);
    start_ = ProtocolClock::now();
    const bool inline_chunk = simulated_time();
    future_ = std::async(inline_chunk ? std::launch::deferred : std::launch::async,
                         [&stage, seed, &task, indices = indices_] {
                           std::vector<std::string> done;
                           for (const auto i : indices)
                             done.push_back(run_one(stage, seed, i, task));
                           return done;
                         });
    if (inline_chunk) future_.wait();
  }
  bool ready() const {
    return future_.valid() &&
           future_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  }
  // Long enough that the waiting thread does not take CPU from the chunk's (at 100 us its
  // wake-ups made rank 0's tasks 25 % slower than a worker's on 2 cores); the ranks served keep
  // `prefetch` handouts queued, so they do not wait for the answer.
  void wait_a_while() const { future_.wait_for(std::chrono::milliseconds(1)); }
  // Once ready(): the chunk's indices and results (rethrows a task's error), and its seconds.
  std::vector<std::string> take(std::vector<std::uint64_t>& indices, double& seconds) {
    seconds = seconds_since(start_);
    indices = std::move(indices_);
    return future_.get();
  }

 private:
  std::future<std::vector<std::string>> future_;
  std::vector<std::uint64_t> indices_;
  ProtocolClock::time_point start_;
};

}  // namespace adm::dist::farm_wire
