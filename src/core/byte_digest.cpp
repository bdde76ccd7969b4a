#include "core/byte_digest.hpp"

#include <algorithm>
#include <cstring>

#include "core/splitmix.hpp"

namespace adm {
namespace {

constexpr std::uint64_t kMultiplier = 0x9e3779b97f4a7c15ULL;

// splitmix64's finaliser alone: every input bit reaches every output bit. splitmix64_mix adds the
// golden increment first, so it is taken back here (wrapping): the digests stay what they were.
std::uint64_t mix(std::uint64_t z) { return splitmix64_mix(z - kMultiplier); }

}  // namespace

void ByteDigest::stripe(const unsigned char* bytes) {
  for (int k = 0; k < 4; ++k) {
    std::uint64_t word = 0;
    std::memcpy(&word, bytes + 8 * k, 8);  // the machine's byte order: digests compare on one
    lanes_[k] = (lanes_[k] ^ word) * kMultiplier;
    lanes_[k] ^= lanes_[k] >> 29;
  }
}

void ByteDigest::add(std::string_view bytes) {
  length_ += bytes.size();
  auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t n = bytes.size();
  if (pending_size_ > 0) {
    const std::size_t take = std::min(n, kStripe - pending_size_);
    std::memcpy(pending_ + pending_size_, p, take);
    pending_size_ += take;
    p += take;
    n -= take;
    if (pending_size_ < kStripe) return;
    stripe(pending_);
    pending_size_ = 0;
  }
  for (; n >= kStripe; p += kStripe, n -= kStripe) stripe(p);
  std::memcpy(pending_, p, n);
  pending_size_ = n;
}

std::uint64_t ByteDigest::value() const {
  std::uint64_t h = mix(length_);
  for (const std::uint64_t lane : lanes_) h = mix(h ^ lane) * kMultiplier;
  for (std::size_t i = 0; i < pending_size_; ++i) h = (h ^ pending_[i]) * 0x100000001b3ULL;
  return mix(h);
}

}  // namespace adm
