// PatternSearch's part in a search over several ranks (see miner.hpp): how the ranks share the cut
// (rounds, relays, the node's memory) and settle the exact k-th best score at the end.
#include <algorithm>

#include "core/error.hpp"
#include "methods/patterns/miner.hpp"

namespace adm::methods::patterns {

void PatternSearch::partition(int, int ranks) {
  if (ranks > 1 && options_.mode != MineMode::All && options_.k > 0)
    shared_.emplace(options_.k, TopCandidates::bin_of(floor()), ranks, dist::kRoundsInFlight);
}

void PatternSearch::summary(std::uint64_t round, std::uint64_t* out) {
  if (shared_) shared_->summary(round, out);
}

// Patterns found on different ranks are different nodes of the tree, so their counts add up.
void PatternSearch::learn(std::uint64_t round, const std::uint64_t* totals) {
  if (!shared_) return;
  shared_->learn(round, totals);
  raise_remote_cut();
}

void PatternSearch::share_node(std::span<std::uint64_t> words) {
  if (shared_) node_.emplace(options_.k, TopCandidates::bin_of(floor()), words);
}

void PatternSearch::open_relays(std::size_t links) {
  if (shared_ && links > 0) relayed_.emplace(options_.k, links);
}

// Only node leaders have relays: a leader hands on what its node's ranks (itself included) added
// to the node's counts since it last looked, so a pattern is relayed once, by its node's leader.
std::string PatternSearch::relay(std::size_t link) {
  if (!relayed_) return {};
  if (node_) node_->drain([&](std::size_t bin, std::uint64_t n) { relayed_->count(bin, n); });
  return relayed_->message(link, TopCandidates::bin_of(cut()));
}

// Other nodes' counts go into this node's, where every rank of the node prunes with them.
void PatternSearch::hear(std::size_t link, const std::string& bytes) {
  if (!relayed_) throw InternalError("pattern search: a relay without relays");
  relayed_->hear(link, bytes, [&](std::size_t bin, std::uint64_t n) {
    if (node_) node_->fold(bin, n);
  });
  if (node_) node_->publish();
  raise_remote_cut();
}

bool PatternSearch::relays_pending() const {
  return relayed_ && (relayed_->pending() || (node_ && node_->marked()));
}

// This rank's cut over all ranks' patterns: the highest of the rounds' (SharedCut::local_bin, at
// least the shared cut), the relays' (RelayedCut) and the node's (NodeCut). Each is a lower bound
// on the k-th best score over all ranks, counted apart (a pattern is in each once), so their
// maximum is one too.
void PatternSearch::raise_remote_cut() {
  if (shared_->local_reached())
    remote_cut_ = std::max(remote_cut_, TopCandidates::bin_edge(shared_->local_bin()));
  if (relayed_ && relayed_->reached())
    remote_cut_ = std::max(remote_cut_, TopCandidates::bin_edge(relayed_->bin()));
  if (node_ && node_->reached())
    remote_cut_ = std::max(remote_cut_, TopCandidates::bin_edge(node_->bin()));
}

// Every rank's candidates at or above its own cut hold every pattern it found at or above the
// k-th best score over all ranks (a rank's cut is never above it), so the k-th best of them all is
// that score, whatever else they hold.
bool PatternSearch::closing(std::vector<std::uint64_t>& mine) {
  if (!shared_) return false;
  if (!kth_best_) kth_best_.emplace(options_.k);
  if (kth_best_->done()) return false;
  kth_best_->count(best_.scores(), cut(), mine);
  return true;
}

void PatternSearch::settle(const std::vector<std::uint64_t>& totals) {
  kth_best_->settle(totals);
  if (kth_best_->done() && kth_best_->value()) final_cut_ = *kth_best_->value();
}

}  // namespace adm::methods::patterns
