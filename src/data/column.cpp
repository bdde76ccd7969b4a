#include "data/column.hpp"

#include <cmath>
#include <numeric>
#include <sstream>

#include "core/error.hpp"

namespace adm::data {

const char* to_string(ColumnType type) {
  return type == ColumnType::Categorical ? "categorical" : "numeric";
}

Column Column::categorical(std::string name, std::vector<std::int32_t> codes,
                           std::vector<std::string> levels) {
  std::vector<std::uint8_t> missing(codes.size(), 0);
  for (std::size_t i = 0; i < codes.size(); ++i) missing[i] = codes[i] == kMissingCode ? 1 : 0;
  return categorical(std::move(name), std::move(codes), std::move(levels), std::move(missing));
}

Column Column::numeric(std::string name, std::vector<double> values) {
  std::vector<std::uint8_t> missing(values.size(), 0);
  for (std::size_t i = 0; i < values.size(); ++i) missing[i] = std::isnan(values[i]) ? 1 : 0;
  return numeric(std::move(name), std::move(values), std::move(missing));
}

Column Column::categorical(std::string name, std::vector<std::int32_t> codes,
                           std::vector<std::string> levels, std::vector<std::uint8_t> missing) {
  if (codes.size() != missing.size())
    throw InternalError("Column::categorical: codes and missing mask differ in length");
  for (std::size_t i = 0; i < codes.size(); ++i) {
    if (missing[i]) {
      codes[i] = kMissingCode;
    } else if (codes[i] < 0 || static_cast<std::size_t>(codes[i]) >= levels.size()) {
      throw InternalError("Column::categorical: code out of range in column '" + name + "'");
    }
  }
  Column c;
  c.name_ = std::move(name);
  c.type_ = ColumnType::Categorical;
  c.codes_ = SharedSpan<std::int32_t>(std::move(codes));
  c.levels_ = std::move(levels);
  c.missing_ = SharedSpan<std::uint8_t>(std::move(missing));
  return c;
}

Column Column::numeric(std::string name, std::vector<double> values,
                       std::vector<std::uint8_t> missing) {
  if (values.size() != missing.size())
    throw InternalError("Column::numeric: values and missing mask differ in length");
  for (std::size_t i = 0; i < values.size(); ++i)
    if (missing[i]) values[i] = std::nan("");
  Column c;
  c.name_ = std::move(name);
  c.type_ = ColumnType::Numeric;
  c.values_ = SharedSpan<double>(std::move(values));
  c.missing_ = SharedSpan<std::uint8_t>(std::move(missing));
  return c;
}

// The view's cells were made by the owning factories above on another rank: checking them again
// costs one pass over memory the rank reads anyway, and catches a block written wrongly.
Column Column::categorical_view(std::string name, std::span<const std::int32_t> codes,
                                std::vector<std::string> levels,
                                std::span<const std::uint8_t> missing,
                                std::shared_ptr<const void> keeper) {
  if (codes.size() != missing.size())
    throw InternalError("Column::categorical_view: codes and missing mask differ in length");
  for (std::size_t i = 0; i < codes.size(); ++i) {
    const bool ok = missing[i]
                        ? codes[i] == kMissingCode
                        : codes[i] >= 0 && static_cast<std::size_t>(codes[i]) < levels.size();
    if (!ok) throw InternalError("Column::categorical_view: bad cell in column '" + name + "'");
  }
  Column c;
  c.name_ = std::move(name);
  c.type_ = ColumnType::Categorical;
  c.codes_ = SharedSpan<std::int32_t>(codes, keeper);
  c.levels_ = std::move(levels);
  c.missing_ = SharedSpan<std::uint8_t>(missing, std::move(keeper));
  return c;
}

Column Column::numeric_view(std::string name, std::span<const double> values,
                            std::span<const std::uint8_t> missing,
                            std::shared_ptr<const void> keeper) {
  if (values.size() != missing.size())
    throw InternalError("Column::numeric_view: values and missing mask differ in length");
  for (std::size_t i = 0; i < values.size(); ++i)
    if (missing[i] && !std::isnan(values[i]))
      throw InternalError("Column::numeric_view: bad cell in column '" + name + "'");
  Column c;
  c.name_ = std::move(name);
  c.type_ = ColumnType::Numeric;
  c.values_ = SharedSpan<double>(values, keeper);
  c.missing_ = SharedSpan<std::uint8_t>(missing, std::move(keeper));
  return c;
}

std::span<const std::int32_t> Column::codes() const {
  if (!is_categorical()) throw InternalError("column '" + name_ + "' is numeric, not categorical");
  return codes_.span();
}

const std::vector<std::string>& Column::levels() const {
  if (!is_categorical()) throw InternalError("column '" + name_ + "' is numeric, not categorical");
  return levels_;
}

std::span<const double> Column::values() const {
  if (!is_numeric()) throw InternalError("column '" + name_ + "' is categorical, not numeric");
  return values_.span();
}

std::size_t Column::missing_count() const {
  const auto m = missing();
  return std::accumulate(m.begin(), m.end(), std::size_t{0});
}

Column Column::take(const std::vector<std::size_t>& rows) const {
  std::vector<std::uint8_t> missing;
  std::vector<std::int32_t> codes;
  std::vector<double> values;
  missing.reserve(rows.size());
  if (is_categorical())
    codes.reserve(rows.size());
  else
    values.reserve(rows.size());
  for (std::size_t r : rows) {
    if (r >= size()) throw InternalError("Column::take: row index out of range");
    missing.push_back(missing_[r]);
    if (is_categorical())
      codes.push_back(codes_[r]);
    else
      values.push_back(values_[r]);
  }
  Column out;
  out.name_ = name_;
  out.type_ = type_;
  out.levels_ = levels_;
  out.codes_ = SharedSpan<std::int32_t>(std::move(codes));
  out.values_ = SharedSpan<double>(std::move(values));
  out.missing_ = SharedSpan<std::uint8_t>(std::move(missing));
  return out;
}

std::string Column::cell_text(std::size_t row) const {
  if (missing_[row]) return "";
  if (is_categorical()) return levels_[static_cast<std::size_t>(codes_[row])];
  std::ostringstream s;
  s.precision(17);
  s << values_[row];
  return s.str();
}

}  // namespace adm::data
