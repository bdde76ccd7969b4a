#pragma once
// Coding texts as the levels of a categorical column, the same way for every reader (CSV, HDF5):
// codes by first appearance while the cells stream past, then renumbered so that the levels are
// in sort_levels order. The same texts thus give the same column whatever the source.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "data/column.hpp"

namespace adm::data {

class LevelCoder {
 public:
  // The provisional code of `text` (a new level if not seen before).
  std::int32_t code(std::string_view text);

  // The column: `codes` (provisional, or Column::kMissingCode where missing[r]) renumbered into
  // the sorted levels.
  Column finish(std::string name, std::vector<std::int32_t> codes,
                std::vector<std::uint8_t> missing) const;

 private:
  // Hashes a level's text as a view, so a cell is looked up without building a string.
  struct ViewHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const {
      return std::hash<std::string_view>{}(text);
    }
  };
  std::unordered_map<std::string, std::int32_t, ViewHash, std::equal_to<>> index_;
  std::vector<std::string> levels_;  // by provisional code
};

}  // namespace adm::data
