// Which prefixes the permutation map compares and which rank owns a prefix: by rule set, or
// under a constraint with bound (c) by the classes a prefix captures (issue 30,
// permutation_map.hpp), so that all prefixes the map compares meet on one rank.
#include <bit>

#include "methods/rulelist/search.hpp"

namespace adm::methods::rulelist {

// The key is the captured classes' bits, 16 at a time, OR-ed from the prefix's rules.
void RulelistSearch::key_map_by_classes() {
  class_keyed_ = true;
  const ClassBound* classes = fair_.class_bound();
  permutations_.key_by(
      [classes, bits = std::vector<std::uint64_t>()](const std::vector<std::uint16_t>& order,
                                                     std::vector<std::uint16_t>& key) mutable {
        bits.assign((classes->classes() + 63) / 64, 0);
        for (auto r : order) {
          const std::uint64_t* w = classes->rule_classes(r).data();
          for (std::size_t i = 0; i < bits.size(); ++i) bits[i] |= w[i];
        }
        key.resize(4 * bits.size());
        for (std::size_t i = 0; i < key.size(); ++i)
          key[i] = static_cast<std::uint16_t>(bits[i / 4] >> (16 * (i % 4)));
      });
}

// A set's hash is the sum of its members' keys (rules, or classes when class_keyed_), so every
// order of a set, and every set capturing the same classes, hashes alike.
std::uint64_t RulelistSearch::prefix_set_hash() {
  std::uint64_t h = 0;
  if (!class_keyed_) {
    for (auto r : prefix_) h += rule_hash_[r];
    return h;
  }
  prefix_classes_.assign((class_hash_.size() + 63) / 64, 0);
  for (auto r : prefix_) {
    const std::uint64_t* w = fair_.class_bound()->rule_classes(r).data();
    for (std::size_t i = 0; i < prefix_classes_.size(); ++i) prefix_classes_[i] |= w[i];
  }
  for (std::size_t i = 0; i < prefix_classes_.size(); ++i)
    for (std::uint64_t bits = prefix_classes_[i]; bits; bits &= bits - 1)
      h += class_hash_[64 * i + static_cast<std::size_t>(std::countr_zero(bits))];
  return h;
}

// The child's classes are the prefix's (prefix_classes_) and the rule's: only the new ones add.
std::uint64_t RulelistSearch::child_set_hash(std::uint64_t prefix_hash, std::size_t rule) const {
  if (!class_keyed_) return prefix_hash + rule_hash_[rule];
  const std::uint64_t* w = fair_.class_bound()->rule_classes(rule).data();
  std::uint64_t h = prefix_hash;
  for (std::size_t i = 0; i < prefix_classes_.size(); ++i)
    for (std::uint64_t fresh = w[i] & ~prefix_classes_[i]; fresh; fresh &= fresh - 1)
      h += class_hash_[64 * i + static_cast<std::size_t>(std::countr_zero(fresh))];
  return h;
}

}  // namespace adm::methods::rulelist
