#pragma once
// Discrimination patterns as text ("x: sex=female | y: job=2"), from their keys: one state per
// feature, 0 when the feature is not in the pattern, 1..L its level in y, L+1..2L the same level in
// x (a sensitive feature). The miner names the patterns it constrains with it, and the report and
// `reproduce` render the key matrix a result stores (/patterns/mine/key) instead of a string per
// pattern (issue 28, item 16: 200,000 strings were 60 MB of a 288 MB result).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/result_set.hpp"

namespace adm::report {

// Each "name=level" piece is made once per (feature, state), so a pattern's text is one
// allocation and a few copies.
class PatternDescriber {
 public:
  PatternDescriber(const std::vector<std::string>& names,
                   const std::vector<std::vector<std::string>>& level_names,
                   const std::vector<std::size_t>& levels);
  std::string operator()(std::span<const std::uint8_t> key) const;

 private:
  std::vector<std::size_t> levels_;
  std::vector<std::vector<std::string>> pieces_;  // [feature][state], state 0 (unset) empty
};

// The texts of a stored key matrix (rows of `columns` states), its features and levels given as a
// result lists them: one (variable, value) row per level, features in key order
// (/patterns/model/variable and /patterns/model/value). InternalError when they do not match.
std::vector<std::string> pattern_texts(const std::vector<std::int64_t>& keys, std::size_t columns,
                                       const std::vector<std::string>& variable,
                                       const std::vector<std::string>& value);

// A result read back (io::load_result) whose patterns are stored as /patterns/mine/key gets their
// texts as /patterns/mine/pattern, for the report's table; nothing changes without a key matrix.
void add_pattern_texts(ResultSet& results);

}  // namespace adm::report
