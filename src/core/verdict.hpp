#pragma once
// One row of a reproduction's verdict table: a published figure, ours, how they are compared and
// whether the comparison holds. The expectations checker produces these (from a paper's
// configs/<paper>/expect.toml and its result files); the terminal table and the HTML report only
// render them, through the state, label and summary below, so both show the same verdicts.
#include <string>
#include <vector>

namespace adm {

struct VerdictRow {
  std::string paper;        // e.g. "faircorels" (the configs/<paper>/ folder)
  std::string figure;       // what the paper reports, e.g. "Table 2, Adult, SP, eps 0.98: accuracy"
  std::string result;       // the result file ours was read from
  std::string path;         // HDF5 dataset of ours, with "[i]" when one element of it
  std::string ours;         // ours, as text (a number, a set, an ordering)
  std::string published;    // the paper's value, as text
  std::string comparison;   // how they are compared: "within 0.01", "equal set", "at least", ...
  bool holds = false;       // the comparison's verdict (meaningless when not compared)
  std::string explanation;  // why ours may differ from the paper (empty when nothing to explain)
  // false: ours is shown beside the paper's for information only (e.g. a figure on another
  // scale); such a row neither holds nor fails.
  bool compared = true;
};

using VerdictTable = std::vector<VerdictRow>;

// The four verdicts every view shows. Only DiffersUnexplained is a failure of the reproduction.
enum class VerdictState { Holds, DiffersExplained, DiffersUnexplained, NotCompared };

VerdictState verdict_state(const VerdictRow& row);
// "holds", "differs, explained", "differs, unexplained", "not compared".
const char* verdict_label(VerdictState state);

struct VerdictCounts {
  std::size_t total = 0, holds = 0, explained = 0, unexplained = 0, not_compared = 0;
};
VerdictCounts count_verdicts(const VerdictTable& table);
// "28 figures: 26 hold, 2 differ with an explanation, 0 differ without one, 0 not compared".
std::string verdict_summary(const VerdictTable& table);

// The paper a group of verdict rows reproduces, as its expect.toml cites it.
struct PaperCitation {
  std::string paper;  // the configs/<paper>/ folder name, as in VerdictRow::paper
  std::string title, authors, venue;
};

}  // namespace adm
