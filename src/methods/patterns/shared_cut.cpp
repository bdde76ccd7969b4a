#include "methods/patterns/shared_cut.hpp"

#include <algorithm>

namespace adm::methods::patterns {
namespace {
constexpr std::size_t kSlots = SharedCut::kWindow + SharedCut::kCoarse;
}

SharedCut::SharedCut(std::uint64_t k, std::size_t floor_bin, int ranks, std::uint64_t lag)
    : counts_(kBins, k),
      local_(kBins, k),
      lag_(lag),
      known_(lag + 1),
      floor_bin_(std::min(floor_bin, kBins - 1)),
      cap_(0xffffffffULL / static_cast<std::uint64_t>(std::max(ranks, 1))),
      slots_(kSlots, 0),
      pending_(kBins) {}

// Every rank computes it from the same sums, so every rank has the same layout in a round.
SharedCut::Layout SharedCut::layout(std::uint64_t round) const {
  const Known k = round < lag_ ? Known{} : known_[(round - lag_) % (lag_ + 1)];
  const std::size_t top = k.top;
  const std::size_t base = k.reached ? std::max(k.cut_bin, floor_bin_) : floor_bin_;
  const std::size_t fine_end = std::min(kBins, base + kWindow);
  // Before any round has told the highest bin, the groups span every bin above the window.
  const std::size_t end = top == 0 ? kBins : std::min(kBins, std::max(top, fine_end + kCoarse));
  const std::size_t group = std::max<std::size_t>(1, (end - fine_end + kCoarse - 1) / kCoarse);
  return {base, fine_end, group};
}

std::size_t SharedCut::Layout::slot(std::size_t b) const {
  if (b < fine_end) return b - base;
  return kWindow + std::min(kCoarse - 1, (b - fine_end) / group);  // above the top: the last group
}

std::size_t SharedCut::Layout::bin(std::size_t s) const {
  return s < kWindow ? base + s : std::min(kBins - 1, fine_end + (s - kWindow) * group);
}

void SharedCut::summary(std::uint64_t round, std::uint64_t* out) {
  const Layout l = layout(round);
  out[0] = top_seen_;
  std::fill(slots_.begin(), slots_.end(), 0);
  std::size_t kept = 0;  // bins whose counts did not all fit, kept at the front of dirty_
  for (const std::size_t b : dirty_) {
    if (b < l.base) {  // below the shared cut: it can move no one's cut
      pending_[b] = 0;
      continue;
    }
    std::uint64_t& slot = slots_[l.slot(b)];
    const std::uint64_t take = std::min(pending_[b], cap_ - slot);
    slot += take;
    pending_[b] -= take;
    if (pending_[b] > 0) dirty_[kept++] = b;
  }
  dirty_.resize(kept);
  for (std::size_t s = 0; s < kSlots; ++s) out[1 + s / 2] |= slots_[s] << (32 * (s % 2));
  // Kept to take out of the round's totals: local_ holds these counts already, in exact bins.
  sent_.push_back({round, std::vector<std::uint32_t>(slots_.begin(), slots_.end())});
}

void SharedCut::learn(std::uint64_t round, const std::uint64_t* totals) {
  const Layout l = layout(round);  // the one the summaries were made with
  while (!sent_.empty() && sent_.front().round < round) sent_.pop_front();
  // Without this rank's own part of the round (a summary that failed), local_ takes none of it:
  // its own counts would be in local_ twice.
  const bool own_known = !sent_.empty() && sent_.front().round == round;
  for (std::size_t s = 0; s < kSlots; ++s) {
    const std::uint64_t count = (totals[1 + s / 2] >> (32 * (s % 2))) & 0xffffffffULL;
    if (count == 0) continue;
    counts_.add(l.bin(s), count);
    const std::uint64_t own = own_known ? sent_.front().slots[s] : count;
    if (count > own) local_.add(l.bin(s), count - own);  // the other ranks' part
  }
  if (own_known) sent_.pop_front();
  top_ = std::max<std::size_t>(top_, totals[0]);
  known_[round % (lag_ + 1)] = {reached() ? counts_.bin() : 0, top_, reached()};
}

}  // namespace adm::methods::patterns
