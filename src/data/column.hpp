#pragma once
// One typed column: categorical (integer codes into `levels`) or numeric (double), with a missing
// mask. The cells are read-only: owned by the column, or a view into storage others own (the
// block a node's ranks share, see pipelines/node_data.hpp); accessors return spans either way.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "data/shared_span.hpp"

namespace adm::data {

enum class ColumnType { Categorical, Numeric };

const char* to_string(ColumnType type);

class Column {
 public:
  static constexpr std::int32_t kMissingCode = -1;

  static Column categorical(std::string name, std::vector<std::int32_t> codes,
                            std::vector<std::string> levels);
  static Column numeric(std::string name, std::vector<double> values);
  // Missing entries: code kMissingCode (categorical) or NaN (numeric) and missing[i] = 1.
  static Column categorical(std::string name, std::vector<std::int32_t> codes,
                            std::vector<std::string> levels, std::vector<std::uint8_t> missing);
  static Column numeric(std::string name, std::vector<double> values,
                        std::vector<std::uint8_t> missing);
  // Views cells that `keeper` keeps alive, checked as above but not changed: a missing entry must
  // already hold kMissingCode or NaN. InternalError if the cells disagree.
  static Column categorical_view(std::string name, std::span<const std::int32_t> codes,
                                 std::vector<std::string> levels,
                                 std::span<const std::uint8_t> missing,
                                 std::shared_ptr<const void> keeper);
  static Column numeric_view(std::string name, std::span<const double> values,
                             std::span<const std::uint8_t> missing,
                             std::shared_ptr<const void> keeper);

  const std::string& name() const { return name_; }
  void rename(std::string name) { name_ = std::move(name); }
  ColumnType type() const { return type_; }
  bool is_categorical() const { return type_ == ColumnType::Categorical; }
  bool is_numeric() const { return type_ == ColumnType::Numeric; }
  std::size_t size() const { return missing_.size(); }

  // Categorical access (throws InternalError on a numeric column).
  std::span<const std::int32_t> codes() const;
  const std::vector<std::string>& levels() const;
  std::size_t level_count() const { return levels_.size(); }
  // Numeric access (throws InternalError on a categorical column).
  std::span<const double> values() const;

  std::span<const std::uint8_t> missing() const { return missing_.span(); }
  bool is_missing(std::size_t row) const { return missing_[row] != 0; }
  std::size_t missing_count() const;
  // True if the cells are a view into storage the column did not make (a node's shared block).
  bool is_view() const { return !missing_.owned(); }

  // A column owning only the given rows, in that order (rows may repeat: bootstrap samples).
  Column take(const std::vector<std::size_t>& rows) const;
  // Text of one cell as read or as a level name; "" if missing.
  std::string cell_text(std::size_t row) const;

 private:
  std::string name_;
  ColumnType type_ = ColumnType::Numeric;
  SharedSpan<std::int32_t> codes_;
  std::vector<std::string> levels_;
  SharedSpan<double> values_;
  SharedSpan<std::uint8_t> missing_;
};

}  // namespace adm::data
