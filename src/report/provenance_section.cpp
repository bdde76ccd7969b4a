#include "report/html.hpp"
#include "report/sections.hpp"

namespace adm::report {

std::string provenance_section(const ResultDocument& doc, const std::string& id) {
  // The usual attributes first, in this order; any other attribute after them.
  static const char* const order[] = {
      "program", "version",    "git_revision", "pipeline", "config_file",  "command_line", "ranks",
      "hosts",   "start_time", "end_time",     "seed",     "slurm_job_id", "resumed_tasks"};
  html::Table t;
  t.header = {"attribute", "value"};
  t.rows.push_back({"result file", doc.file});
  for (const char* name : order)
    if (const auto* v = doc.attribute(name)) t.rows.push_back({name, *v});
  for (const auto& [name, value] : doc.attributes) {
    bool listed = name == "config";
    for (const char* o : order) listed = listed || name == o;
    if (!listed) t.rows.push_back({name, value});
  }
  std::string body = html::table(t);
  if (const auto* config = doc.attribute("config"))
    body += html::details("resolved config (defaults included)", html::preformatted(*config));
  return html::section(id + "-provenance", "Provenance", body, 3);
}

}  // namespace adm::report
