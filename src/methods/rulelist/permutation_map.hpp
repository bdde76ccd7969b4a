#pragma once
// CORELS' permutation map: prefixes made of the same set of rules capture the same rows, so every
// extension of one is matched by the same extension of the other and the one with fewer errors
// wins. The map keeps, per set, the best prefix seen (fewest errors, then the lexicographically
// smallest rule order, so the survivor does not depend on the order prefixes arrive in).
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace adm::methods::rulelist {

class PermutationMap {
 public:
  // Records `order` (a prefix) with its errors unless a recorded permutation is at least as good;
  // returns whether it was recorded (false: prune it).
  // `extra` is added to the set's key: prefixes compete only with those of equal `extra` (the
  // groups' counts under a fairness constraint).
  bool admit(const std::vector<std::uint16_t>& order, std::uint32_t errors,
             const std::string& extra = {});
  // Whether `order` is still the recorded best of its set (a queued prefix that lost is skipped).
  bool is_best(const std::vector<std::uint16_t>& order, const std::string& extra = {}) const;

  std::size_t size() const { return map_.size(); }
  std::size_t bytes() const;
  // At most the bytes `more` admissions add (entries, and a doubling of the bucket array).
  std::size_t bytes_to_hold(std::size_t more) const;

 private:
  struct Best {
    std::uint32_t errors;
    std::string order;
  };
  static std::string pack(const std::vector<std::uint16_t>& rules);
  static std::string set_key(const std::vector<std::uint16_t>& order);
  std::unordered_map<std::string, Best> map_;
};

}  // namespace adm::methods::rulelist
