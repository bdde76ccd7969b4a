#pragma once
// Counts over the cells of a joint table of small categorical codes (a missing code is a cell of
// its own), each with the first row in which it occurs. Ranks tally their rows into one each and
// merge them in rank order; the first rows then give every cell's first appearance in the whole
// file, which fixes the order in which the plug-in measures sum their cells (info/joint_codes
// numbers cells by first appearance), so sums from merged counts are bitwise those of the rows.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "data/tally_bytes.hpp"

namespace adm::data {

class CellCounts {
 public:
  struct Cell {
    std::uint64_t count = 0;
    std::uint64_t first = 0;  // row index of the first occurrence
  };

  CellCounts() = default;
  // `levels[i]`: codes of component i are -1 (missing) or 0..levels[i]-1. InputError if the table
  // has more than 2^63 cells.
  explicit CellCounts(const std::vector<std::size_t>& levels);

  // Key of a tuple of codes (mixed radix of code + 1).
  std::uint64_t key(const std::int32_t* codes) const;
  std::vector<std::int32_t> codes(std::uint64_t key) const;
  std::size_t components() const { return radix_.size(); }

  void add(std::uint64_t key, std::uint64_t row, std::uint64_t times = 1);
  // Adds `later`'s cells, whose rows are numbered from `row_offset` on.
  void merge(const CellCounts& later, std::uint64_t row_offset);
  // Non-empty cells in increasing key order.
  std::vector<std::pair<std::uint64_t, Cell>> cells() const;

  void write(ByteWriter& w) const;
  static CellCounts read(ByteReader& r);

 private:
  static constexpr std::uint64_t kDenseLimit = 1 << 14;  // cells kept in an array up to this many
  std::vector<std::uint64_t> radix_;
  std::uint64_t size_ = 1;
  std::vector<Cell> dense_;
  std::unordered_map<std::uint64_t, Cell> sparse_;
};

}  // namespace adm::data
