// What a rank of the frontier search (frontier_engine.hpp) sends unasked to fixed destinations:
// the nodes a method routed to their owner ranks, in batches timed by route_batches.hpp, and
// relays to its neighbours in the tree of node leaders (LocalSearch::relay; the tree is
// relay_tree.hpp's). Both make a rank not quiet while anything waits to go, so the rounds cannot
// see the search over before it is sent; kept apart from the engine's life (frontier_search.cpp)
// because both are about destinations fixed by the method or the layout, not by who asks.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "parallel/frontier_engine.hpp"
#include "parallel/message_tags.hpp"

namespace adm::dist {

// Routed nodes go out in batches (route_batches.hpp says when): fewer and larger at many ranks,
// at once to an owner without work when this rank is idle (it must not sit on work).
void FrontierEngine::flush_outboxes() {
  if (failure_) return;
  const bool now_idle = idle();
  // One clock read per poll, not one per owner: under SMPI a read is a call into the simulator,
  // and a 64-rank poll made up to 63.
  std::optional<Clock::time_point> now;
  for (int r = 0; r < ranks_; ++r) {
    if (r == me_) continue;
    std::size_t bytes = 0;
    guarded([&] { bytes = search_.outbox_bytes(r); });
    if (bytes == 0) continue;
    if (!now) now = Clock::now();
    auto& last = last_flush_[static_cast<std::size_t>(r)];
    const double waited = std::chrono::duration<double>(*now - last).count();
    if (!batches_.due(bytes, waited, now_idle, rounds_->had_work(r))) continue;
    std::string batch;
    guarded([&] { batch = search_.drain_outbox(r); });
    last = *now;
    if (batch.empty()) continue;
    send_nodes(r, std::move(batch));
    ++routed_batches_;
  }
}

// A round carries the lowest threshold to every rank, but at 64 ranks a round takes ~16 ms (its
// tree waits for the polls of 12 ranks in turn), and meanwhile ranks that do not know a better
// incumbent expand and route what it would prune: CORELS COMPAS lambda 0.005 at 64 simulated
// ranks expanded 1.38x the prefixes of 1 rank and routed 3.2x those of 16 ranks. Routed batches
// leave every busy rank for many owners every few ms, so a threshold they carry spreads
// epidemically, in a few batch hops. Any rank's own threshold is valid on every rank (a round
// gives every rank the lowest of them, and a higher one prunes less), so it is tightened to as
// a round's; which prefixes are pruned early never changes the answer (LocalSearch: ties are
// kept, and broken by a total order).
void FrontierEngine::send_nodes(int dest, std::string nodes) {
  double threshold = kNone;
  guarded([&] { threshold = search_.threshold(); });
  nodes.insert(0, u64_bytes(std::bit_cast<std::uint64_t>(threshold)));
  send(dest, kNodes, std::move(nodes));
}

void FrontierEngine::hear_threshold(std::string& bytes) {
  const double threshold = std::bit_cast<double>(u64_of(bytes));  // InternalError when torn
  bytes.erase(0, sizeof threshold);
  guarded([&] { learn_threshold(threshold); });
}

bool FrontierEngine::outboxes_empty() {
  for (int r = 0; r < ranks_; ++r) {
    if (r == me_) continue;
    std::size_t bytes = 0;
    guarded([&] { bytes = search_.outbox_bytes(r); });
    if (bytes > 0 && !failure_) return false;
  }
  return true;
}

// Relays go out at every poll (a busy rank polls every slice): what a rank heard is forwarded at
// once, so news crosses a link per poll of the rank it reaches.
void FrontierEngine::flush_relays() {
  for (std::size_t i = 0; i < links_.size() && !failure_; ++i) {
    std::string bytes;
    guarded([&] { bytes = search_.relay(i); });
    if (!bytes.empty() && !failure_) send(links_[i], kRelay, std::move(bytes));
  }
}

// A relay from a neighbour goes to the method with the link it came in on.
void FrontierEngine::hear_relay(const Mailbox::Message& m) {
  const auto link = std::find(links_.begin(), links_.end(), m.source) - links_.begin();
  if (static_cast<std::size_t>(link) == links_.size())
    throw InternalError("frontier search: a relay from a rank that is no neighbour");
  guarded([&] { search_.hear(static_cast<std::size_t>(link), m.bytes); });
}

bool FrontierEngine::relays_pending() {
  bool pending = false;
  guarded([&] { pending = search_.relays_pending(); });
  return pending && !failure_;
}

}  // namespace adm::dist
