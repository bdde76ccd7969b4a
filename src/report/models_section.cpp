#include <algorithm>
#include <cmath>

#include "report/html.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"
#include "report/tree_figure.hpp"

namespace adm::report {
namespace {

std::string first_text(const ResultData& data, const std::string& path) {
  const auto t = data.texts(path);
  return t.empty() ? "" : t.front();
}

double first(const ResultData& data, const std::string& path) {
  const auto v = data.doubles(path);
  return v.empty() ? NAN : v.front();
}

// Mean +- one sample standard deviation of the finite values, as (value, lower, upper).
void add_mean_sd(const std::vector<double>& values, svg::IntervalSeries& s) {
  double n = 0, sum = 0, squares = 0;
  for (double v : values)
    if (std::isfinite(v)) n += 1, sum += v;
  const double mean = n > 0 ? sum / n : NAN;
  for (double v : values)
    if (std::isfinite(v)) squares += (v - mean) * (v - mean);
  const double sd = n > 1 ? std::sqrt(squares / (n - 1)) : NAN;
  s.value.push_back(mean);
  s.lower.push_back(mean - sd);
  s.upper.push_back(mean + sd);
}

// A model's own figures: its tree, its feature importance, the lasso's CV curve.
std::string model_figures(const ResultData& data, const std::string& name) {
  const std::string b = "/models/" + name;
  std::string out = tree_figure(data, b + "/tree", "Tree of " + name + " (fitted on all rows)",
                                data.strings("/models/target_levels"));
  const auto features = data.strings(b + "/features");
  const auto importance = data.doubles(b + "/importance");
  if (!features.empty() && importance.size() == features.size()) {
    svg::BarChart c;
    c.title = "Feature importance of " + name;
    c.value_label = "importance (learner units, model fitted on all rows)";
    c.categories = features;
    c.series = {{"importance", "#2ca02c", importance}};
    c.digits = 3;
    out += html::figure(svg::bar_chart(c), c.title);
  }
  const auto lambda = data.doubles(b + "/lambda"), cv = data.doubles(b + "/cv_mean"),
             se = data.doubles(b + "/cv_se");
  if (!lambda.empty() && cv.size() == lambda.size()) {
    svg::XyPlot p;
    p.title = "Lasso cross-validation of " + name;
    p.x_label = "log10(lambda)";
    p.y_label = "cross-validated error";
    p.x_from_zero = false;
    svg::XySeries mean{"CV error", "#d62728", {}, cv, {}, 2.5, true};
    svg::XySeries low{"CV error +- 1 se", "#bbbbbb", {}, {}, {}, 0, true},
        high{"", "#bbbbbb", {}, {}, {}, 0, true};
    for (std::size_t i = 0; i < lambda.size(); ++i) {
      const double x = lambda[i] > 0 ? std::log10(lambda[i]) : NAN;
      mean.x.push_back(x);
      mean.labels.push_back("lambda " + number_text(lambda[i]));
      if (se.size() == lambda.size()) {
        low.x.push_back(x), low.y.push_back(cv[i] - se[i]);
        high.x.push_back(x), high.y.push_back(cv[i] + se[i]);
      }
    }
    p.series = {low, high, mean};
    if (se.size() != lambda.size()) p.series = {mean};
    out += html::figure(svg::xy_plot(p), p.title);
  }
  return out;
}

}  // namespace

std::string models_figures(const ResultData& data) {
  const auto names = data.strings("/models/names");
  if (names.empty()) return "";
  html::Table t;
  t.caption = "Models: test scores over random splits, and ALFA on each model's predictions";
  t.header = {"model",         "kind",       "features",          "accuracy (mean)",
              "accuracy (sd)", "AUC (mean)", "ALFA alpha [bits]", "ALFA p-value"};
  svg::IntervalChart c;
  c.title = "Test accuracy and AUC per model (mean +- 1 sd over splits)";
  c.value_label = "score on the test rows";
  c.series = {{"accuracy", "#1f77b4", {}, {}, {}}, {"AUC", "#ff7f0e", {}, {}, {}}};
  svg::BarChart alfa;
  alfa.title = "ALFA alpha of each model's decisions";
  alfa.value_label = "alpha = MI(decision, S | admissible features) [bits]";
  alfa.series = {{"alpha", "#d62728", {}}};
  alfa.digits = 4;
  bool any_alpha = false;
  for (const auto& n : names) {
    const std::string b = "/models/" + n;
    const auto features = data.strings(b + "/features");
    t.rows.push_back({n, first_text(data, b + "/kind"), std::to_string(features.size()),
                      first_text(data, b + "/accuracy_mean"), first_text(data, b + "/accuracy_sd"),
                      first_text(data, b + "/auc_mean"), first_text(data, b + "/alfa/alpha"),
                      first_text(data, b + "/alfa/p_value")});
    c.categories.push_back(n);
    add_mean_sd(data.doubles(b + "/accuracy"), c.series[0]);
    add_mean_sd(data.doubles(b + "/auc"), c.series[1]);
    const double alpha = first(data, b + "/alfa/alpha");
    any_alpha = any_alpha || std::isfinite(alpha);
    alfa.categories.push_back(n + (data.has(b + "/alfa/p_value")
                                       ? " (p " + first_text(data, b + "/alfa/p_value") + ")"
                                       : ""));
    alfa.series[0].values.push_back(alpha);
  }
  // No AUC for a multi-class outcome (NaN): its series would be an empty legend entry.
  const auto& auc = c.series[1].value;
  if (std::none_of(auc.begin(), auc.end(), [](double v) { return std::isfinite(v); }))
    c.series.pop_back();
  std::string out = html::table(t) + html::figure(svg::interval_chart(c), c.title);
  if (any_alpha) out += html::figure(svg::bar_chart(alfa), alfa.title + " (bootstrap p-value)");
  const auto admissible = data.strings("/models/admissible");
  std::string joined;
  for (const auto& s : admissible) joined += (joined.empty() ? "" : ", ") + s;
  if (!admissible.empty())
    out += html::paragraph("Admissible set X_A used by the FINE models: " + joined);
  // Each model's figures, then its own text (formula, coefficients or tree) as the pipeline
  // printed it.
  for (const auto& n : names) {
    std::string body = model_figures(data, n);
    const auto model = data.strings("/models/" + n + "/model");
    if (!model.empty())
      body += html::details("model " + n + " as text", html::preformatted(model.front()));
    if (!body.empty())
      out += html::section(data.id() + "/models/" + n + "-model", "Model " + n, body, 4);
  }
  return out;
}

}  // namespace adm::report
