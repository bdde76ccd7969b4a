#pragma once
#include "core/result_set.hpp"
#include "io/result_file.hpp"

namespace adm::io {

// Writes every entry of `results` into `file` (datasets with description and units).
void write_results(ResultFile& file, const ResultSet& results);

}  // namespace adm::io
