#pragma once
// Results as plain data: what a pipeline produced, independent of how it is stored. Pipelines fill
// a ResultSet on every rank; rank 0 hands it to the I/O layer, which writes it as HDF5.
#include <cstdint>
#include <functional>
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

// A large table the I/O layer writes a block of rows at a time (a chunked dataset), from data the
// pipeline keeps in its own compact form: the table is never built whole in memory (a top-k pattern
// list of 200,000 rows was 60 MB of strings, then again in the file image). fill(first, count, out)
// writes rows [first, first + count), row-major, into `out` (count * columns elements of `type`).
struct ResultBlocks {
  enum class Type { Real, Byte };  // double, or unsigned 8-bit codes
  std::string path;
  Type type = Type::Real;
  std::size_t rows = 0, columns = 1;  // columns 1: a 1-D dataset
  std::function<void(std::size_t first, std::size_t count, void* out)> fill;
  std::string description;
  std::string units;
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
  void add_blocks(ResultBlocks blocks) { blocks_.push_back(std::move(blocks)); }
  const std::vector<ResultBlocks>& blocks() const { return blocks_; }
  const ResultBlocks* find_blocks(const std::string& path) const {
    for (const auto& b : blocks_)
      if (b.path == path) return &b;
    return nullptr;
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
  std::vector<ResultBlocks> blocks_;
  std::vector<std::pair<std::string, std::string>> files_;
};

}  // namespace adm
