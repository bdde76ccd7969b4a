#include "core/verdict.hpp"

namespace adm {

VerdictState verdict_state(const VerdictRow& row) {
  if (!row.compared) return VerdictState::NotCompared;
  if (row.holds) return VerdictState::Holds;
  return row.explanation.empty() ? VerdictState::DiffersUnexplained
                                 : VerdictState::DiffersExplained;
}

const char* verdict_label(VerdictState state) {
  switch (state) {
    case VerdictState::Holds:
      return "holds";
    case VerdictState::DiffersExplained:
      return "differs, explained";
    case VerdictState::DiffersUnexplained:
      return "differs, unexplained";
    case VerdictState::NotCompared:
      break;
  }
  return "not compared";
}

VerdictCounts count_verdicts(const VerdictTable& table) {
  VerdictCounts c;
  c.total = table.size();
  for (const auto& row : table) switch (verdict_state(row)) {
      case VerdictState::Holds:
        ++c.holds;
        break;
      case VerdictState::DiffersExplained:
        ++c.explained;
        break;
      case VerdictState::DiffersUnexplained:
        ++c.unexplained;
        break;
      case VerdictState::NotCompared:
        ++c.not_compared;
        break;
    }
  return c;
}

std::string verdict_summary(const VerdictTable& table) {
  const auto c = count_verdicts(table);
  return std::to_string(c.total) + " figures: " + std::to_string(c.holds) + " hold, " +
         std::to_string(c.explained) + " differ with an explanation, " +
         std::to_string(c.unexplained) + " differ without one, " + std::to_string(c.not_compared) +
         " not compared";
}

}  // namespace adm
