#pragma once
// A table of typed columns plus the roles the experiment gives them.
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "data/column.hpp"

namespace adm::data {

// Which column plays which part. Empty `features` after resolution means "none"; the schema layer
// fills it with every column that is not target/sensitive/weights when the config leaves it out.
struct Roles {
  std::string target;                  // may be empty (unsupervised use)
  std::vector<std::string> sensitive;  // one or several protected attributes
  std::vector<std::string> features;
  std::string weights;  // optional numeric column of row weights
};

class Dataset {
 public:
  Dataset() = default;
  explicit Dataset(std::string source) : source_(std::move(source)) {}

  // Where the data came from (file path or "embedded:NAME"): used in error messages.
  const std::string& source() const { return source_; }
  std::size_t rows() const { return columns_.empty() ? 0 : columns_.front().size(); }
  std::size_t cols() const { return columns_.size(); }

  void add(Column column);      // throws InternalError on length mismatch or duplicate name
  void replace(Column column);  // same name, same length
  void remove(const std::string& name);
  bool has(const std::string& name) const { return index_.count(name) != 0; }
  // Throws InputError "unknown column 'x' in SOURCE" (with the available names) if absent.
  const Column& column(const std::string& name) const;
  const Column& column(std::size_t i) const { return columns_[i]; }
  const std::vector<Column>& columns() const { return columns_; }
  std::vector<std::string> names() const;

  // Columns of the source that were not read (the run does not use them): named in messages
  // about unknown columns, so a misspelt name can still be matched with the file's.
  void set_unread(std::vector<std::string> names) { unread_ = std::move(names); }
  const std::vector<std::string>& unread() const { return unread_; }

  Roles& roles() { return roles_; }
  const Roles& roles() const { return roles_; }
  const Column& target() const { return column(roles_.target); }

  // Rows in the given order (repeats allowed); roles, source and source lines are kept.
  Dataset take(const std::vector<std::size_t>& rows) const;

  // The file line each row was read from (after filters), so later checks can say where a bad
  // value is. Without recorded lines, row r is reported as line r + 1.
  void set_source_lines(std::vector<std::size_t> lines);
  // The same as a view into storage shared with other ranks (see Column's views).
  void set_source_lines(SharedSpan<std::size_t> lines);
  std::size_t source_line(std::size_t row) const {
    return row < source_lines_.size() ? source_lines_[row] : row + 1;
  }
  // Empty when no lines were recorded.
  std::span<const std::size_t> source_lines() const { return source_lines_.span(); }

 private:
  std::string source_;
  std::vector<Column> columns_;
  std::unordered_map<std::string, std::size_t> index_;
  Roles roles_;
  SharedSpan<std::size_t> source_lines_;
  std::vector<std::string> unread_;
};

}  // namespace adm::data
