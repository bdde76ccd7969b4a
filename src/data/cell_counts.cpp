#include "data/cell_counts.hpp"

#include <algorithm>
#include <limits>

#include "core/error.hpp"

namespace adm::data {

CellCounts::CellCounts(const std::vector<std::size_t>& levels) {
  for (std::size_t l : levels) {
    const std::uint64_t r = l + 1;
    if (size_ > std::numeric_limits<std::uint64_t>::max() / 2 / r)
      throw InputError("too many combinations of levels to count (more than 2^63 cells)");
    radix_.push_back(r);
    size_ *= r;
  }
  if (size_ <= kDenseLimit) dense_.assign(size_, Cell{});
}

std::uint64_t CellCounts::key(const std::int32_t* codes) const {
  std::uint64_t k = 0;
  for (std::size_t i = 0; i < radix_.size(); ++i)
    k = k * radix_[i] + static_cast<std::uint64_t>(codes[i] + 1);
  return k;
}

std::vector<std::int32_t> CellCounts::codes(std::uint64_t key) const {
  std::vector<std::int32_t> out(radix_.size());
  for (std::size_t i = radix_.size(); i-- > 0;) {
    out[i] = static_cast<std::int32_t>(key % radix_[i]) - 1;
    key /= radix_[i];
  }
  return out;
}

void CellCounts::add(std::uint64_t key, std::uint64_t row, std::uint64_t times) {
  Cell& c = dense_.empty() ? sparse_[key] : dense_[key];
  if (c.count == 0 || row < c.first) c.first = row;
  c.count += times;
}

void CellCounts::merge(const CellCounts& later, std::uint64_t row_offset) {
  for (const auto& [key, cell] : later.cells()) add(key, cell.first + row_offset, cell.count);
}

std::vector<std::pair<std::uint64_t, CellCounts::Cell>> CellCounts::cells() const {
  std::vector<std::pair<std::uint64_t, Cell>> out;
  if (!dense_.empty()) {
    for (std::uint64_t k = 0; k < dense_.size(); ++k)
      if (dense_[k].count > 0) out.emplace_back(k, dense_[k]);
    return out;
  }
  out.assign(sparse_.begin(), sparse_.end());
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

void CellCounts::write(ByteWriter& w) const {
  w.put<std::uint64_t>(radix_.size());
  for (auto r : radix_) w.put<std::uint64_t>(r - 1);
  const auto all = cells();
  w.put<std::uint64_t>(all.size());
  for (const auto& [key, cell] : all) {
    w.put(key);
    w.put(cell.count);
    w.put(cell.first);
  }
}

CellCounts CellCounts::read(ByteReader& r) {
  std::vector<std::size_t> levels(static_cast<std::size_t>(r.get<std::uint64_t>()));
  for (auto& l : levels) l = static_cast<std::size_t>(r.get<std::uint64_t>());
  CellCounts out(levels);
  const auto n = r.get<std::uint64_t>();
  for (std::uint64_t i = 0; i < n; ++i) {
    const auto key = r.get<std::uint64_t>();
    const auto count = r.get<std::uint64_t>();
    const auto first = r.get<std::uint64_t>();
    out.add(key, first, count);
  }
  return out;
}

}  // namespace adm::data
