#include "pipelines/report_page.hpp"

#include "io/load_result.hpp"
#include "io/staged_file.hpp"
#include "report/pattern_text.hpp"

namespace adm::pipelines {

void write_report(const std::vector<std::string>& results, const std::string& html,
                  const report::ReportOptions& options) {
  std::vector<ResultDocument> docs;
  for (const auto& path : results) {
    docs.push_back(io::load_result(path));
    report::add_pattern_texts(docs.back().results);  // stored as keys, shown as text
  }
  io::StagedFile page(html, report::render_report(docs, options));
  page.publish();
}

}  // namespace adm::pipelines
