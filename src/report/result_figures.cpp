#include "report/result_figures.hpp"

#include <type_traits>
#include <variant>

#include "report/svg_plots.hpp"

namespace adm::report {

std::string infogram_figure(const ResultData& data, const std::string& title) {
  const std::string g = "/infogram";
  const auto names = data.strings(g + "/features");
  const auto rel = data.doubles(g + "/relevance"), net = data.doubles(g + "/net");
  if (names.empty() || rel.size() != names.size() || net.size() != names.size()) return "";
  const auto admissible = data.integers(g + "/admissible"), risky = data.integers(g + "/risky");
  const auto thresholds = data.doubles(g + "/thresholds");
  const auto* net_entry = data.document().results.find(g + "/net");
  using Kind = svg::InfogramPoint::Kind;
  svg::InfogramPlot plot;
  plot.title = title;
  // The pipeline names the y axis in the description of /infogram/net.
  plot.fair = net_entry && net_entry->description.find("safety") != std::string::npos;
  if (thresholds.size() == 2)
    plot.relevance_threshold = thresholds[0], plot.net_threshold = thresholds[1];
  for (std::size_t i = 0; i < names.size(); ++i)
    plot.points.push_back({names[i], rel[i], net[i],
                           i < admissible.size() && admissible[i]
                               ? Kind::Admissible
                               : (i < risky.size() && risky[i] ? Kind::Risky : Kind::Other)});
  return svg::infogram(plot);
}

std::string importance_figure(const ResultData& data, const std::string& title) {
  const auto features = data.strings("/fairforest/features");
  const auto standard = data.doubles("/fairforest/importance/standard"),
             fair = data.doubles("/fairforest/importance/fair");
  if (features.empty() || standard.size() != features.size() || fair.size() != features.size())
    return "";
  // "RF_F's MDI share per feature ...": the fair model's name leads the description.
  std::string fair_name = "Fair";
  if (const auto* e = data.document().results.find("/fairforest/importance/fair")) {
    const auto at = e->description.find("'s ");
    if (at != std::string::npos && at > 0)
      fair_name = "Fair (" + e->description.substr(0, at) + ")";
  }
  svg::BarChart chart;
  chart.title = title;
  chart.value_label = "relative MDI importance (share of the model's total)";
  chart.categories = features;
  chart.series = {{"Standard (RF)", "#1f77b4", standard}, {fair_name, "#d62728", fair}};
  return svg::bar_chart(chart);
}

std::string pareto_figure(const ResultData& data, const std::string& metric) {
  const std::string g = "/rulelist/pareto/" + metric;
  const auto eps = data.doubles(g + "/epsilon"), err = data.doubles(g + "/test_error"),
             unf = data.doubles(g + "/test_unfairness");
  const auto front = data.integers(g + "/front");
  if (eps.empty() || err.size() != eps.size() || unf.size() != eps.size()) return "";
  svg::XyPlot plot;
  plot.title = "FairCORELS Pareto front (" + metric + ")";
  plot.x_label = "unfairness (" + metric + ", test)";
  plot.y_label = "error (test)";
  // Epsilon values no fold could meet have NaN means: xy_plot leaves them out.
  svg::XySeries all{"all epsilon", "#bbbbbb", unf, err, {}, 3, false};
  svg::XySeries nd{"non-dominated", "#1f5fbf", {}, {}, {}, 4, true};
  for (double e : eps) all.labels.push_back("epsilon " + number_text(e));
  for (auto i : front)
    if (i >= 0 && static_cast<std::size_t>(i) < eps.size()) {
      const auto k = static_cast<std::size_t>(i);
      nd.x.push_back(unf[k]), nd.y.push_back(err[k]);
      nd.labels.push_back("epsilon " + number_text(eps[k]));
    }
  plot.series = {all, nd};
  return svg::xy_plot(plot);
}

ResultDocument document_of(const ResultSet& results, const std::string& prefix) {
  ResultDocument doc;
  for (const auto& e : results.entries()) {
    if (e.path.compare(0, prefix.size(), prefix) != 0) continue;
    if (e.path.size() > prefix.size() && e.path[prefix.size()] != '/') continue;
    std::visit(
        [&](const auto& values) {
          using V = std::decay_t<decltype(values)>;
          if constexpr (std::is_same_v<V, std::vector<std::string>>)
            doc.results.add(e.path, values, e.description);
          else
            doc.results.add(e.path, values, e.description, e.units, e.dims);
        },
        e.values);
  }
  return doc;
}

}  // namespace adm::report
