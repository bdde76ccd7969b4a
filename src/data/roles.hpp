#pragma once
// Giving columns their roles (target, sensitive, features, weights) and making the table fit them:
// missing-value policy, positive-level recoding, non-empty sensitive groups, intersections.
#include <cstdint>
#include <string>
#include <vector>

#include "data/csv_reader.hpp"
#include "data/spec.hpp"

namespace adm::data {

// Resolves spec.roles against the table and sets table.data.roles(). Steps, in order: check the
// role columns; apply spec.missing; check weights; bin numeric sensitive attributes into
// spec.sensitive_bins quantile groups; recode the target to {"0","1"} if spec.positive
// is set; check that sensitive groups are non-empty and drop unused levels; add the intersection
// column if asked. `file_columns` are the names as read, so messages can give the file column.
void resolve_roles(CsvTable& table, const DataSpec& spec,
                   const std::vector<std::string>& file_columns);

// A categorical column crossing `columns` (all categorical, same length): levels "x×y" for the
// combinations that occur, ordered by the component levels' order; missing if any part is.
// A filter on a sensitive attribute that keeps a group no row reaches (after filters and the
// missing-value policy; `count` = rows per level) is an error at that filter's `in` key: shared by
// the row loader and the split audit's counts, so both refuse with one message.
// A used column (role "target", "sensitive attribute" or "feature") none of whose `rows` kept rows
// has a value: an error at the key that made it used, shared by the row loader and the split
// audit's counts. With missing = "keep" it would otherwise fail deep in a computation.
[[noreturn]] void throw_all_missing(const std::string& source, const DataSpec& spec,
                                    const std::string& column, const std::string& role,
                                    std::uint64_t rows);

void check_filtered_groups_left(const std::string& source, const DataSpec& spec,
                                const std::string& attribute,
                                const std::vector<std::string>& levels,
                                const std::vector<std::uint64_t>& count);

Column intersect_columns(const std::vector<const Column*>& columns, const std::string& name);

}  // namespace adm::data
