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
  c.codes_ = std::move(codes);
  c.levels_ = std::move(levels);
  c.missing_ = std::move(missing);
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
  c.values_ = std::move(values);
  c.missing_ = std::move(missing);
  return c;
}

const std::vector<std::int32_t>& Column::codes() const {
  if (!is_categorical()) throw InternalError("column '" + name_ + "' is numeric, not categorical");
  return codes_;
}

const std::vector<std::string>& Column::levels() const {
  if (!is_categorical()) throw InternalError("column '" + name_ + "' is numeric, not categorical");
  return levels_;
}

const std::vector<double>& Column::values() const {
  if (!is_numeric()) throw InternalError("column '" + name_ + "' is categorical, not numeric");
  return values_;
}

std::size_t Column::missing_count() const {
  return std::accumulate(missing_.begin(), missing_.end(), std::size_t{0});
}

Column Column::take(const std::vector<std::size_t>& rows) const {
  Column out;
  out.name_ = name_;
  out.type_ = type_;
  out.levels_ = levels_;
  out.missing_.reserve(rows.size());
  if (is_categorical())
    out.codes_.reserve(rows.size());
  else
    out.values_.reserve(rows.size());
  for (std::size_t r : rows) {
    if (r >= size()) throw InternalError("Column::take: row index out of range");
    out.missing_.push_back(missing_[r]);
    if (is_categorical())
      out.codes_.push_back(codes_[r]);
    else
      out.values_.push_back(values_[r]);
  }
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
