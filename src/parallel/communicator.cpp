#include "parallel/communicator.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <thread>

#include "core/error.hpp"
#include "core/fresh_memory.hpp"
#include "parallel/message_tags.hpp"
#include "parallel/mpi_impl.hpp"
#include "parallel/traffic.hpp"

namespace adm::dist {
namespace {

enum FailureKind : int { kNone = 0, kInternal = 1, kInput = 2 };

// MPI counts are ints: a rank's bytes over 2 GiB would need another datatype.
int byte_count(const std::string& bytes, const char* collective) {
  if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw InternalError(std::string(collective) + ": more than 2 GiB from one rank");
  return static_cast<int>(bytes.size());
}

std::pair<int, std::string> classify(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const InputError& e) {
    return {kInput, e.what()};
  } catch (const std::exception& e) {
    return {kInternal, e.what()};
  } catch (...) {
    return {kInternal, "unknown error"};
  }
}

// Hardware threads the ranks on one node may run on: the union of their CPU affinities (what a
// batch system's cgroup or the launcher's binding allows them), or the node's count where the
// affinity is unknown; 0 if neither is known.
std::size_t node_cpus(MPI_Comm node) {
#if defined(__linux__)
  cpu_set_t mine;
  CPU_ZERO(&mine);
  if (sched_getaffinity(0, sizeof mine, &mine) == 0) {
    constexpr int kWords = sizeof(cpu_set_t) / sizeof(unsigned long);
    unsigned long bits[kWords], all[kWords];
    std::memcpy(bits, &mine, sizeof bits);
    MPI_Allreduce(bits, all, kWords, MPI_UNSIGNED_LONG, MPI_BOR, node);
    std::size_t count = 0;
    for (const unsigned long w : all) count += static_cast<std::size_t>(__builtin_popcountl(w));
    return count;
  }
#endif
  return std::thread::hardware_concurrency();
}

}  // namespace

bool launched_by_mpi() {
  for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(var)) return true;
  return false;
}

Communicator::Communicator() {
  if (!launched_by_mpi()) return;
  impl_ = std::make_unique<Impl>();
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    // Funneled: only the main thread calls MPI (the farm's coordinator runs its own tasks on a
    // second thread that never does).
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    impl_->finalize = true;
  }
  // Errors are checked by the callers that can recover; the rest end the job, as before.
  MPI_Comm_set_errhandler(impl_->world, MPI_ERRORS_ARE_FATAL);
  MPI_Comm_rank(impl_->world, &rank_);
  MPI_Comm_size(impl_->world, &size_);
  // Key 0 keeps the world order, so node rank 0 is the node's lowest world rank.
  MPI_Comm_split_type(impl_->world, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &impl_->node);
  MPI_Comm_rank(impl_->node, &node_rank_);
  MPI_Comm_size(impl_->node, &node_size_);
  const std::size_t cpus = node_cpus(impl_->node);
  oversubscribed_ = cpus > 0 && static_cast<std::size_t>(node_size_) > cpus;
  // Once here rather than in every farm stage and search (three collectives each: at 64 simulated
  // ranks 4.5 ms of a 150 ms pattern mine).
  impl_->layout = learn_world_layout(impl_->world, impl_->node, rank_, size_);
  MPI_Comm_dup(impl_->world, &impl_->channel);
}

// Runs at exit on every rank that did not abort.
Communicator::~Communicator() {
  if (!impl_) return;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  for (MPI_Win& win : impl_->windows_to_free) MPI_Win_free(&win);
  MPI_Comm_free(&impl_->channel);
  MPI_Comm_free(&impl_->node);
  if (impl_->finalize) MPI_Finalize();
}

Communicator& Communicator::world() {
  static Communicator instance;
  return instance;
}

void Communicator::agree(const std::function<void()>& step) {
  std::exception_ptr error;
  try {
    step();
  } catch (...) {
    error = std::current_exception();
  }
  if (size_ == 1) {
    if (error) std::rethrow_exception(error);
    return;
  }
  // The lowest failing rank (size_ when none) by a reduction, then only its message travels:
  // O(log P) whatever the rank count, instead of every rank's message to every rank.
  const int mine = error ? rank_ : size_;
  int lowest = size_;
  MPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, impl_->world);
  count_sent(sizeof mine);  // a reduction: one value out and one in per rank
  count_received(sizeof lowest);
  if (lowest == size_) return;
  std::string text;
  if (rank_ == lowest) {
    const auto [kind, message] = classify(error);
    text = std::string(1, static_cast<char>(kind)) + message;
  }
  broadcast_from(text, lowest);
  const int kind = text.empty() ? static_cast<int>(kInternal) : text[0];
  // Rank 0 prints; a message from another rank says where it came from.
  const std::string message =
      lowest == 0 ? text.substr(1) : "[rank " + std::to_string(lowest) + "] " + text.substr(1);
  if (kind == kInput) throw Collective<InputError>(message);
  throw Collective<InternalError>(message);
}

void Communicator::barrier() {
  if (size_ > 1) MPI_Barrier(impl_->world);
}

std::vector<std::string> Communicator::all_gather(const std::string& mine) {
  if (size_ == 1) return {mine};
  const MPI_Comm world = impl_->world;
  const int size = byte_count(mine, "all_gather");
  std::vector<int> sizes(static_cast<std::size_t>(size_)), offsets(sizes.size());
  MPI_Allgather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, world);
  std::size_t total = 0;
  for (std::size_t r = 0; r < sizes.size(); ++r) {
    if (total > static_cast<std::size_t>(std::numeric_limits<int>::max()))
      throw InternalError("all_gather: more than 2 GiB in all");
    offsets[r] = static_cast<int>(total);
    total += static_cast<std::size_t>(sizes[r]);
  }
  std::string flat(total, '\0');
  MPI_Allgatherv(mine.data(), size, MPI_BYTE, flat.data(), sizes.data(), offsets.data(), MPI_BYTE,
                 world);
  const auto others = static_cast<std::uint64_t>(size_ - 1);
  count_sent(mine.size() * others, others);  // this rank's bytes to each other rank
  count_received(total - mine.size(), others);
  std::vector<std::string> all(sizes.size());
  for (std::size_t r = 0; r < sizes.size(); ++r)
    all[r].assign(flat, static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(sizes[r]));
  return all;
}

// Bytes already made: their size is known, so this is the announced-size gather with nothing left
// to make (rank 0 posts its receives, then takes its own bytes).
std::vector<std::string> Communicator::gather_to_root(std::string mine) {
  const std::size_t bytes = mine.size();
  return gather_to_root(bytes, [&] { return std::move(mine); });
}

std::vector<std::string> Communicator::gather_to_root(std::size_t bytes,
                                                      const std::function<std::string()>& make) {
  if (size_ == 1) {
    std::vector<std::string> all;
    all.push_back(make());  // moved: a braced list would copy megabytes
    return all;
  }
  if (bytes > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw InternalError("gather_to_root: more than 2 GiB from one rank");
  const MPI_Comm world = impl_->world;
  const int size = static_cast<int>(bytes);
  std::vector<int> sizes(rank_ == 0 ? static_cast<std::size_t>(size_) : 0);
  MPI_Gather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, world);
  constexpr int kTag = kGatherBytesTag;  // message_tags.hpp
  std::vector<std::string> all;
  std::vector<MPI_Request> requests;
  if (rank_ == 0) {
    all.resize(sizes.size());
    for (std::size_t r = 1; r < sizes.size(); ++r) {
      all[r] = fresh_string(static_cast<std::size_t>(sizes[r]));
      requests.emplace_back();
      MPI_Irecv(all[r].data(), sizes[r], MPI_BYTE, static_cast<int>(r), kTag, world,
                &requests.back());
    }
  }
  std::string mine;
  try {
    mine = make();
  } catch (...) {
    // The error ends the job (main aborts on an error one rank sees), but first the posted
    // receives must be done with: their buffers go with this stack frame.
    for (auto& request : requests) MPI_Cancel(&request);
    MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
    throw;
  }
  if (mine.size() != bytes) {  // a bug: the protocol cannot recover, so say so and end the job
    std::fprintf(stderr, "internal error: gather_to_root: rank %d announced %zu bytes, made %zu\n",
                 rank_, bytes, mine.size());
    abort(1);
  }
  if (rank_ != 0) {
    MPI_Send(mine.data(), size, MPI_BYTE, 0, kTag, world);
    count_sent(mine.size());
    return all;
  }
  all[0] = std::move(mine);
  MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  for (std::size_t r = 1; r < all.size(); ++r) count_received(all[r].size());
  return all;
}

std::vector<std::string> Communicator::hostnames() {
  char buf[256] = {0};
  gethostname(buf, sizeof buf - 1);
  std::vector<std::string> all = all_gather(buf);
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  return all;
}

void Communicator::broadcast(std::vector<std::vector<double>>& value) {
  if (size_ == 1) return;
  // One message: the list count, each list's length, then all values.
  std::string bytes;
  if (rank_ == 0) {
    const auto put = [&](const void* p, std::size_t n) {
      bytes.append(static_cast<const char*>(p), n);
    };
    const std::uint64_t count = value.size();
    put(&count, sizeof count);
    for (const auto& v : value) {
      const std::uint64_t n = v.size();
      put(&n, sizeof n);
    }
    for (const auto& v : value) put(v.data(), v.size() * sizeof(double));
  }
  broadcast(bytes);
  if (rank_ == 0) return;
  std::size_t at = 0;
  const auto take = [&](void* p, std::size_t n) {
    if (bytes.size() - at < n) throw InternalError("broadcast: torn list of values");
    if (n > 0) std::memcpy(p, bytes.data() + at, n);
    at += n;
  };
  std::uint64_t count = 0;
  take(&count, sizeof count);
  if (count > bytes.size() / sizeof count) throw InternalError("broadcast: torn list of values");
  value.assign(count, {});
  for (auto& v : value) {
    std::uint64_t n = 0;
    take(&n, sizeof n);
    if (n > bytes.size() / sizeof(double)) throw InternalError("broadcast: torn list of values");
    v.resize(n);
  }
  for (auto& v : value) take(v.data(), v.size() * sizeof(double));
}

void Communicator::broadcast(std::string& value) { broadcast_from(value, 0); }

void Communicator::broadcast_from(std::string& value, int root) {
  if (size_ == 1) return;
  // The size first (as 64 bits: a rank may hold more than 2 GiB), then the bytes in pieces of at
  // most 1 GiB, since MPI counts are ints.
  std::uint64_t size = value.size();
  MPI_Bcast(&size, 1, MPI_UINT64_T, root, impl_->world);
  if (rank_ != root) value.resize(size);
  constexpr std::uint64_t kPiece = std::uint64_t{1} << 30;
  for (std::uint64_t at = 0; at < size; at += kPiece)
    MPI_Bcast(value.data() + at, static_cast<int>(std::min(kPiece, size - at)), MPI_BYTE, root,
              impl_->world);
  // Counted as the binomial tree it is (parallel/traffic.hpp): each rank receives the payload once
  // and forwards it to its children, so the root sends ceil(log2 P) copies, not P - 1.
  const auto children = broadcast_children(rank_, root, size_);
  if (children > 0) count_sent(size * children, children);
  if (rank_ != root) count_received(size);
}

void Communicator::node_broadcast(std::string& value) {
  if (node_size_ == 1) return;
  // Size first, then the bytes: a raw broadcast, as all_gather does.
  std::uint64_t bytes = value.size();
  MPI_Bcast(&bytes, 1, MPI_UINT64_T, 0, impl_->node);
  if (bytes > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
    throw InternalError("node_broadcast: more than 2 GiB");
  value.resize(bytes);
  MPI_Bcast(value.data(), static_cast<int>(bytes), MPI_BYTE, 0, impl_->node);
}

void Communicator::abort(int code) {
  if (size_ > 1) MPI_Abort(impl_->world, code);
  std::exit(code);
}

}  // namespace adm::dist
