#pragma once
#include <string>

#include "core/result_set.hpp"
#include "io/result_file.hpp"

namespace adm::io {

// Writes every entry of `results` into `file` (datasets with description and units).
void write_results(ResultFile& file, const ResultSet& results);

// Writes `content` to the result path with its extension replaced by "." + suffix (results/x.h5 ->
// results/x.infogram.svg), via a temporary name and a rename so it is never seen half-written.
std::string write_side_file(const std::string& result_path, const std::string& suffix,
                            const std::string& content);

}  // namespace adm::io
