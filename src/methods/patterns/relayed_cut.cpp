#include "methods/patterns/relayed_cut.hpp"

#include <algorithm>
#include <cstring>

#include "core/error.hpp"

namespace adm::methods::patterns {
namespace {
// A message is (bin, count) pairs of 32-bit words: a bin is below 2^16, and a count of patterns
// found in one poll interval is far below 2^32 (a larger one is sent in parts).
constexpr std::size_t kPairBytes = 8;
constexpr std::uint64_t kMaxCount = 0xffffffffULL;
}  // namespace

RelayedCut::RelayedCut(std::uint64_t k, std::size_t links)
    : heard_(TopCandidates::kBins, k), links_(links) {}

std::string RelayedCut::message(std::size_t link, std::size_t floor_bin) {
  Link& l = links_.at(link);
  std::string out;
  out.reserve(l.dirty.size() * kPairBytes);
  std::size_t kept = 0;  // bins whose count did not fit in 32 bits wait for the next message
  for (const std::uint32_t bin : l.dirty) {
    if (bin < floor_bin) {
      l.counts[bin] = 0;
      continue;
    }
    const std::uint64_t take = std::min(l.counts[bin], kMaxCount);
    const std::uint32_t pair[2] = {bin, static_cast<std::uint32_t>(take)};
    out.append(reinterpret_cast<const char*>(pair), kPairBytes);
    l.counts[bin] -= take;
    if (l.counts[bin] > 0) l.dirty[kept++] = bin;
  }
  l.dirty.resize(kept);
  return out;
}

void RelayedCut::hear(std::size_t link, std::string_view bytes,
                      const std::function<void(std::size_t, std::uint64_t)>& also) {
  if (link >= links_.size() || bytes.size() % kPairBytes != 0)
    throw InternalError("relayed cut: a malformed relay");
  for (std::size_t at = 0; at < bytes.size(); at += kPairBytes) {
    std::uint32_t pair[2];
    std::memcpy(pair, bytes.data() + at, kPairBytes);
    if (pair[0] >= TopCandidates::kBins) throw InternalError("relayed cut: a bin out of range");
    heard_.add(pair[0], pair[1]);
    if (also) also(pair[0], pair[1]);
    for (std::size_t other = 0; other < links_.size(); ++other)
      if (other != link) queue(links_[other], pair[0], pair[1]);
  }
}

bool RelayedCut::pending() const {
  for (const auto& l : links_)
    if (!l.dirty.empty()) return true;
  return false;
}

}  // namespace adm::methods::patterns
