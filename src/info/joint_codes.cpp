#include "info/joint_codes.hpp"

#include <algorithm>
#include <limits>
#include <unordered_map>

#include "core/error.hpp"
#include "data/dataset.hpp"

namespace adm::info {
namespace {

// Re-code (prev, value) pairs of used rows in order of first appearance. Pairing one column at a
// time keeps keys in 64 bits whatever the number of columns; because `prev` is already a bijection
// of the prefix tuple, the final codes follow the first appearance of the whole tuple.
std::size_t combine(std::vector<std::int32_t>& codes, std::size_t prev_card,
                    std::span<const std::int32_t> column, const std::vector<std::uint8_t>& used) {
  const std::size_t n = codes.size();
  std::int32_t max_value = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (used[i]) max_value = std::max(max_value, column[i]);
  const std::size_t width = static_cast<std::size_t>(max_value) + 1;
  std::int32_t next = 0;
  // A dense lookup is faster when the product space is small relative to the data; else hash.
  if (prev_card <= (4 * n + 4096) / width) {
    std::vector<std::int32_t> table(prev_card * width, kMissing);
    for (std::size_t i = 0; i < n; ++i) {
      if (!used[i]) continue;
      auto& slot = table[static_cast<std::size_t>(codes[i]) * width + column[i]];
      if (slot == kMissing) slot = next++;
      codes[i] = slot;
    }
  } else {
    std::unordered_map<std::uint64_t, std::int32_t> table;
    table.reserve(std::min<std::size_t>(n, prev_card * width));
    for (std::size_t i = 0; i < n; ++i) {
      if (!used[i]) continue;
      const std::uint64_t key =
          (static_cast<std::uint64_t>(codes[i]) << 32) | static_cast<std::uint32_t>(column[i]);
      auto [it, inserted] = table.try_emplace(key, next);
      if (inserted) ++next;
      codes[i] = it->second;
    }
  }
  return static_cast<std::size_t>(next);
}

}  // namespace

JointCodes joint_codes(const CodeColumns& columns, MissingPolicy missing, std::size_t rows) {
  const std::size_t n = columns.empty() ? rows : columns.front().size();
  if (rows != 0 && rows != n)
    throw InputError("joint_codes: " + std::to_string(rows) + " rows requested but columns have " +
                     std::to_string(n));
  if (n >= static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
    throw InputError("joint_codes: too many rows for 32-bit codes");
  JointCodes out;
  out.codes.assign(n, 0);
  out.used.assign(n, 1);
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const auto& col = columns[c];
    if (col.size() != n)
      throw InputError("joint_codes: column " + std::to_string(c) + " has " +
                       std::to_string(col.size()) + " rows, expected " + std::to_string(n));
    for (std::size_t i = 0; i < n; ++i) {
      if (col[i] >= 0) continue;
      if (col[i] != kMissing)
        throw InputError("joint_codes: invalid code " + std::to_string(col[i]) + " in column " +
                         std::to_string(c) + " at row " + std::to_string(i));
      if (missing == MissingPolicy::Error)
        throw InputError("joint_codes: missing value in column " + std::to_string(c) + " at row " +
                         std::to_string(i) + " (0-based); impute it or skip incomplete rows");
      out.used[i] = 0;
    }
  }
  out.used_count = static_cast<std::size_t>(std::count(out.used.begin(), out.used.end(), 1));
  for (std::size_t i = 0; i < n; ++i)
    if (!out.used[i]) out.codes[i] = kMissing;
  std::size_t card = out.used_count > 0 ? 1 : 0;  // the empty tuple
  for (const auto& col : columns)
    if (card > 0) card = combine(out.codes, card, col, out.used);
  out.cardinality = card;
  return out;
}

CodeColumns dataset_codes(const data::Dataset& dataset, const std::vector<std::string>& names) {
  CodeColumns cols;
  cols.reserve(names.size());
  for (const auto& name : names) {
    const auto& col = dataset.column(name);  // InputError if unknown
    if (!col.is_categorical())
      throw InputError(dataset.source() + ": column '" + name +
                       "' is numeric; information measures need categorical columns, so it must "
                       "be discretised first");
    cols.emplace_back(col.codes());
  }
  return cols;
}

void check_no_missing(const data::Dataset& dataset, const std::vector<std::string>& names) {
  for (const auto& name : names) {
    const auto& missing = dataset.column(name).missing();
    const auto it = std::find(missing.begin(), missing.end(), std::uint8_t{1});
    if (it != missing.end())
      throw InputError(dataset.source() + ": column '" + name +
                       "' has a missing value in data row " +
                       std::to_string(it - missing.begin() + 1) +
                       " (1-based); impute it or skip incomplete rows");
  }
}

JointCodes joint_codes(const data::Dataset& dataset, const std::vector<std::string>& names,
                       MissingPolicy missing) {
  const CodeColumns cols = dataset_codes(dataset, names);
  // Checked here first so the message can name the column and the data source.
  if (missing == MissingPolicy::Error) check_no_missing(dataset, names);
  return joint_codes(cols, missing, dataset.rows());
}

}  // namespace adm::info
