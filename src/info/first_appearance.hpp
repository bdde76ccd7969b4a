#pragma once
// Relabelling of 64-bit keys to codes 0, 1, 2, ... in order of first appearance, the numbering
// joint_codes uses. The work space is kept between calls and never cleared: every entry carries
// the number of the call that wrote it, so one call costs only the keys it is given.
#include <cstdint>
#include <span>
#include <vector>

namespace adm::info {

class FirstAppearance {
 public:
  // codes[i] = the rank of keys[i] among the distinct keys in order of first appearance; keys
  // must be below `key_bound`. Returns the number of distinct keys.
  std::size_t relabel(std::span<const std::uint64_t> keys, std::uint64_t key_bound,
                      std::span<std::int32_t> codes);

 private:
  std::size_t dense(std::span<const std::uint64_t> keys, std::span<std::int32_t> codes);
  std::size_t hashed(std::span<const std::uint64_t> keys, std::span<std::int32_t> codes);
  void next_call();

  std::uint32_t call_ = 0;
  std::vector<std::uint64_t> dense_;  // (call << 32) | code, indexed by key
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t call = 0;
    std::int32_t code = 0;
  };
  std::vector<Slot> slots_;  // open addressing, a power of two
};

}  // namespace adm::info
