#include "methods/rulelist/permutation_map.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/error.hpp"
#include "core/splitmix.hpp"

namespace adm::methods::rulelist {
namespace {

constexpr std::uint64_t kLocBits = 40, kLocMask = (std::uint64_t{1} << kLocBits) - 1;
constexpr std::size_t kOffsetBits = 20;  // a chunk holds at most 1 MiB
constexpr std::size_t kMinChunk = std::size_t{1} << 12, kMaxChunk = std::size_t{1} << kOffsetBits;

// Hash of a sorted rule set and a key suffix (only where the table puts it, never an identity).
std::uint64_t hash_sorted(const std::vector<std::uint16_t>& sorted, std::string_view extra) {
  std::uint64_t h = splitmix64_mix(sorted.size() << 8 | extra.size());
  for (std::size_t i = 0; i < sorted.size(); i += 4) {
    std::uint64_t word = 0;
    for (std::size_t j = i; j < std::min(i + 4, sorted.size()); ++j)
      word |= std::uint64_t{sorted[j]} << (16 * (j - i));
    h = splitmix64_mix(h ^ word);
  }
  for (std::size_t i = 0; i < extra.size(); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, extra.data() + i, std::min<std::size_t>(8, extra.size() - i));
    h = splitmix64_mix(h ^ word);
  }
  return h;
}

// A record: errors (4 bytes), k (1), suffix length (2), order (2k), suffix.
constexpr std::size_t kOrderAt = 7;

void read_order(const std::uint8_t* rec, std::vector<std::uint16_t>& out) {
  out.resize(rec[4]);
  std::memcpy(out.data(), rec + kOrderAt, 2 * out.size());
}

std::string_view suffix(const std::uint8_t* rec) {
  std::uint16_t length;
  std::memcpy(&length, rec + 5, 2);
  return {reinterpret_cast<const char*>(rec) + kOrderAt + 2 * std::size_t{rec[4]}, length};
}

// Whether the prefix (errors a, order x) dominates (errors b, order y): see the header.
bool dominates(std::uint32_t a, const std::vector<std::uint16_t>& x, std::uint32_t b,
               const std::vector<std::uint16_t>& y) {
  if (a > b || x.size() > y.size()) return false;
  return a < b || x.size() < y.size() ||
         std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
}

}  // namespace

void PermutationMap::key_of(const std::vector<std::uint16_t>& order,
                            std::vector<std::uint16_t>& key) const {
  if (key_of_) return key_of_(order, key);
  key.assign(order.begin(), order.end());
  std::sort(key.begin(), key.end());
}

std::uint64_t PermutationMap::hash_key(const std::vector<std::uint16_t>& order,
                                       std::string_view extra) const {
  if (order.size() > 255 || extra.size() > 65535)
    throw InternalError("rulelist: permutation map key too long");
  key_of(order, sorted_);
  return hash_sorted(sorted_, extra);
}

std::uint8_t* PermutationMap::record(std::uint64_t slot) const {
  const std::uint64_t loc = (slot & kLocMask) - 1;
  return chunks_[loc >> kOffsetBits].get() + (loc & (kMaxChunk - 1));
}

bool PermutationMap::same_key(const std::uint8_t* rec, std::string_view extra) const {
  if ((!key_of_ && rec[4] != sorted_.size()) || suffix(rec) != extra) return false;
  read_order(rec, other_);
  key_of(other_, other_key_);
  return other_key_ == sorted_;
}

std::size_t PermutationMap::find(std::uint64_t h, std::string_view extra) const {
  const std::size_t mask = slots_.size() - 1;
  const std::uint64_t tag = h >> kLocBits;
  for (std::size_t i = h & mask;; i = (i + 1) & mask) {
    const std::uint64_t s = slots_[i];
    if (s == 0 || ((s >> kLocBits) == tag && same_key(record(s), extra))) return i;
  }
}

// A quarter of the arena (so at most a fifth is unused), at least one record.
std::size_t PermutationMap::next_chunk_bytes(std::size_t record) const {
  return std::clamp(std::bit_ceil(std::max(arena_bytes_ / 4, record)), kMinChunk, kMaxChunk);
}

std::uint64_t PermutationMap::append(const std::vector<std::uint16_t>& order, std::uint32_t errors,
                                     std::string_view extra) {
  const std::size_t size = kOrderAt + 2 * order.size() + extra.size();
  if (chunks_.empty() || used_ + size > chunk_size_.back()) {
    const std::size_t bytes = next_chunk_bytes(size);
    if (chunks_.size() >= (std::size_t{1} << (kLocBits - kOffsetBits)))
      throw InternalError("rulelist: permutation map full");
    chunks_.emplace_back(new std::uint8_t[bytes]);
    chunk_size_.push_back(static_cast<std::uint32_t>(bytes));
    arena_bytes_ += bytes;
    used_ = 0;
  }
  std::uint8_t* rec = chunks_.back().get() + used_;
  std::memcpy(rec, &errors, 4);
  rec[4] = static_cast<std::uint8_t>(order.size());
  const auto length = static_cast<std::uint16_t>(extra.size());
  std::memcpy(rec + 5, &length, 2);
  std::memcpy(rec + kOrderAt, order.data(), 2 * order.size());
  std::memcpy(rec + kOrderAt + 2 * order.size(), extra.data(), extra.size());
  const std::uint64_t loc = (std::uint64_t{chunks_.size() - 1} << kOffsetBits) | used_;
  used_ += size;
  largest_record_ = std::max(largest_record_, size);
  return loc + 1;
}

void PermutationMap::grow() {
  std::vector<std::uint64_t> old(std::max<std::size_t>(16, 2 * slots_.size()), 0);
  old.swap(slots_);
  const std::size_t mask = slots_.size() - 1;
  for (const std::uint64_t s : old) {
    if (s == 0) continue;
    const std::uint8_t* rec = record(s);
    read_order(rec, other_);
    key_of(other_, sorted_);
    std::size_t i = hash_sorted(sorted_, suffix(rec)) & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = s;
  }
}

bool PermutationMap::admit(const std::vector<std::uint16_t>& order, std::uint32_t errors,
                           std::string_view extra) {
  if (4 * (size_ + 1) > 3 * slots_.size()) grow();
  const std::uint64_t h = hash_key(order, extra);
  const std::size_t i = find(h, extra);
  if (slots_[i] == 0) {
    slots_[i] = (h >> kLocBits) << kLocBits | append(order, errors, extra);
    ++size_;
    return true;
  }
  std::uint8_t* rec = record(slots_[i]);
  std::uint32_t best_errors;
  std::memcpy(&best_errors, rec, 4);
  read_order(rec, other_);
  // The recorded prefix itself, back from another rank (given away, then given back): keep it,
  // or no rank would expand it.
  if (other_ == order) return true;
  if (dominates(best_errors, other_, errors, order)) return false;
  // Kept; it replaces the record where it dominates it (neither dominating: both stay queued, the
  // record is kept). Same rule set: one always dominates, as in CORELS.
  if (!dominates(errors, order, best_errors, other_)) return true;
  if (order.size() == other_.size()) {
    std::memcpy(rec, &errors, 4);
    std::memcpy(rec + kOrderAt, order.data(), 2 * order.size());
  } else {  // another length: a new record (the old one's bytes stay in the arena)
    const std::uint64_t tag = slots_[i] >> kLocBits;
    slots_[i] = tag << kLocBits | append(order, errors, extra);
  }
  return true;
}

bool PermutationMap::is_best(const std::vector<std::uint16_t>& order, std::uint32_t errors,
                             std::string_view extra) const {
  if (slots_.empty()) return true;
  const std::size_t i = find(hash_key(order, extra), extra);
  if (slots_[i] == 0) return true;
  const std::uint8_t* rec = record(slots_[i]);
  std::uint32_t best_errors;
  std::memcpy(&best_errors, rec, 4);
  read_order(rec, other_);
  return other_ == order || !dominates(best_errors, other_, errors, order);
}

std::size_t PermutationMap::bytes_to_hold(std::size_t more) const {
  std::size_t bytes = 0;
  if (4 * (size_ + more) > 3 * slots_.size()) {  // the new table (the old one is then freed)
    std::size_t cap = std::max<std::size_t>(16, 2 * slots_.size());
    while (4 * (size_ + more) > 3 * cap) cap *= 2;
    bytes += cap * sizeof(std::uint64_t);
  }
  const std::size_t need = more * (largest_record_ + 2);  // a record grows by a rule a level
  const std::size_t left = chunks_.empty() ? 0 : chunk_size_.back() - used_;
  if (need > left) {
    const std::size_t chunk = next_chunk_bytes(largest_record_ + 2);
    bytes += (need + chunk - 1) / chunk * chunk;
  }
  return bytes;
}

}  // namespace adm::methods::rulelist
