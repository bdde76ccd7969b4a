#pragma once
// Results as plain data: what a pipeline produced, independent of how it is stored. Pipelines fill
// a ResultSet on every rank; rank 0 hands it to the I/O layer, which writes it as HDF5.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace adm {

struct ResultEntry {
  std::string path;  // "/group/name"
  std::variant<std::vector<double>, std::vector<std::int64_t>, std::vector<std::string>> values;
  std::string description;
  std::string units;
  std::vector<std::size_t> dims;  // empty = 1-D
};

class ResultSet {
 public:
  void add(std::string path, std::vector<double> values, std::string description, std::string units,
           std::vector<std::size_t> dims = {}) {
    entries_.push_back({std::move(path), std::move(values), std::move(description),
                        std::move(units), std::move(dims)});
  }
  void add(std::string path, std::vector<std::int64_t> values, std::string description,
           std::string units, std::vector<std::size_t> dims = {}) {
    entries_.push_back({std::move(path), std::move(values), std::move(description),
                        std::move(units), std::move(dims)});
  }
  void add(std::string path, std::vector<std::string> values, std::string description) {
    entries_.push_back({std::move(path), std::move(values), std::move(description), "", {}});
  }
  // A file written next to the result (e.g. "infogram.svg" -> results/x.infogram.svg).
  void add_file(std::string suffix, std::string content) {
    files_.emplace_back(std::move(suffix), std::move(content));
  }
  const std::vector<std::pair<std::string, std::string>>& files() const { return files_; }
  const std::vector<ResultEntry>& entries() const { return entries_; }
  const ResultEntry* find(const std::string& path) const {
    for (const auto& e : entries_)
      if (e.path == path) return &e;
    return nullptr;
  }

 private:
  std::vector<ResultEntry> entries_;
  std::vector<std::pair<std::string, std::string>> files_;
};

}  // namespace adm
