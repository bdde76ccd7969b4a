#pragma once
// A result file read back as plain data: its root attributes (provenance: config, version,
// revision, ranks, hosts, times) and every dataset. src/io fills it (io::load_result); readers
// that must not see HDF5, such as the HTML report, take it.
#include <string>
#include <utility>
#include <vector>

#include "core/result_set.hpp"

namespace adm {

struct ResultDocument {
  std::string file;
  // Root attributes in name order; numbers as text (integers exactly, doubles with %.17g).
  std::vector<std::pair<std::string, std::string>> attributes;
  ResultSet results;  // every dataset, in path order; dims set when more than one dimension

  const std::string* attribute(const std::string& name) const {
    for (const auto& [k, v] : attributes)
      if (k == name) return &v;
    return nullptr;
  }
};

}  // namespace adm
