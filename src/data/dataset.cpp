#include "data/dataset.hpp"

#include "core/error.hpp"

namespace adm::data {

void Dataset::add(Column column) {
  if (!columns_.empty() && column.size() != rows())
    throw InternalError("Dataset::add: column '" + column.name() + "' has " +
                        std::to_string(column.size()) + " rows, table has " +
                        std::to_string(rows()));
  if (has(column.name()))
    throw InternalError("Dataset::add: duplicate column '" + column.name() + "'");
  index_[column.name()] = columns_.size();
  columns_.push_back(std::move(column));
}

void Dataset::replace(Column column) {
  auto it = index_.find(column.name());
  if (it == index_.end())
    throw InternalError("Dataset::replace: no column '" + column.name() + "'");
  if (column.size() != rows()) throw InternalError("Dataset::replace: row count differs");
  columns_[it->second] = std::move(column);
}

void Dataset::remove(const std::string& name) {
  auto it = index_.find(name);
  if (it == index_.end()) return;
  columns_.erase(columns_.begin() + static_cast<std::ptrdiff_t>(it->second));
  index_.clear();
  for (std::size_t i = 0; i < columns_.size(); ++i) index_[columns_[i].name()] = i;
}

const Column& Dataset::column(const std::string& name) const {
  auto it = index_.find(name);
  if (it == index_.end()) {
    std::string known;
    for (const auto& c : columns_) known += (known.empty() ? "" : ", ") + c.name();
    throw InputError(source_ + ": unknown column '" + name + "' (columns: " + known + ")");
  }
  return columns_[it->second];
}

std::vector<std::string> Dataset::names() const {
  std::vector<std::string> out;
  out.reserve(columns_.size());
  for (const auto& c : columns_) out.push_back(c.name());
  return out;
}

Dataset Dataset::take(const std::vector<std::size_t>& rows) const {
  Dataset out(source_);
  for (const auto& c : columns_) out.add(c.take(rows));
  out.roles_ = roles_;
  out.unread_ = unread_;
  if (source_lines_.size() != 0) {
    std::vector<std::size_t> lines;
    lines.reserve(rows.size());
    for (std::size_t r : rows) {
      if (r >= source_lines_.size()) throw InternalError("Dataset::take: row index out of range");
      lines.push_back(source_lines_[r]);
    }
    out.source_lines_ = SharedSpan<std::size_t>(std::move(lines));
  }
  return out;
}

void Dataset::set_source_lines(std::vector<std::size_t> lines) {
  set_source_lines(SharedSpan<std::size_t>(std::move(lines)));
}

void Dataset::set_source_lines(SharedSpan<std::size_t> lines) {
  if (lines.size() != rows()) throw InternalError("Dataset::set_source_lines: row count differs");
  source_lines_ = std::move(lines);
}

}  // namespace adm::data
