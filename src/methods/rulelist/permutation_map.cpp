#include "methods/rulelist/permutation_map.hpp"

#include <algorithm>

namespace adm::methods::rulelist {

std::string PermutationMap::pack(const std::vector<std::uint16_t>& rules) {
  std::string s(rules.size() * 2, '\0');
  for (std::size_t i = 0; i < rules.size(); ++i) {
    // Big-endian, so string order is the numeric lexicographic order of the rule indices.
    s[2 * i] = static_cast<char>(rules[i] >> 8);
    s[2 * i + 1] = static_cast<char>(rules[i] & 0xff);
  }
  return s;
}

std::string PermutationMap::set_key(const std::vector<std::uint16_t>& order) {
  auto sorted = order;
  std::sort(sorted.begin(), sorted.end());
  return pack(sorted);
}

bool PermutationMap::admit(const std::vector<std::uint16_t>& order, std::uint32_t errors,
                           const std::string& extra) {
  std::string packed = pack(order);
  auto [it, inserted] = map_.try_emplace(set_key(order) + extra, Best{errors, packed});
  if (inserted) return true;
  Best& best = it->second;
  // The recorded prefix itself, back from another rank (given away, then given back): keep it,
  // or no rank would expand it.
  if (best.order == packed) return true;
  const bool better =
      errors < best.errors ||
      (errors == best.errors &&
       std::lexicographical_compare(
           packed.begin(), packed.end(), best.order.begin(), best.order.end(), [](char a, char b) {
             return static_cast<unsigned char>(a) < static_cast<unsigned char>(b);
           }));
  if (!better) return false;
  best = Best{errors, std::move(packed)};
  return true;
}

bool PermutationMap::is_best(const std::vector<std::uint16_t>& order,
                             const std::string& extra) const {
  const auto it = map_.find(set_key(order) + extra);
  return it == map_.end() || it->second.order == pack(order);
}

std::size_t PermutationMap::bytes_to_hold(std::size_t more) const {
  const bool rehash = static_cast<double>(map_.size() + more) >
                      map_.max_load_factor() * static_cast<double>(map_.bucket_count());
  return more * (sizeof(std::pair<const std::string, Best>) + 16) +
         (rehash ? 2 * map_.bucket_count() * sizeof(void*) + 64 : 0);
}

std::size_t PermutationMap::bytes() const {
  // Node, bucket and the two strings (short ones live inside std::string).
  return map_.size() * (sizeof(std::pair<const std::string, Best>) + 16) +
         map_.bucket_count() * sizeof(void*);
}

}  // namespace adm::methods::rulelist
