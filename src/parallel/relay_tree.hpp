#pragma once
// Private to src/parallel: the tree that the frontier search's relays follow between the node
// leaders (LocalSearch::open_relays, relay, hear). Its own file, apart from the engine that sends
// the relays (frontier_routing.cpp), so the unit test can check the tree without MPI.
#include <vector>

#include "parallel/farm_nodes.hpp"

namespace adm::dist {

// This rank's neighbours in the relays' tree, as world ranks: its parent, then its children. The
// tree joins the nodes' leaders only (the i-th leader's parent is leader (i - 1) / kRelayFanout):
// within a node the ranks share counts through memory (LocalSearch::node_words), and a leader
// relays its node's to the other nodes, so messages grow with nodes, not ranks. At 64 simulated
// ranks on 4 nodes, relays between all ranks made 26,770 messages (77 MB) and 1.43x one rank's
// nodes. One node: no relays.
std::vector<int> relay_links(const NodeLayout& layout, int me);

}  // namespace adm::dist
