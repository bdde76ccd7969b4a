#include <cmath>

#include "report/html.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {
namespace {

// What the metric abbreviations mean (src/fairness/gaps.hpp; FairCORELS, Sec. 2.1).
std::string metric_legend() {
  html::Table t;
  t.caption = "What the fairness metrics are (gaps: largest difference over pairs of groups)";
  t.css_class = "legend";
  t.header = {"metric", "name", "gap of"};
  t.rows = {{"sp", "statistical parity", "selection rate P(decision = 1 | group)"},
            {"pp", "predictive parity", "PPV P(outcome = 1 | decision = 1, group)"},
            {"pe", "predictive equality", "FPR P(decision = 1 | outcome = 0, group)"},
            {"eopp", "equal opportunity", "TPR P(decision = 1 | outcome = 1, group)"},
            {"eodds", "equalized odds", "TPR gap + FPR gap (a sum, as the paper defines it)"},
            {"cuae", "conditional use accuracy equality", "PPV gap + NPV gap (a sum)"},
            {"di_ratio", "disparate impact ratio",
             "lowest / highest group selection rate (the 80 % rule: passes at >= 0.8)"}};
  return html::table(t);
}

// The four-fifths (80 %) rule on the disparate-impact ratio, as the terminal prints it: every
// group's selection rate at least 0.8 times the most selected group's (relative tolerance 1e-12,
// as src/fairness/gaps.cpp).
std::string four_fifths(const ResultData& data, const std::string& g,
                        const std::vector<std::string>& metric_names) {
  const auto values = data.doubles(g + "/metrics");
  for (std::size_t i = 0; i < metric_names.size() && i < values.size(); ++i) {
    if (metric_names[i] != "di_ratio") continue;
    const double di = values[i];
    const std::string text = std::isnan(di) ? "80 % rule by " + leaf(g) +
                                                  ": undefined (fewer than two groups with a "
                                                  "selection rate)"
                             : di >= 0.8 * (1 - 1e-12)
                                 ? "80 % rule by " + leaf(g) + ": passes (disparate impact " +
                                       number_text(di) + " >= 0.8)"
                                 : "80 % rule by " + leaf(g) + ": FAILS (disparate impact " +
                                       number_text(di) + " < 0.8)";
    return html::paragraph(text,
                           std::string("four-fifths ") + (std::isnan(di)            ? "undefined"
                                                          : di >= 0.8 * (1 - 1e-12) ? "passes"
                                                                                    : "fails"));
  }
  return "";
}

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
    out += four_fifths(data, g, metric_names);
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
  std::string out = names.empty() ? "" : metric_legend();
  for (const auto& g : data.subgroups("/fairness"))
    if (data.has(g + "/groups")) out += attribute_block(data, g, names);
  return out;
}

}  // namespace adm::report
