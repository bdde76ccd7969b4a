#pragma once
// Tables of a result group, from its datasets alone (no knowledge of the pipeline): scalars as a
// name | value | units | description table, 1-D datasets of one length side by side as columns,
// matrices as grids. Every pipeline section uses these for its numbers; `listing` is the fallback
// for groups no section knows (path, shape, type and first values).
#include <string>
#include <vector>

#include "report/result_data.hpp"

namespace adm::report {

// Tables of the datasets directly in `group` (marked shown); subgroups recursively as <h4>
// blocks when `recurse`.
std::string group_tables(const ResultData& data, const std::string& group, bool recurse = true);

// A table of the given datasets as columns (equal lengths; rows beyond `max_rows` are cut with a
// note). Marks them shown.
std::string column_table(const ResultData& data, const std::vector<std::string>& paths,
                         const std::string& caption, std::size_t max_rows = 200);

// path | shape | type | first values, for the given datasets (marks them shown).
std::string listing(const ResultData& data, const std::vector<std::string>& paths);

}  // namespace adm::report
