#include <algorithm>
#include <cmath>
#include <string_view>

#include "report/group_tables.hpp"
#include "report/html.hpp"
#include "report/result_figures.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"
#include "report/tree_figure.hpp"

namespace adm::report {
namespace {

// One metric of every model as value with its interval (datasets of three: value, lower, upper).
std::string metric_chart(const ResultData& data, const std::vector<std::string>& models,
                         const std::string& metric) {
  svg::IntervalChart c;
  c.title = "Fair Forests: " + metric + " per model";
  c.value_label = metric + " (value and interval)";
  c.categories = models;
  c.series = {{metric, "#1f5fbf", {}, {}, {}}};
  for (const auto& name : models) {
    const auto v = data.doubles("/fairforest/models/" + name + "/" + metric);
    c.series[0].value.push_back(v.empty() ? NAN : v[0]);
    c.series[0].lower.push_back(v.size() == 3 ? v[1] : NAN);
    c.series[0].upper.push_back(v.size() == 3 ? v[2] : NAN);
  }
  return html::figure(svg::interval_chart(c), c.title);
}

// Two per-feature datasets (path, legend name) as a bar chart of standard (blue) against fair
// (red), when both match the feature names in `names`.
std::string paired_bars(const ResultData& data, const std::string& names,
                        const std::pair<std::string, std::string>& standard,
                        const std::pair<std::string, std::string>& fair, const std::string& title,
                        const std::string& value_label, const std::string& caption, int digits) {
  const auto features = data.strings(names);
  const auto a = data.doubles(standard.first), b = data.doubles(fair.first);
  if (features.empty() || a.size() != features.size() || b.size() != features.size()) return "";
  svg::BarChart c;
  c.title = title;
  c.value_label = value_label;
  c.categories = features;
  c.series = {{standard.second, "#1f77b4", a}, {fair.second, "#d62728", b}};
  c.digits = digits;
  return html::figure(svg::bar_chart(c), caption);
}

}  // namespace

std::string fairforest_figures(const ResultData& data) {
  std::string out;
  const auto models = data.strings("/fairforest/model_names");
  if (!models.empty()) {
    // Each estimate is (value, lower, upper) of the interval.
    static const char* const metrics[] = {"accuracy",         "discrimination", "delta", "maxd",
                                          "maxd_min_group",   "inconsistency",  "rmse",  "mse",
                                          "majority_accuracy"};
    html::Table t;
    t.caption = "Fair Forests metrics: value [interval]";
    t.header.push_back("model");
    std::vector<const char*> present;
    // A column whose value is NaN for every model (rmse and mse of a classification, accuracy of
    // a regression) is left out of the table rather than shown as "n/a [n/a, n/a]".
    const auto measured = [&](const char* m) {
      for (const auto& name : models) {
        const auto v = data.doubles("/fairforest/models/" + name + "/" + m);
        if (!v.empty() && !std::isnan(v[0])) return true;
      }
      return false;
    };
    for (const char* m : metrics) {
      if (!data.has("/fairforest/models/" + models.front() + "/" + m)) continue;
      if (!measured(m)) continue;  // still listed under "all datasets"
      present.push_back(m);
      t.header.push_back(m);
    }
    for (const auto& name : models) {
      std::vector<std::string> row{name};
      for (const char* m : present) {
        const std::string p = "/fairforest/models/" + name + "/" + m;
        const auto v = data.texts(p);
        row.push_back(v.size() == 3 ? v[0] + " [" + v[1] + ", " + v[2] + "]"
                                    : (v.empty() ? "" : v[0]));
        data.shown(p);
      }
      t.rows.push_back(std::move(row));
    }
    out += html::table(t);
    // Two MaxD columns with different interval methods: say which is which (issue 28 item 5).
    if (std::find(present.begin(), present.end(), std::string_view("maxd_min_group")) !=
        present.end())
      out += html::paragraph(
          "maxd is the paper's MaxD (eq. 8) over every threshold, with a percentile bootstrap "
          "interval; a side of a few rows can decide that maximum, and its replicates lean "
          "upward, so the interval may lie above the value. maxd_min_group is MaxD over the "
          "thresholds that leave at least fairforest.maxd_min_group rows on each side, "
          "bias-corrected (2 v - the replicates' mean; v, the plain maximum, is "
          "maxd_min_group_plugin), with a basic (reverse-percentile) bootstrap interval "
          "[2 v - q_hi, 2 v - q_lo], which corrects a maximum's upward lean instead of adding it.",
          "note");
    // What a predicted class code means (the held-out predictions are stored as codes).
    const auto levels = data.strings("/fairforest/target_levels");
    if (levels.size() == 2) {
      out += html::paragraph(
          "Predictions (/fairforest/models/*/prediction) are class codes: 0 = " + levels[0] +
              ", 1 = " + levels[1] + " (the positive level, the one discrimination rates count).",
          "note");
      data.shown("/fairforest/target_levels");
    }
    // The metrics the paper reports, one interval chart each (their scales differ).
    // (RMSE only for a regression, which has no accuracy.)
    const auto has = [&](const char* m) {
      return std::find(present.begin(), present.end(), std::string_view(m)) != present.end();
    };
    for (const char* m :
         {"accuracy", "rmse", "discrimination", "maxd", "maxd_min_group", "inconsistency"})
      if (has(m) && !(std::string_view(m) == "rmse" && has("accuracy")))
        out += metric_chart(data, models, m);
  }
  // The stored fair tree (issue 28 item 6), leaves named by the target's levels.
  const auto tree_model = data.strings("/fairforest/tree_model");
  if (tree_model.size() == 2) {
    out += tree_figure(data, "/fairforest/tree",
                       "Fair tree of " + tree_model[0] + " (" + tree_model[1] + ")",
                       data.strings("/fairforest/target_levels"));
    data.shown("/fairforest/tree_model");
  }
  const auto importance = importance_figure(data, "Feature importance (MDI share)");
  if (!importance.empty())
    out += html::figure(importance, "Fair Forests feature importance, standard vs fair");
  std::vector<std::string> sweep;
  for (const auto& p : data.datasets_in("/fairforest/sweep"))
    if (data.document().results.find(p)->dims.empty()) sweep.push_back(p);
  if (!sweep.empty()) out += column_table(data, sweep, "Protected-attribute sweep");
  const std::string title = "Discrimination with respect to each feature, plain vs fair forest";
  out +=
      paired_bars(data, "/fairforest/sweep/feature", {"/fairforest/sweep/raw_discrimination", "RF"},
                  {"/fairforest/sweep/protected_discrimination", "fair forest protecting it"},
                  title, "Discrimination (eq. 7; MaxD eq. 8 for a numeric feature)",
                  title + " (n/a: the feature cannot be protected)", 3);
  return out;
}

}  // namespace adm::report
