#include "report/group_tables.hpp"
#include "report/html.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {

std::string fairforest_figures(const ResultData& data) {
  std::string out;
  const auto models = data.strings("/fairforest/model_names");
  if (!models.empty()) {
    // Each estimate is (value, lower, upper) of the interval.
    static const char* const metrics[] = {"accuracy", "discrimination",   "delta",
                                          "maxd",     "inconsistency",    "rmse",
                                          "mse",      "majority_accuracy"};
    html::Table t;
    t.caption = "Fair Forests metrics: value [interval]";
    t.header.push_back("model");
    std::vector<const char*> present;
    for (const char* m : metrics)
      if (data.has("/fairforest/models/" + models.front() + "/" + m)) {
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
  }
  const auto features = data.strings("/fairforest/features");
  const auto standard = data.doubles("/fairforest/importance/standard"),
             fair = data.doubles("/fairforest/importance/fair");
  if (!features.empty() && standard.size() == features.size() && fair.size() == features.size()) {
    svg::BarChart c;
    c.title = "Feature importance (MDI share)";
    c.value_label = "relative MDI importance (share of the model's total)";
    c.categories = features;
    c.series = {{"Standard (RF)", "#1f77b4", standard}, {"Fair", "#d62728", fair}};
    out += html::figure(svg::bar_chart(c), "Fair Forests feature importance, standard vs fair");
  }
  std::vector<std::string> sweep;
  for (const auto& p : data.datasets_in("/fairforest/sweep"))
    if (data.document().results.find(p)->dims.empty()) sweep.push_back(p);
  if (!sweep.empty()) out += column_table(data, sweep, "Protected-attribute sweep");
  return out;
}

}  // namespace adm::report
