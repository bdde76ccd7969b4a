#include "dist/communicator.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <boost/mpi/collectives.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/utility.hpp>
#include <boost/serialization/vector.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <thread>

#include "core/error.hpp"
#include "core/fresh_memory.hpp"
#include "dist/mpi_impl.hpp"

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
  impl_->env = std::make_unique<boost::mpi::environment>(boost::mpi::threading::funneled, false);
  impl_->world = boost::mpi::communicator();
  rank_ = impl_->world.rank();
  size_ = impl_->world.size();
  // Key 0 keeps the world order, so node rank 0 is the node's lowest world rank.
  MPI_Comm_split_type(impl_->world, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &impl_->node);
  MPI_Comm_rank(impl_->node, &node_rank_);
  MPI_Comm_size(impl_->node, &node_size_);
  const std::size_t cpus = node_cpus(impl_->node);
  oversubscribed_ = cpus > 0 && static_cast<std::size_t>(node_size_) > cpus;
}

// Runs at exit on every rank that did not abort, before the environment finalizes MPI.
Communicator::~Communicator() {
  if (!impl_) return;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  for (MPI_Win& win : impl_->windows_to_free) MPI_Win_free(&win);
  MPI_Comm_free(&impl_->node);
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
  std::pair<int, std::string> mine{kNone, ""};
  if (error) mine = classify(error);
  std::vector<std::pair<int, std::string>> all;
  boost::mpi::all_gather(impl_->world, mine, all);
  for (std::size_t r = 0; r < all.size(); ++r) {
    const auto& [kind, message] = all[r];
    if (kind == kNone) continue;
    // Rank 0 prints; a message from another rank says where it came from.
    const std::string text = r == 0 ? message : "[rank " + std::to_string(r) + "] " + message;
    if (kind == kInput) throw Collective<InputError>(text);
    throw Collective<InternalError>(text);
  }
}

void Communicator::barrier() {
  if (size_ > 1) impl_->world.barrier();
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
  constexpr int kTag = 911;  // only this collective sends on the world communicator
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
    return all;
  }
  all[0] = std::move(mine);
  MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  return all;
}

std::vector<std::string> Communicator::hostnames() {
  char buf[256] = {0};
  gethostname(buf, sizeof buf - 1);
  std::vector<std::string> all{buf};
  if (size_ > 1) {
    std::vector<std::string> gathered;
    boost::mpi::all_gather(impl_->world, std::string(buf), gathered);
    all = std::move(gathered);
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  return all;
}

void Communicator::broadcast(std::vector<std::vector<double>>& value) {
  if (size_ > 1) boost::mpi::broadcast(impl_->world, value, 0);
}

void Communicator::broadcast(std::string& value) {
  if (size_ > 1) boost::mpi::broadcast(impl_->world, value, 0);
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
  if (size_ > 1) impl_->world.abort(code);
  std::exit(code);
}

}  // namespace adm::dist
