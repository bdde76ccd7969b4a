#include "report/html.hpp"
#include "report/sections.hpp"

namespace adm::report {

std::string verdict_section(const VerdictTable& verdicts) {
  std::size_t failed = 0;
  html::Table t;
  t.css_class = "verdicts";
  t.header = {"paper",     "figure",  "ours",        "paper value",
              "tolerance", "verdict", "explanation", "result"};
  for (const auto& v : verdicts) {
    failed += v.holds ? 0 : 1;
    t.rows.push_back({v.paper, v.figure, v.ours, v.published, v.comparison,
                      v.holds ? "holds" : "FAILS", v.explanation,
                      v.result + (v.path.empty() ? "" : " " + v.path)});
    t.row_classes.push_back(v.holds ? "pass" : "fail");
  }
  const std::string summary =
      verdicts.empty() ? "No verdicts."
      : failed == 0
          ? "All " + std::to_string(verdicts.size()) + " verdicts hold."
          : std::to_string(failed) + " of " + std::to_string(verdicts.size()) + " verdicts fail.";
  return html::section(
      "verdicts", "Verdicts: ours against the papers",
      html::paragraph(summary, std::string("summary ") + (failed ? "fail" : "pass")) +
          html::table(t));
}

}  // namespace adm::report
