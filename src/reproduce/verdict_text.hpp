#pragma once
// The verdict table as text on the terminal: ours | paper | comparison | verdict per figure, an
// explanation under the row it explains, and a last line counting what differs.
#include <ostream>

#include "core/verdict.hpp"

namespace adm::pipelines {

// The verdict as core/verdict.hpp labels it ("holds", "differs, explained", ...).
const char* verdict_word(const VerdictRow& row);

void print_verdicts(std::ostream& out, const std::string& title, const VerdictTable& table);

}  // namespace adm::pipelines
