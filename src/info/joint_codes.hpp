#pragma once
// Joint codes: one compact integer per row for the tuple of several categorical columns, so that
// every information measure over a SET of columns is a measure over one discrete variable.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace adm::data {
class Dataset;
}

namespace adm::info {

// Categorical code vectors (-1 = missing), viewed without copying. A std::vector<std::int32_t>
// converts implicitly, so `joint_codes({a, b})` works.
using CodeColumns = std::vector<std::span<const std::int32_t>>;

inline constexpr std::int32_t kMissing = -1;

// What to do with a row where any component is missing.
enum class MissingPolicy {
  Error,  // throw adm::InputError naming the row
  Skip,   // leave the row out: used[row] = 0 and codes[row] = kMissing
};

struct JointCodes {
  std::vector<std::int32_t> codes;  // 0..cardinality-1 for used rows, kMissing otherwise
  std::size_t cardinality = 0;      // K: number of distinct tuples among used rows
  std::vector<std::uint8_t> used;   // 1 where the row was coded
  std::size_t used_count = 0;
};

// Codes are assigned in order of first appearance of each tuple (row order), so the result is
// deterministic and independent of hashing. With no columns every row gets code 0 (the empty tuple,
// K = 1) over `rows` rows; otherwise `rows` must be 0 or equal the column length.
// Throws InputError for columns of different lengths or codes below -1.
JointCodes joint_codes(const CodeColumns& columns, MissingPolicy missing = MissingPolicy::Error,
                       std::size_t rows = 0);

// The same over named categorical columns of a dataset. A numeric column is an InputError: it must
// be discretised first (information measures here are plug-in estimates over discrete cells).
JointCodes joint_codes(const data::Dataset& dataset, const std::vector<std::string>& names,
                       MissingPolicy missing = MissingPolicy::Error);

// The code vectors of named categorical columns (the same checks as above), for building
// CodeColumns.
CodeColumns dataset_codes(const data::Dataset& dataset, const std::vector<std::string>& names);

// Throws InputError naming the data source, column and 1-based data row of the first missing value.
void check_no_missing(const data::Dataset& dataset, const std::vector<std::string>& names);

}  // namespace adm::info
