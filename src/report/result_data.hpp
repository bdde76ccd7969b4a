#pragma once
// Typed access to a ResultDocument for the section renderers, and the record of which datasets
// a section has shown (the generic listing shows the rest, so nothing in a result is hidden).
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/number_format.hpp"
#include "core/result_document.hpp"

namespace adm::report {

class ResultData {
 public:
  // `id` prefixes the HTML ids of this result's sections (unique within the page).
  ResultData(const ResultDocument& doc, std::string id) : doc_(doc), id_(std::move(id)) {}
  const ResultDocument& document() const { return doc_; }
  const std::string& id() const { return id_; }

  bool has(const std::string& path) const { return doc_.results.find(path) != nullptr; }
  // Empty when absent or of another type; doubles() also converts integers.
  std::vector<double> doubles(const std::string& path) const;
  std::vector<std::int64_t> integers(const std::string& path) const;
  std::vector<std::string> strings(const std::string& path) const;
  // Every element as display text (numbers with up to 6 significant digits).
  std::vector<std::string> texts(const std::string& path) const;
  // Columns of a matrix dataset (its last dimension); 1 for a 1-D one, 0 when absent.
  std::size_t columns(const std::string& path) const;
  // Paths of datasets directly inside `group` ("/a/b"), and its direct subgroups, in order.
  std::vector<std::string> datasets_in(const std::string& group) const;
  std::vector<std::string> subgroups(const std::string& group) const;
  // Top-level groups ("/fairness", ...), in order.
  std::vector<std::string> top_groups() const;

  // Marks datasets as shown by a section; remaining() lists those under `prefix` not shown.
  void shown(const std::string& path) const { shown_.insert(path); }
  void shown_under(const std::string& prefix) const;
  std::vector<std::string> remaining(const std::string& prefix) const;

 private:
  const ResultDocument& doc_;
  std::string id_;
  mutable std::set<std::string> shown_;
};

using adm::number_text;  // core/number_format.hpp: 6 significant digits, "n/a" for NaN

// The last component of a path ("/a/b/c" -> "c").
std::string leaf(const std::string& path);

// A file path as the reader finds it from `base` (a reproduction folder): relative to it when
// the file lies inside it (compared lexically, so a missing file is shown too), else as given;
// `base` empty: as given. Absolute paths took the verdict table's width.
std::string path_relative_to(const std::string& file, const std::string& base);

}  // namespace adm::report
