#pragma once
// A verdict table as tab-separated text, one row per line after a header line naming the
// columns paper, figure, result, path, ours, published, comparison, holds, explanation (holds is
// "1"/"true", "0"/"false", or "-" for a figure shown but not compared). `admissible report --verdicts FILE` reads it; the checker's own
// table is passed in memory instead.
#include <string>

#include "core/verdict.hpp"

namespace adm::report {

// InputError naming `source` and the line for a wrong header, field count or holds value.
VerdictTable parse_verdicts_tsv(const std::string& text, const std::string& source);

}  // namespace adm::report
