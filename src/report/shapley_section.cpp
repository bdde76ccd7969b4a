#include "report/group_tables.hpp"
#include "report/html.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {
namespace {

// The fairness-utility sweep: F_i = phi_acc_i - alpha phi_D_i of every feature over the
// trade-off alpha (rows of /shapley/utility/score); a feature is selected while F_i > 0.
std::string utility_sweep(const ResultData& data, const std::vector<std::string>& features) {
  const std::string g = "/shapley/utility";
  const auto alpha = data.doubles(g + "/alpha"), score = data.doubles(g + "/score");
  const std::size_t n = features.size();
  if (alpha.empty() || data.columns(g + "/score") != n || score.size() != alpha.size() * n)
    return "";
  svg::XyPlot p;
  p.title = "Fairness utility F = phi_acc - alpha phi_D per feature over alpha";
  p.x_label = "alpha (trade-off) [bits^-2]";
  p.y_label = "F [bits]";
  p.x_from_zero = false;
  for (std::size_t j = 0; j < n; ++j) {
    svg::XySeries s{features[j], svg::palette(j), alpha, {}, {}, 2.5, true};
    for (std::size_t r = 0; r < alpha.size(); ++r) {
      s.y.push_back(score[r * n + j]);
      s.labels.push_back(features[j] + " at alpha " + number_text(alpha[r]));
    }
    p.series.push_back(std::move(s));
  }
  // F = 0 separates selected from dropped features.
  p.series.push_back({"", "#999999", {alpha.front(), alpha.back()}, {0, 0}, {}, 0, true});
  return html::figure(svg::xy_plot(p), p.title + " (a feature is selected while F > 0)");
}

}  // namespace

std::string shapley_figures(const ResultData& data) {
  const std::string g = "/shapley";
  const auto features = data.strings(g + "/features");
  if (features.empty()) return "";
  std::string out;
  const auto method = data.strings(g + "/method");
  if (!method.empty()) out += html::paragraph("Method: " + method.front());
  std::vector<std::string> columns{g + "/features"};
  for (const char* c : {"phi_acc", "se_acc", "phi_d", "se_d", "phi_d_lower", "phi_d_upper"})
    if (data.has(g + "/" + c)) columns.push_back(g + "/" + c);
  out += column_table(data, columns, "Shapley values per feature");
  // Accuracy (bits) and discrimination (bits^3) have different units: one chart each.
  const std::pair<const char*, const char*> charts[] = {
      {"phi_acc", "phi_acc: Shapley value of accuracy [bits]"},
      {"phi_d", "phi_D: Shapley value of discrimination [bits^3]"}};
  for (const auto& [name, label] : charts) {
    const auto values = data.doubles(g + "/" + name);
    if (values.size() != features.size()) continue;
    svg::BarChart c;
    c.title = label;
    c.value_label = label;
    c.categories = features;
    c.series = {{name, std::string(name) == "phi_acc" ? "#1f77b4" : "#d62728", values}};
    c.digits = 4;
    out += html::figure(svg::bar_chart(c), label);
  }
  // Each feature's accuracy coefficient against its discrimination coefficient: the features
  // worth keeping lie to the upper left (much accuracy, little discrimination).
  const auto acc = data.doubles(g + "/phi_acc"), disc = data.doubles(g + "/phi_d");
  if (acc.size() == features.size() && disc.size() == features.size()) {
    svg::XyPlot p;
    p.title = "Accuracy vs discrimination coefficient per feature";
    p.x_label = "phi_D: discrimination coefficient [bits^3]";
    p.y_label = "phi_acc: accuracy coefficient [bits]";
    p.x_from_zero = false;
    p.series = {{"", "#9467bd", disc, acc, features, 4, false, true}};
    out += html::figure(svg::xy_plot(p), p.title);
  }
  out += utility_sweep(data, features);
  return out;
}

}  // namespace adm::report
