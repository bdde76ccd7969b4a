#pragma once
// Memory the ranks of one node share (an MPI-3 shared-memory window), so that data every rank only
// reads is held once per node instead of once per rank.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>

#include "parallel/communicator.hpp"

namespace adm::dist {

struct NodeBlock {
  std::span<const std::byte> bytes;
  // Keeps the window alive; the last handle on each rank frees it, which is collective on the
  // node, so every rank of a node must drop its handles at the same point of the program.
  std::shared_ptr<const void> keeper;
};

// Collective on every node (all ranks call it; `bytes` must be equal within a node): the node's
// leader allocates `bytes` of shared memory and fills them with fill(), then every rank of the
// node gets a read-only view of them. fill() runs on leaders only and must not throw (the other
// ranks would wait for it forever): it only copies.
NodeBlock share_on_node(Communicator& comm, std::size_t bytes,
                        const std::function<void(std::span<std::byte>)>& fill);

// Collective on every node (all ranks call it with the same `words`): `words` 64-bit words of
// shared memory, zeroed, that every rank of the node may read and update, with atomic operations
// only (std::atomic_ref; the ranks are processes, and lock-free atomics work across them), e.g.
// counts that ranks add up. One rank (no MPI): plain memory. `part` >= 0 shares the words only
// among the ranks of the node that pass the same `part` (fake nodes: ADM_FARM_NODE_RANKS).
struct NodeWords {
  std::span<std::uint64_t> words;
  std::shared_ptr<const void> keeper;  // as NodeBlock's
};
NodeWords node_words(Communicator& comm, std::size_t words, int part = -1);

// Whether the node's shared-memory file system can take `bytes` more now (Open MPI backs windows
// with a file there; past its size, writing a page ends the process with SIGBUS). Local.
bool node_memory_has_room(std::size_t bytes);

}  // namespace adm::dist
