#pragma once
// CORELS' permutation map: prefixes made of the same set of rules capture the same rows, so every
// extension of one is matched by the same extension of the other and the one with fewer errors
// wins. The map keeps, per set, the best prefix seen (fewest errors, then the lexicographically
// smallest rule order, so the survivor does not depend on the order prefixes arrive in).
//
// Compact layout (issue 14: a std::unordered_map of strings cost ~110 bytes an entry, the largest
// search structure under a fairness constraint). Each entry is one packed record in an
// append-only arena of chunks: errors (4 bytes), length k (1 byte), key-suffix length (2 bytes),
// the recorded order (2 bytes a rule), the suffix. The set is not stored: it is the sorted order.
// An open-addressing table (linear probing, at most 3/4 full) holds 8 bytes per slot: 24 bits of
// the key's hash and the record's place. Keys are always compared in full (sorted rules and
// suffix), so two different keys are never taken as equal. A better permutation overwrites its
// set's record in place (same length); nothing is ever removed. 19 + 11-21 bytes an entry for
// three rules and two groups' counts.
//
// Keyed by what a prefix captures (issue 30, key_by): prefixes of different rule sets that capture
// the same rows (the same capture classes, fair_classes.hpp) also meet every completion alike: a
// rule of one prefix captures nothing new after the other (its rows are all captured), so the
// search skips it, and every other rule captures the same rows with the same majority
// prediction; with equal counts in `extra` every completion has the same unfairness too. So A
// dominates B when errors(A) <= errors(B), |A| <= |B| and A is better in one of them or, both
// equal, lexicographically smaller: every completion of B is matched by the same completion of A
// with an objective as low and, on a tie, shorter or lexicographically smaller (the canonical
// order, search.hpp). The record's key is derived from its order by the same function, so keys
// are still compared in full; a record of another length is replaced by a new record.
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace adm::methods::rulelist {

class PermutationMap {
 public:
  // Writes the key of a prefix (its rules in order) into `key`.
  using KeyOf =
      std::function<void(const std::vector<std::uint16_t>& order, std::vector<std::uint16_t>& key)>;
  // Keys prefixes by `key_of` (what they capture) instead of their sorted rules; before any entry.
  void key_by(KeyOf key_of) { key_of_ = std::move(key_of); }

  // Records `order` (a prefix) with its errors unless a recorded permutation is at least as good;
  // returns whether it was recorded (false: prune it).
  // `extra` is added to the set's key: prefixes compete only with those of equal `extra` (the
  // groups' counts under a fairness constraint; at most 65535 bytes).
  bool admit(const std::vector<std::uint16_t>& order, std::uint32_t errors,
             std::string_view extra = {});
  // Whether `order` (with `errors`) is not dominated by its key's record (a queued prefix that
  // lost is skipped).
  bool is_best(const std::vector<std::uint16_t>& order, std::uint32_t errors,
               std::string_view extra = {}) const;

  std::size_t size() const { return size_; }
  std::size_t bytes() const { return arena_bytes_ + slots_.capacity() * sizeof(std::uint64_t); }
  // About the bytes `more` admissions add (a new chunk if their records may not fit in the last
  // one, and a doubled table if it would pass 3/4 full).
  std::size_t bytes_to_hold(std::size_t more) const;

 private:
  // Slot of the key (sorted_, extra) with hash `h`: its record's, or the empty one to fill.
  std::size_t find(std::uint64_t h, std::string_view extra) const;
  std::uint64_t hash_key(const std::vector<std::uint16_t>& order, std::string_view extra) const;
  std::uint8_t* record(std::uint64_t slot) const;
  bool same_key(const std::uint8_t* rec, std::string_view extra) const;
  std::uint64_t append(const std::vector<std::uint16_t>& order, std::uint32_t errors,
                       std::string_view extra);
  void grow();
  std::size_t next_chunk_bytes(std::size_t record) const;
  void key_of(const std::vector<std::uint16_t>& order, std::vector<std::uint16_t>& key) const;

  std::vector<std::uint64_t> slots_;  // 0: empty; else tag << 40 | (chunk << 20 | offset) + 1
  std::vector<std::unique_ptr<std::uint8_t[]>> chunks_;
  std::vector<std::uint32_t> chunk_size_;
  std::size_t used_ = 0;         // bytes used in the last chunk
  std::size_t arena_bytes_ = 0;  // bytes of all chunks
  std::size_t size_ = 0;
  std::size_t largest_record_ = 32;  // for bytes_to_hold
  mutable std::vector<std::uint16_t> sorted_, other_,
      other_key_;  // scratch: keys, a record's order
  KeyOf key_of_;   // empty: the sorted rules
};

}  // namespace adm::methods::rulelist
