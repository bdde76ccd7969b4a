#include "parallel/node_block.hpp"

#include <sys/statvfs.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <utility>

#include "parallel/mpi_impl.hpp"

namespace adm::dist {
namespace {

// A window in a passive-target epoch (lock_all) from allocation to free: the unified memory model
// then lets ranks load from it directly, with MPI_Win_sync ordering the leader's stores.
struct Window {
  MPI_Win win = MPI_WIN_NULL;
  Communicator::Impl* impl = nullptr;

  Window() = default;
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;
  ~Window() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized) return;
    MPI_Win_unlock_all(win);
    // While an exception unwinds, the other ranks may not come here (an error on one rank ends
    // the job by MPI_Abort from main): free at exit instead, when every surviving rank does.
    if (std::uncaught_exceptions() > 0)
      impl->windows_to_free.push_back(win);
    else
      MPI_Win_free(&win);
  }
};

// Collective on `node` (the ranks of one node, or a part of them): its rank 0 allocates `bytes`
// and fills them; every rank gets the base.
std::pair<std::byte*, std::shared_ptr<Window>> allocate_on_node(
    Communicator& comm, MPI_Comm node, std::size_t bytes,
    const std::function<void(std::span<std::byte>)>& fill) {
  Communicator::Impl& impl = *comm.impl();
  int node_rank = 0;
  MPI_Comm_rank(node, &node_rank);
  const bool leader = node_rank == 0;
  auto window = std::make_shared<Window>();
  window->impl = &impl;
  void* mine = nullptr;
  MPI_Win_allocate_shared(static_cast<MPI_Aint>(leader ? bytes : 0), 1, MPI_INFO_NULL, node, &mine,
                          &window->win);
  MPI_Aint size = 0;
  int unit = 1;
  void* base = nullptr;
  MPI_Win_shared_query(window->win, 0, &size, &unit, &base);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, window->win);
  auto* block = static_cast<std::byte*>(base);
  if (leader) {
    try {
      fill({block, bytes});
    } catch (const std::exception& e) {  // a bug: the node's other ranks wait at the barrier
      std::fprintf(stderr, "internal error: share_on_node: %s\n", e.what());
      comm.abort(1);
    }
  }
  MPI_Win_sync(window->win);  // the leader's stores reach the window before the barrier
  MPI_Barrier(node);
  MPI_Win_sync(window->win);  // and the readers see them after it
  return {block, std::move(window)};
}

}  // namespace

NodeBlock share_on_node(Communicator& comm, std::size_t bytes,
                        const std::function<void(std::span<std::byte>)>& fill) {
  if (comm.size() == 1) {  // no MPI: plain memory
    auto memory = std::shared_ptr<std::byte[]>(new std::byte[bytes]);
    fill({memory.get(), bytes});
    return {{memory.get(), bytes}, memory};
  }
  auto [block, window] = allocate_on_node(comm, comm.impl()->node, bytes, fill);
  return {{block, bytes}, std::move(window)};
}

NodeWords node_words(Communicator& comm, std::size_t words, int part) {
  const std::size_t bytes = words * sizeof(std::uint64_t);
  const auto zero = [](std::span<std::byte> b) { std::fill(b.begin(), b.end(), std::byte{0}); };
  if (comm.size() == 1) {
    auto memory = std::shared_ptr<std::uint64_t[]>(new std::uint64_t[words]());
    return {{memory.get(), words}, memory};
  }
  MPI_Comm node = comm.impl()->node;
  if (part >= 0) MPI_Comm_split(comm.impl()->node, part, comm.rank(), &node);
  auto [block, window] = allocate_on_node(comm, node, bytes, zero);
  // The window keeps its own group: the part's communicator is no longer needed.
  if (part >= 0) MPI_Comm_free(&node);
  // The window's base is aligned for any type (MPI allocates it like malloc).
  return {{reinterpret_cast<std::uint64_t*>(block), words}, std::move(window)};
}

bool node_memory_has_room(std::size_t bytes) {
  // Open MPI's osc/sm places window files here unless told otherwise.
  const char* dir = std::getenv("OMPI_MCA_osc_sm_backing_directory");
  struct statvfs fs {};
  if (statvfs(dir != nullptr ? dir : "/dev/shm", &fs) != 0) return true;  // unknown: try
  return static_cast<double>(fs.f_bavail) * static_cast<double>(fs.f_frsize) >=
         static_cast<double>(bytes);
}

}  // namespace adm::dist
