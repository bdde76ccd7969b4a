#pragma once
// Joint codes (joint_codes.hpp numbering: first appearance of the tuple in row order) of a subset
// of columns that changes one column at a time, as in a Gray-code walk over all subsets.
//
// Level j holds the joint codes of the chosen columns with index >= j (materialised only where
// column j is chosen; elsewhere it is the level above). Adding or removing column j leaves the
// levels above j alone and recomputes the chosen levels j, j - 1, ..., 0, one pairing of the
// level above with the column each. A Gray-code walk flips column j every 2^(j+1) steps, so a step
// costs about one pairing on average however many columns are chosen, against |S| pairings for
// coding the subset from scratch.
#include <cstdint>
#include <span>
#include <vector>

#include "info/first_appearance.hpp"
#include "info/joint_codes.hpp"

namespace adm::info {

class IncrementalCodes {
 public:
  // Columns of `rows` rows each, codes >= 0 (no missing values; InputError otherwise); at most
  // 64 columns. Starts at the empty subset.
  IncrementalCodes(const CodeColumns& columns, std::size_t rows);

  void set(std::uint64_t mask);  // bit j = column j; recomputed from scratch
  void flip(std::size_t j);      // adds column j, or removes it

  std::uint64_t mask() const { return mask_; }
  // Equal to joint_codes(the columns in mask(), MissingPolicy::Error, rows).codes / .cardinality.
  std::span<const std::int32_t> codes() const;
  std::size_t cardinality() const { return card_[top_of(0)]; }
  // Pairings of a level with a column done so far (the work; for benchmarks and tests).
  std::uint64_t pairings() const { return pairings_; }

 private:
  std::size_t top_of(std::size_t j) const;  // lowest chosen column >= j, or n (the empty tuple)
  void rebuild(std::size_t from);           // levels from, from - 1, ..., 0

  std::vector<std::span<const std::int32_t>> columns_;
  std::vector<std::uint64_t> width_;  // per column: largest code + 1
  std::size_t rows_ = 0;
  std::uint64_t mask_ = 0;
  std::vector<std::vector<std::int32_t>> level_;  // n + 1 levels; level n: all 0
  std::vector<std::size_t> card_;
  std::vector<std::uint64_t> keys_;
  FirstAppearance relabel_;
  std::uint64_t pairings_ = 0;
};

}  // namespace adm::info
