#pragma once
// One row of a reproduction's verdict table: a published figure, ours, how they are compared and
// whether the comparison holds. The expectations checker produces these (from a paper's
// configs/<paper>/expect.toml and its result files); the terminal table and the HTML report only
// render them, so both show the same verdicts.
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
  bool holds = false;       // the comparison's verdict
  std::string explanation;  // why ours may differ from the paper (empty when nothing to explain)
};

using VerdictTable = std::vector<VerdictRow>;

}  // namespace adm
