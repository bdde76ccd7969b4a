#include "pipelines/registry.hpp"

#include <set>

#include "core/error.hpp"
#include "pipelines/builtin_pipelines.hpp"
#include "report/sections.hpp"

namespace adm::pipelines {
namespace {

std::vector<Pipeline>& registry() {
  // Built on first use (not by static initialisers in each pipeline's file: a static library
  // drops object files nothing refers to, and with them their registrations).
  static std::vector<Pipeline> pipelines = builtin_pipelines();
  return pipelines;
}

}  // namespace

const std::vector<Pipeline>& registered_pipelines() { return registry(); }

const Pipeline& find_pipeline(const std::string& name) {
  for (const auto& p : registry())
    if (p.name == name) return p;
  throw InternalError("no pipeline named '" + name + "' is registered");
}

void register_pipeline(Pipeline pipeline) {
  for (const auto& p : registry()) {
    if (p.name == pipeline.name)
      throw InternalError("pipeline '" + pipeline.name + "' is registered twice");
    for (const auto& mine : pipeline.sections)
      for (const auto& theirs : p.sections)
        if (std::string(mine.key) == theirs.key)
          throw InternalError("config section [" + std::string(mine.key) + "] of pipeline '" +
                              pipeline.name + "' belongs to pipeline '" + p.name + "'");
  }
  if (!pipeline.run) throw InternalError("pipeline '" + pipeline.name + "' has no runner");
  registry().push_back(std::move(pipeline));
}

void unregister_pipeline(const std::string& name) {
  auto& all = registry();
  std::erase_if(all, [&](const Pipeline& p) { return p.name == name; });
}

std::vector<report::StageSection> report_sections() {
  // /data is the runner's own (every pipeline's result describes its data), so it comes first.
  std::vector<report::StageSection> out = {{"/data", "Data", report::data_figures}};
  std::set<std::string> seen = {"/data"};
  for (const auto& p : registry())
    for (const auto& s : p.report_sections)
      if (seen.insert(s.group).second) out.push_back(s);
  return out;
}

}  // namespace adm::pipelines
