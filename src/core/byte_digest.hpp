#pragma once
// A 64-bit digest of a byte stream, fed in pieces of any size, for telling whether a data file
// changed (checkpoint journals). Not stable_hash: FNV-1a takes a byte per multiply, which on a
// file of hundreds of MB costs as much as splitting it into records; four independent lanes of
// 8-byte words cost a tenth. Not cryptographic: it detects changes, not forgeries.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace adm {

class ByteDigest {
 public:
  // Appends bytes; the value depends only on the concatenation, not on how it was cut.
  void add(std::string_view bytes);
  // The digest of every byte added so far.
  std::uint64_t value() const;

 private:
  static constexpr std::size_t kStripe = 32;  // four lanes of 8 bytes
  void stripe(const unsigned char* bytes);

  std::uint64_t lanes_[4] = {0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL, 0xa4093822299f31d0ULL,
                             0x082efa98ec4e6c89ULL};
  unsigned char pending_[kStripe] = {};
  std::size_t pending_size_ = 0;
  std::uint64_t length_ = 0;
};

}  // namespace adm
