#pragma once
// One HDF5 result file per run. Built in memory (HDF5's core driver), then written by commit()
// under a unique "<path>.*.tmp" and renamed to <path>, so an interrupted or failed run never
// leaves a file that looks complete. Every write to disk is ours, not HDF5's: HDF5 1.10 cannot
// recover from a failed write when closing a file on disk (it crashes at exit), while a full disk
// here is one clear error. Every dataset carries `description` and `units` attributes so the file
// reads without our code (h5dump, h5py, rhdf5).
#include <cstdint>
#include <string>
#include <vector>

#include "core/result_set.hpp"

namespace adm::io {

class ResultFile {
 public:
  explicit ResultFile(std::string final_path);
  ~ResultFile();  // without commit(): discards what was written
  ResultFile(const ResultFile&) = delete;
  ResultFile& operator=(const ResultFile&) = delete;

  // Root attributes (provenance: config, version, ranks, times, hosts, ...).
  void attribute(const std::string& name, const std::string& value);
  void attribute(const std::string& name, std::int64_t value);
  void attribute(const std::string& name, double value);

  // Datasets at absolute paths like "/fairness/selection_rate"; groups are created as needed.
  // `dims` empty means 1-D of values.size(); otherwise their product must equal values.size()
  // (row-major).
  void write(const std::string& path, const std::vector<double>& values,
             const std::string& description, const std::string& units,
             std::vector<std::size_t> dims = {});
  void write(const std::string& path, const std::vector<std::int64_t>& values,
             const std::string& description, const std::string& units,
             std::vector<std::size_t> dims = {});
  void write(const std::string& path, const std::vector<std::string>& values,
             const std::string& description, const std::string& units = "");
  // A chunked dataset written a block of rows at a time (ResultBlocks): one block in memory.
  void write(const ResultBlocks& blocks);
  // A string attribute on a group or dataset (e.g. column labels of a matrix).
  void annotate(const std::string& path, const std::string& name, const std::string& value);

  void commit();
  const std::string& path() const { return final_path_; }

 private:
  std::string final_path_;
  std::int64_t file_ = -1;
};

// Read access, for tests and `admissible compare`.
class ResultReader {
 public:
  explicit ResultReader(const std::string& path);
  ~ResultReader();
  ResultReader(const ResultReader&) = delete;
  ResultReader& operator=(const ResultReader&) = delete;

  std::vector<std::string> dataset_paths() const;  // sorted
  bool has(const std::string& path) const;
  std::vector<double> doubles(const std::string& path) const;
  std::vector<std::int64_t> integers(const std::string& path) const;
  std::vector<std::string> strings(const std::string& path) const;
  std::vector<std::size_t> dims(const std::string& path) const;
  enum class Kind { Real, Integer, Text };  // how a dataset's elements read
  Kind element_kind(const std::string& path) const;
  bool is_text(const std::string& path) const;  // a dataset of strings
  // Raw bytes of a numeric dataset plus its type description, for bitwise comparison.
  std::string raw(const std::string& path) const;
  std::string attribute_text(const std::string& object, const std::string& name) const;
  std::int64_t attribute_integer(const std::string& object, const std::string& name) const;

 private:
  std::string path_;
  std::int64_t file_ = -1;
};

// Differences between two result files' datasets (paths present in one only, or whose contents
// differ bit for bit), skipping paths that start with any of `exclude` (e.g. "/timing").
std::vector<std::string> compare_results(const std::string& a, const std::string& b,
                                         const std::vector<std::string>& exclude);

}  // namespace adm::io
