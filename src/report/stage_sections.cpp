#include "report/group_tables.hpp"
#include "report/html.hpp"
#include "report/sections.hpp"

namespace adm::report {

std::string stage_sections(const ResultData& data, const std::vector<StageSection>& stages) {
  const std::string& id = data.id();
  std::string out;
  for (const auto& stage : stages) {  // in the order the pipelines run
    bool present = false;
    for (const auto& g : data.top_groups()) present = present || g == stage.group;
    if (!present) continue;
    std::string body = stage.figures ? stage.figures(data) : "";
    // The stage's remaining datasets as tables (what the figures did not already show).
    const auto rest = data.remaining(stage.group);
    if (!rest.empty()) {
      const std::string tables = group_tables(data, stage.group);
      body += stage.figures ? html::details("all datasets of " + std::string(stage.group), tables)
                            : tables;
    }
    out += html::section(id + stage.group, stage.title, body, 3);
  }
  // /timing: scheduling and wall times, folded away.
  const auto timing = data.remaining("/timing");
  if (!timing.empty())
    out += html::section(id + "/timing", "Timing",
                         html::details("wall times and task-farm statistics (vary between runs)",
                                       listing(data, timing)),
                         3);
  // Anything else: listed, so nothing in a result is hidden.
  const auto unknown = data.remaining("/");
  if (!unknown.empty())
    out += html::section(id + "/other", "Other datasets", listing(data, unknown), 3);
  return out;
}

}  // namespace adm::report
