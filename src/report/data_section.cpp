#include "report/html.hpp"
#include "report/sections.hpp"

namespace adm::report {
namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out.empty() ? "(none)" : out;
}

}  // namespace

// The data in brief: rows, roles, and each sensitive attribute's groups with size and base rate.
std::string data_figures(const ResultData& data) {
  html::Table t;
  const auto rows = data.texts("/data/rows");
  if (!rows.empty()) t.rows.push_back({"rows", rows.front()});
  if (data.has("/data/features"))
    t.rows.push_back({"features", joined(data.strings("/data/features"))});
  if (data.has("/data/sensitive"))
    t.rows.push_back({"sensitive attributes", joined(data.strings("/data/sensitive"))});
  std::string out = t.rows.empty() ? "" : html::table(t);
  html::Table g;
  g.caption = "Groups of each sensitive attribute";
  g.header = {"attribute", "group", "rows", "base rate"};
  for (const auto& a : data.subgroups("/data/groups")) {
    const auto levels = data.strings(a + "/levels");
    const auto count = data.texts(a + "/count"), rate = data.texts(a + "/base_rate");
    for (std::size_t i = 0; i < levels.size(); ++i)
      g.rows.push_back(
          {leaf(a), levels[i], i < count.size() ? count[i] : "", i < rate.size() ? rate[i] : ""});
  }
  if (!g.rows.empty()) out += html::table(g);
  return out;
}

}  // namespace adm::report
