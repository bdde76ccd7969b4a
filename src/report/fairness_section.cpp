#include "report/html.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {
namespace {

// Per-group rates of one sensitive attribute (or intersection): a table and a bar chart.
std::string attribute_block(const ResultData& data, const std::string& g,
                            const std::vector<std::string>& metric_names) {
  const auto groups = data.strings(g + "/groups");
  static const char* const rates[] = {
      "count", "selection_rate", "accuracy", "tpr", "fpr", "fnr", "ppv", "npv"};
  html::Table t;
  t.caption = "Group rates by " + leaf(g);
  t.header.push_back("group");
  std::vector<std::vector<std::string>> columns;
  for (const char* r : rates)
    if (data.has(g + "/" + r)) {
      t.header.push_back(r);
      columns.push_back(data.texts(g + "/" + r));
      data.shown(g + "/" + r);
    }
  for (std::size_t i = 0; i < groups.size(); ++i) {
    std::vector<std::string> row{groups[i]};
    for (const auto& c : columns) row.push_back(i < c.size() ? c[i] : "");
    t.rows.push_back(std::move(row));
  }
  data.shown(g + "/groups");
  std::string out = html::table(t);
  // Metrics with their bootstrap intervals.
  const auto value = data.texts(g + "/metrics"), lo = data.texts(g + "/ci_lower"),
             hi = data.texts(g + "/ci_upper");
  if (!value.empty()) {
    html::Table m;
    m.caption = "Fairness metrics by " + leaf(g) + " (bootstrap interval)";
    m.header = {"metric", "value", "interval"};
    for (std::size_t i = 0; i < value.size(); ++i)
      m.rows.push_back({i < metric_names.size() ? metric_names[i] : std::to_string(i), value[i],
                        i < lo.size() && i < hi.size() ? "[" + lo[i] + ", " + hi[i] + "]" : ""});
    for (const char* p : {"/metrics", "/ci_lower", "/ci_upper"}) data.shown(g + p);
    out += html::table(m);
    // The same as dots with whiskers (differences and ratios share one axis: both are O(1)).
    svg::IntervalChart c;
    c.title = "Fairness metrics by " + leaf(g);
    c.value_label = "metric value and bootstrap interval";
    for (std::size_t i = 0; i < value.size(); ++i)
      c.categories.push_back(i < metric_names.size() ? metric_names[i] : std::to_string(i));
    c.series = {{"metric", "#1f5fbf", data.doubles(g + "/metrics"), data.doubles(g + "/ci_lower"),
                 data.doubles(g + "/ci_upper")}};
    out += html::figure(svg::interval_chart(c), c.title + " with bootstrap intervals");
  }
  if (!groups.empty() && data.has(g + "/selection_rate")) {
    svg::BarChart c;
    c.title = "Rates by " + leaf(g);
    c.value_label = "rate";
    c.categories = groups;
    c.series.push_back({"selection rate", "#1f77b4", data.doubles(g + "/selection_rate")});
    if (data.has(g + "/tpr")) c.series.push_back({"TPR", "#2ca02c", data.doubles(g + "/tpr")});
    if (data.has(g + "/fpr")) c.series.push_back({"FPR", "#d62728", data.doubles(g + "/fpr")});
    c.digits = 3;
    out += html::figure(svg::bar_chart(c), "Selection rate, TPR and FPR per group of " + leaf(g));
  }
  return html::section(data.id() + g + "-rates", leaf(g), out, 4);
}

}  // namespace

std::string fairness_figures(const ResultData& data) {
  const auto names = data.strings("/fairness/metric_names");
  data.shown("/fairness/metric_names");
  std::string out;
  for (const auto& g : data.subgroups("/fairness"))
    if (data.has(g + "/groups")) out += attribute_block(data, g, names);
  return out;
}

}  // namespace adm::report
