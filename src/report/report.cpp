#include "report/report.hpp"

#include "report/html.hpp"
#include "report/sections.hpp"

namespace adm::report {

std::string render_report(const std::vector<ResultDocument>& results,
                          const ReportOptions& options) {
  std::string body = "<h1>" + html::escape(options.title) + "</h1>\n";
  std::string run;
  if (!options.run_name.empty()) run += "Run: " + options.run_name;
  if (!options.written.empty())
    run += std::string(run.empty() ? "" : " · ") + "written " + options.written;
  if (!options.version.empty())
    run += std::string(run.empty() ? "" : " · ") + "admissible " + options.version;
  run += std::string(run.empty() ? "" : " · ") + std::to_string(results.size()) + " result" +
         (results.size() == 1 ? "" : "s");
  body += html::paragraph(run, "run");
  if (options.verdicts)
    body += verdict_section(*options.verdicts, options.papers, options.base_dir);
  std::string contents;
  std::string sections;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& doc = results[i];
    const std::string id = "result-" + std::to_string(i + 1);
    const auto* pipeline = doc.attribute("pipeline");
    const std::string heading =
        path_relative_to(doc.file, options.base_dir) + (pipeline ? " (" + *pipeline + ")" : "");
    contents +=
        "<li><a href=\"#" + html::anchor(id) + "\">" + html::escape(heading) + "</a></li>\n";
    const ResultData data(doc, id);
    sections += html::section(id, "Result " + std::to_string(i + 1) + ": " + heading,
                              provenance_section(doc, id) + stage_sections(data, options.stages));
  }
  body += "<nav>\n<h2>Results</h2>\n<ul>\n" + contents + "</ul>\n</nav>\n" + sections;
  return html::page(options.title, body);
}

}  // namespace adm::report
