#include <algorithm>

#include "report/html.hpp"
#include "report/sections.hpp"

namespace adm::report {
namespace {

// CSS class of a row (and of a summary) in each of the four states.
const char* state_class(VerdictState s) {
  switch (s) {
    case VerdictState::Holds:
      return "holds";
    case VerdictState::DiffersExplained:
      return "explained";
    case VerdictState::DiffersUnexplained:
      return "fails";
    case VerdictState::NotCompared:
      break;
  }
  return "not-compared";
}

std::string paper_block(const VerdictTable& rows, const PaperCitation* cite,
                        const std::string& paper, const std::string& base) {
  html::Table t;
  t.css_class = "verdicts";
  t.header = {"figure", "ours", "paper value", "comparison", "verdict", "explanation", "result"};
  for (const auto& v : rows) {
    const auto state = verdict_state(v);
    t.rows.push_back({v.figure, v.ours, v.published, v.comparison, verdict_label(state),
                      v.explanation,
                      path_relative_to(v.result, base) + (v.path.empty() ? "" : " " + v.path)});
    t.row_classes.push_back(state_class(state));
  }
  const auto counts = count_verdicts(rows);
  std::string body;
  if (cite && (!cite->authors.empty() || !cite->venue.empty())) {
    std::string line = cite->authors;
    if (!cite->venue.empty()) line += (line.empty() ? "" : ". ") + cite->venue;
    body += html::paragraph(line, "citation");
  }
  body += html::paragraph(verdict_summary(rows),
                          std::string("summary ") + (counts.unexplained ? "fails" : "holds"));
  body += html::table(t);
  const std::string heading =
      "Paper " + paper + (cite && !cite->title.empty() ? ": " + cite->title : "");
  return html::section("verdicts-" + paper, heading, body, 3);
}

}  // namespace

std::string verdict_section(const VerdictTable& verdicts, const std::vector<PaperCitation>& papers,
                            const std::string& base) {
  if (verdicts.empty())
    return html::section("verdicts", "Verdicts: ours against the papers",
                         html::paragraph("No verdicts."));
  const auto counts = count_verdicts(verdicts);
  std::string body =
      html::paragraph(verdict_summary(verdicts),
                      std::string("summary ") + (counts.unexplained ? "fails" : "holds"));
  // What each verdict means: the same four words the terminal prints.
  body += html::paragraph(
      "holds: ours meets the comparison. differs, explained: it does not, for a reason the "
      "expectations give (not a failure). differs, unexplained: a failure. not compared: ours is "
      "shown beside the paper's value for information only.",
      "note legend");
  // One block per paper, in the order the verdicts list them.
  std::vector<std::string> order;
  for (const auto& v : verdicts)
    if (std::find(order.begin(), order.end(), v.paper) == order.end()) order.push_back(v.paper);
  for (const auto& paper : order) {
    VerdictTable rows;
    for (const auto& v : verdicts)
      if (v.paper == paper) rows.push_back(v);
    const PaperCitation* cite = nullptr;
    for (const auto& c : papers)
      if (c.paper == paper) cite = &c;
    body += paper_block(rows, cite, paper, base);
  }
  return html::section("verdicts", "Verdicts: ours against the papers", body);
}

}  // namespace adm::report
