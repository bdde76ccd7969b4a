#include "info/first_appearance.hpp"

#include <algorithm>
#include <bit>

#include "core/error.hpp"

namespace adm::info {

void FirstAppearance::next_call() {
  if (++call_ != 0) return;
  // After 2^32 calls the stamps would repeat: start over with clean tables.
  std::fill(dense_.begin(), dense_.end(), 0);
  std::fill(slots_.begin(), slots_.end(), Slot{});
  call_ = 1;
}

std::size_t FirstAppearance::relabel(std::span<const std::uint64_t> keys, std::uint64_t key_bound,
                                     std::span<std::int32_t> codes) {
  if (codes.size() != keys.size()) throw InternalError("FirstAppearance: codes do not match keys");
  next_call();
  // A direct table when the key space is small against the data (the rule of joint_codes).
  if (key_bound <= 4 * keys.size() + 4096) {
    if (dense_.size() < key_bound) dense_.resize(key_bound, 0);
    return dense(keys, codes);
  }
  return hashed(keys, codes);
}

std::size_t FirstAppearance::dense(std::span<const std::uint64_t> keys,
                                   std::span<std::int32_t> codes) {
  const std::uint64_t stamp = static_cast<std::uint64_t>(call_) << 32;
  std::uint64_t next = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    std::uint64_t& slot = dense_[keys[i]];
    if ((slot & ~std::uint64_t{0xffffffff}) != stamp) slot = stamp | next++;
    codes[i] = static_cast<std::int32_t>(slot & 0xffffffff);
  }
  return static_cast<std::size_t>(next);
}

std::size_t FirstAppearance::hashed(std::span<const std::uint64_t> keys,
                                    std::span<std::int32_t> codes) {
  const std::size_t want = std::bit_ceil(std::max<std::size_t>(2 * keys.size(), 16));
  if (slots_.size() < want) slots_.assign(want, Slot{});
  const std::size_t size = slots_.size();
  const int shift = 64 - std::countr_zero(size);
  std::int32_t next = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::uint64_t key = keys[i];
    std::size_t at = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift);
    for (;; at = (at + 1) & (size - 1)) {
      Slot& s = slots_[at];
      if (s.call != call_) {
        s = {key, call_, next++};
        codes[i] = s.code;
        break;
      }
      if (s.key == key) {
        codes[i] = s.code;
        break;
      }
    }
  }
  return static_cast<std::size_t>(next);
}

}  // namespace adm::info
