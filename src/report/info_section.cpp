#include "report/group_tables.hpp"
#include "report/html.hpp"
#include "report/sections.hpp"
#include "report/svg_plots.hpp"

namespace adm::report {

// Per feature: the information about the outcome, about it beyond S, and about S, in bits (the
// entropy is an upper bound of all three and stays in the table).
std::string info_figures(const ResultData& data) {
  const std::string g = "/info";
  const auto features = data.strings(g + "/features");
  if (features.empty()) return "";
  svg::BarChart c;
  c.title = "Information per feature";
  c.value_label = "bits";
  c.categories = features;
  c.digits = 3;
  const std::pair<const char*, const char*> measures[] = {
      {"mi_target", "I(Y;X)"},
      {"cmi_target_given_sensitive", "I(Y;X|S)"},
      {"mi_sensitive", "I(X;S)"}};
  for (const auto& [name, label] : measures) {
    const auto v = data.doubles(g + "/" + name);
    if (v.size() == features.size()) c.series.push_back({label, svg::palette(c.series.size()), v});
  }
  if (c.series.empty()) return "";
  std::vector<std::string> columns;
  for (const auto& p : data.datasets_in(g))
    if (data.texts(p).size() == features.size()) columns.push_back(p);
  return html::figure(svg::bar_chart(c),
                      "Information each feature carries about the outcome Y, "
                      "about Y beyond the sensitive attributes S, and about S") +
         column_table(data, columns, "Information measures per feature");
}

}  // namespace adm::report
