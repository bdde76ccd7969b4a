#include <iterator>

#include "report/group_tables.hpp"
#include "report/html.hpp"
#include "report/result_figures.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {
namespace {

// The best list's per-group rates (a table and bars) and its six unfairness values as bars, so
// the unfairness can be read against the rates it is a gap of.
std::string best_list_fairness(const ResultData& data) {
  const std::string b = "/rulelist/best";
  std::string out;
  const auto groups = data.strings(b + "/groups");
  if (!groups.empty()) {
    std::vector<std::string> columns{b + "/groups"};
    for (const char* c : {"group_count", "selection_rate", "tpr", "fpr", "ppv", "npv"})
      if (data.has(b + "/" + c)) columns.push_back(b + "/" + c);
    out += column_table(data, columns, "Best rule list: rates per group (training rows)");
    svg::BarChart c;
    c.title = "Best rule list: rates per group";
    c.value_label = "rate (training rows)";
    c.categories = groups;
    const std::pair<const char*, const char*> series[] = {
        {"selection_rate", "selection rate"}, {"tpr", "TPR"}, {"fpr", "FPR"}, {"ppv", "PPV"}};
    for (std::size_t i = 0; i < std::size(series); ++i) {
      const auto v = data.doubles(b + "/" + series[i].first);
      if (v.size() == groups.size()) c.series.push_back({series[i].second, svg::palette(i), v});
    }
    if (!c.series.empty()) out += html::figure(svg::bar_chart(c), c.title);
  }
  const auto unfairness = data.doubles(b + "/unfairness");
  if (unfairness.size() == 6) {
    svg::BarChart c;
    c.title = "Best rule list: unfairness (training rows)";
    c.value_label = "gap between groups (sp, pp, pe, eopp, eodds, cuae)";
    c.categories = {"sp", "pp", "pe", "eopp", "eodds", "cuae"};
    c.series = {{"unfairness", "#d62728", unfairness}};
    out += html::figure(svg::bar_chart(c), c.title);
    data.shown(b + "/unfairness");
  }
  return out;
}

}  // namespace

std::string rulelist_figures(const ResultData& data) {
  std::string out;
  const auto best = data.strings("/rulelist/best/rule_list");
  if (!best.empty()) {
    out += html::section(data.id() + "-rulelist-best", "Best rule list",
                         html::preformatted(best.front()), 4);
    data.shown("/rulelist/best/rule_list");
  }
  out += best_list_fairness(data);
  for (const auto& g : data.subgroups("/rulelist/pareto")) {
    const auto eps = data.doubles(g + "/epsilon"), err = data.doubles(g + "/test_error"),
               unf = data.doubles(g + "/test_unfairness");
    if (eps.empty() || err.size() != eps.size() || unf.size() != eps.size()) continue;
    const std::string metric = leaf(g);
    out += html::figure(pareto_figure(data, metric), "FairCORELS Pareto front (" + metric + ")");
    std::vector<std::string> columns;
    for (const char* c : {"epsilon", "test_error", "test_unfairness", "folds_found"})
      if (data.has(g + "/" + c)) columns.push_back(g + "/" + c);
    out += column_table(data, columns, "Sweep of " + metric);
  }
  return out;
}

}  // namespace adm::report
