#include "report/group_tables.hpp"
#include "report/html.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {

std::string rulelist_figures(const ResultData& data) {
  std::string out;
  const auto best = data.strings("/rulelist/best/rule_list");
  if (!best.empty()) {
    out += html::section(data.id() + "-rulelist-best", "Best rule list",
                         html::preformatted(best.front()), 4);
    data.shown("/rulelist/best/rule_list");
  }
  for (const auto& g : data.subgroups("/rulelist/pareto")) {
    const auto eps = data.doubles(g + "/epsilon"), err = data.doubles(g + "/test_error"),
               unf = data.doubles(g + "/test_unfairness");
    const auto front = data.integers(g + "/front");
    if (eps.empty() || err.size() != eps.size() || unf.size() != eps.size()) continue;
    const std::string metric = leaf(g);
    svg::XyPlot plot;
    plot.title = "FairCORELS Pareto front (" + metric + ")";
    plot.x_label = "unfairness (" + metric + ", test)";
    plot.y_label = "error (test)";
    svg::XySeries all{"all epsilon", "#bbbbbb", unf, err, {}, 3, false};
    svg::XySeries nd{"non-dominated", "#1f5fbf", {}, {}, {}, 4, true};
    for (double e : eps) all.labels.push_back("epsilon " + number_text(e));
    for (auto i : front)
      if (i >= 0 && static_cast<std::size_t>(i) < eps.size()) {
        nd.x.push_back(unf[i]), nd.y.push_back(err[i]);
        nd.labels.push_back("epsilon " + number_text(eps[i]));
      }
    plot.series = {all, nd};
    out += html::figure(svg::xy_plot(plot), plot.title);
    std::vector<std::string> columns;
    for (const char* c : {"epsilon", "test_error", "test_unfairness", "folds_found"})
      if (data.has(g + "/" + c)) columns.push_back(g + "/" + c);
    out += column_table(data, columns, "Sweep of " + metric);
  }
  return out;
}

}  // namespace adm::report
