#pragma once
#include <string>

#include "core/result_set.hpp"
#include "io/result_file.hpp"
#include "io/staged_file.hpp"

namespace adm::io {

// Writes every entry of `results` into `file` (datasets with description and units).
void write_results(ResultFile& file, const ResultSet& results);

// Stages `content` for the result path with its extension replaced by "." + suffix (results/x.h5 ->
// results/x.infogram.svg); publish() it once the result file is committed, so a failed run
// leaves neither.
StagedFile stage_side_file(const std::string& result_path, const std::string& suffix,
                           const std::string& content);

}  // namespace adm::io
