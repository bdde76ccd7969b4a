#include "info/incremental_codes.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "core/error.hpp"

namespace adm::info {

IncrementalCodes::IncrementalCodes(const CodeColumns& columns, std::size_t rows)
    : columns_(columns), rows_(rows) {
  if (columns.size() > 64) throw InputError("IncrementalCodes: at most 64 columns");
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (columns[c].size() != rows)
      throw InputError("IncrementalCodes: column " + std::to_string(c) + " has " +
                       std::to_string(columns[c].size()) + " rows, expected " +
                       std::to_string(rows));
    std::int32_t top = 0;
    for (std::size_t i = 0; i < rows; ++i) {
      if (columns[c][i] < 0)
        throw InputError("IncrementalCodes: missing or invalid code in column " +
                         std::to_string(c) + " at row " + std::to_string(i) + " (0-based)");
      top = std::max(top, columns[c][i]);
    }
    width_.push_back(static_cast<std::uint64_t>(top) + 1);
  }
  const std::size_t n = columns.size();
  level_.assign(n + 1, {});
  level_[n].assign(rows, 0);
  card_.assign(n + 1, 0);
  card_[n] = rows > 0 ? 1 : 0;
  keys_.resize(rows);
}

std::size_t IncrementalCodes::top_of(std::size_t j) const {
  const std::size_t n = columns_.size();
  if (j >= n) return n;
  const std::uint64_t above = mask_ >> j;
  return above == 0 ? n : j + static_cast<std::size_t>(std::countr_zero(above));
}

std::span<const std::int32_t> IncrementalCodes::codes() const { return level_[top_of(0)]; }

void IncrementalCodes::rebuild(std::size_t from) {
  for (std::size_t k = from + 1; k-- > 0;) {
    if (!(mask_ >> k & 1U)) continue;
    const std::size_t above = top_of(k + 1);
    const auto& prev = level_[above];
    const auto col = columns_[k];
    const std::uint64_t width = width_[k];
    for (std::size_t i = 0; i < rows_; ++i)
      keys_[i] = static_cast<std::uint64_t>(prev[i]) * width + static_cast<std::uint64_t>(col[i]);
    level_[k].resize(rows_);
    card_[k] = relabel_.relabel(keys_, card_[above] * width, level_[k]);
    ++pairings_;
  }
}

void IncrementalCodes::set(std::uint64_t mask) {
  const std::size_t n = columns_.size();
  if (n < 64 && (mask >> n) != 0) throw InternalError("IncrementalCodes: mask beyond the columns");
  mask_ = mask;
  if (n > 0) rebuild(n - 1);
}

void IncrementalCodes::flip(std::size_t j) {
  if (j >= columns_.size()) throw InternalError("IncrementalCodes: no such column");
  mask_ ^= std::uint64_t{1} << j;
  rebuild(j);
}

}  // namespace adm::info
