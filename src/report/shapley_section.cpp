#include "report/group_tables.hpp"
#include "report/html.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {

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
  return out;
}

}  // namespace adm::report
