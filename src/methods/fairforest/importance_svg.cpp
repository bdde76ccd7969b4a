#include "methods/fairforest/importance_svg.hpp"

#include "core/error.hpp"
#include "report/svg_plots.hpp"

namespace adm::methods::fairforest {

std::string importance_svg(const std::vector<std::string>& features,
                           const std::vector<double>& standard, const std::vector<double>& fair,
                           const std::string& title, const std::string& fair_label) {
  if (features.empty() || standard.size() != features.size() || fair.size() != features.size())
    throw InputError("importance_svg: one standard and one fair value per feature are needed");
  report::svg::BarChart chart;
  chart.title = title;
  chart.value_label = "relative MDI importance (share of the model's total)";
  chart.categories = features;
  chart.series = {{"Standard (RF)", "#1f77b4", standard},
                  {"Fair (" + fair_label + ")", "#d62728", fair}};
  return report::svg::bar_chart(chart);
}

}  // namespace adm::methods::fairforest
