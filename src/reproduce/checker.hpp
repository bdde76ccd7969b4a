#pragma once
// The one checker of reproductions: reads ours from a paper's result files as its expectations say
// (pipelines/expectations.hpp) and compares each with the published value, one verdict row each.
// A row holds, or differs with an explanation (not a failure), or differs unexplained (a failure).
#include <map>
#include <memory>
#include <string>

#include "core/verdict.hpp"
#include "io/result_file.hpp"
#include "reproduce/expectations.hpp"

namespace adm::pipelines {

// The result files of one paper: <folder>/<config stem>.h5, opened once each.
class ResultFiles {
 public:
  explicit ResultFiles(std::string folder) : folder_(std::move(folder)) {}
  std::string path_of(const std::string& config) const;
  // nullptr when the file is absent.
  const io::ResultReader* open(const std::string& config);

 private:
  std::string folder_;
  std::map<std::string, std::unique_ptr<io::ResultReader>> open_;
};

VerdictTable check_paper(const PaperExpectations& paper, ResultFiles& results);

// Rows that differ without an explanation.
std::size_t unexplained_failures(const VerdictTable& table);

}  // namespace adm::pipelines
