#include <cmath>

#include "report/html.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {

// One row per assessed outcome (the data's outcome, a model's predictions): the fairness
// information alpha, its bootstrap p-value, and the adverse impact ratio per sensitive attribute.
std::string alfa_figures(const ResultData& data) {
  const auto sensitive = data.strings("/alfa/sensitive");
  html::Table t;
  t.caption = "ALFA per outcome: alpha = MI(R, S | admissible features), p-value, adverse impact";
  t.header = {"outcome", "alpha [bits]", "in-sample", "cross-fitted", "p-value"};
  for (const auto& s : sensitive) t.header.push_back("AIR " + s + " (lowest / highest group)");
  svg::BarChart c;
  c.title = "ALFA alpha per outcome";
  c.value_label = "alpha = MI(outcome, S | admissible features) [bits]";
  c.series = {{"alpha", "#d62728", {}}};
  c.digits = 4;
  for (const auto& g : data.subgroups("/alfa")) {
    if (!data.has(g + "/alpha")) continue;
    const auto alpha = data.doubles(g + "/alpha"), p = data.doubles(g + "/p_value");
    c.categories.push_back(leaf(g) + (p.empty() ? "" : " (p " + number_text(p.front()) + ")"));
    c.series[0].values.push_back(alpha.empty() ? NAN : alpha.front());
    std::vector<std::string> row{leaf(g)};
    for (const char* c : {"/alpha", "/alpha_in_sample", "/alpha_cross_fitted", "/p_value"}) {
      const auto v = data.texts(g + c);
      row.push_back(v.empty() ? "" : v.front());
    }
    for (const auto& s : sensitive) {
      const auto air = data.texts(g + "/air/" + s);
      const auto groups = data.strings(g + "/air/" + s + "_groups");
      row.push_back(air.empty() ? ""
                                : air.front() + (groups.size() == 2 && !groups[0].empty()
                                                     ? " (" + groups[0] + " / " + groups[1] + ")"
                                                     : ""));
    }
    t.rows.push_back(std::move(row));
  }
  if (t.rows.empty()) return "";
  const auto admissible = data.strings("/alfa/admissible");
  std::string joined;
  for (const auto& s : admissible) joined += (joined.empty() ? "" : ", ") + s;
  return html::table(t) +
         html::figure(svg::bar_chart(c), c.title + " (bootstrap p-value in parentheses)") +
         html::paragraph("Admissible features conditioned on: " +
                         (joined.empty() ? "(none)" : joined));
}

}  // namespace adm::report
