#include "report/group_tables.hpp"
#include "report/html.hpp"
#include "report/result_figures.hpp"
#include "report/sections.hpp"

namespace adm::report {

std::string infogram_figures(const ResultData& data) {
  const std::string g = "/infogram";
  const auto names = data.strings(g + "/features");
  const auto rel = data.doubles(g + "/relevance"), net = data.doubles(g + "/net");
  if (names.empty() || rel.size() != names.size() || net.size() != names.size()) return "";
  const auto* net_entry = data.document().results.find(g + "/net");
  const bool fair = net_entry && net_entry->description.find("safety") != std::string::npos;
  std::string out =
      html::figure(infogram_figure(data), std::string(fair ? "Fair" : "Core") +
                                              " InfoGram: admissible features in blue, "
                                              "risky ones in red, the others in grey");
  const auto set = data.strings(g + "/admissible_set");
  std::string joined;
  for (const auto& s : set) joined += (joined.empty() ? "" : ", ") + s;
  out += html::paragraph("Admissible set (" + std::to_string(set.size()) +
                         "): " + (joined.empty() ? "(none)" : joined));
  data.shown(g + "/admissible_set");
  std::vector<std::string> columns;
  for (const char* c : {"features", "relevance", "net", "relevance_raw", "net_in_sample",
                        "net_cross_fitted", "p_value", "admissible_index", "admissible", "risky"})
    if (data.has(g + "/" + c)) columns.push_back(g + "/" + c);
  out += column_table(data, columns, "InfoGram table (features by admissible index)");
  return out;
}

}  // namespace adm::report
