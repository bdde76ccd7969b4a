#include "report/html.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {
namespace {

std::string first_text(const ResultData& data, const std::string& path) {
  const auto t = data.texts(path);
  return t.empty() ? "" : t.front();
}

}  // namespace

std::string models_figures(const ResultData& data) {
  const auto names = data.strings("/models/names");
  if (names.empty()) return "";
  html::Table t;
  t.caption = "Models: test scores over random splits, and ALFA on each model's predictions";
  t.header = {"model",         "kind",       "features",          "accuracy (mean)",
              "accuracy (sd)", "AUC (mean)", "ALFA alpha [bits]", "ALFA p-value"};
  svg::BarChart c;
  c.title = "Mean test accuracy and AUC per model";
  c.value_label = "score";
  c.digits = 3;
  c.series = {{"accuracy", "#1f77b4", {}}, {"AUC", "#ff7f0e", {}}};
  for (const auto& n : names) {
    const std::string b = "/models/" + n;
    const auto features = data.strings(b + "/features");
    t.rows.push_back({n, first_text(data, b + "/kind"), std::to_string(features.size()),
                      first_text(data, b + "/accuracy_mean"), first_text(data, b + "/accuracy_sd"),
                      first_text(data, b + "/auc_mean"), first_text(data, b + "/alfa/alpha"),
                      first_text(data, b + "/alfa/p_value")});
    c.categories.push_back(n);
    const auto acc = data.doubles(b + "/accuracy_mean"), auc = data.doubles(b + "/auc_mean");
    c.series[0].values.push_back(acc.empty() ? 0.0 : acc.front());
    c.series[1].values.push_back(auc.empty() ? 0.0 : auc.front());
  }
  std::string out = html::table(t) + html::figure(svg::bar_chart(c), c.title);
  const auto admissible = data.strings("/models/admissible");
  std::string joined;
  for (const auto& s : admissible) joined += (joined.empty() ? "" : ", ") + s;
  if (!admissible.empty())
    out += html::paragraph("Admissible set X_A used by the FINE models: " + joined);
  // Each model's own text (formula, coefficients or tree) as the pipeline printed it.
  for (const auto& n : names) {
    const auto model = data.strings("/models/" + n + "/model");
    if (!model.empty()) out += html::details("model " + n, html::preformatted(model.front()));
  }
  return out;
}

}  // namespace adm::report
