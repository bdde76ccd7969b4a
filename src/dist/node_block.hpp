#pragma once
// Memory the ranks of one node share (an MPI-3 shared-memory window), so that data every rank only
// reads is held once per node instead of once per rank.
#include <cstddef>
#include <functional>
#include <memory>
#include <span>

#include "dist/communicator.hpp"

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

// Whether the node's shared-memory file system can take `bytes` more now (Open MPI backs windows
// with a file there; past its size, writing a page ends the process with SIGBUS). Local.
bool node_memory_has_room(std::size_t bytes);

}  // namespace adm::dist
